import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./collection-map.css";
import { addBaseMap } from "./base-map";
import { useEffect, useRef } from "react";
import { MAP_MAX_ZOOM, type Bbox, type MapPoint, type MapSettings } from "@artifact-atlas/shared";

/*
 * The collection's map (issue 31): Leaflet, loaded only with the map page. The base map is
 * Natural Earth's countries from world-atlas, drawn offline; MAP_TILE_URL switches it to raster
 * tiles. Markers are the server's points (map.points), already clustered: each is focusable, named
 * for a screen reader, and opened with Enter as with a click.
 */

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

interface CollectionMapProps {
  points: MapPoint[];
  tiles: MapSettings["tiles"];
  /** Where the map opens; later views are the map's own. */
  initialView: MapView;
  /** A region to fit on opening instead of initialView. */
  initialBbox?: Bbox | undefined;
  /** After every move: the view and the box in view. */
  onMove: (view: MapView, bbox: Bbox) => void;
  onSelect: (id: number) => void;
  /** What a cluster opened at the deepest zoom holds: the list shows them. */
  onClusterAtDeepest: (bounds: Bbox) => void;
}

/** The box in view as the find takes it: longitudes within ±180, west past east across the antimeridian. */
export function viewBbox(bounds: L.LatLngBounds): Bbox {
  const south = Math.max(-90, bounds.getSouth());
  const north = Math.min(90, bounds.getNorth());
  if (bounds.getEast() - bounds.getWest() >= 360) return [-180, south, 180, north];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  return [wrap(bounds.getWest()), south, wrap(bounds.getEast()), north];
}

function markerIcon(point: MapPoint): L.DivIcon {
  if (point.count === 1) {
    return L.divIcon({
      className: "atlas-marker",
      html: '<span class="block size-4 rounded-full border-2 border-white bg-accent shadow-card"></span>',
      iconSize: [16, 16],
    });
  }
  const size = point.count < 10 ? 32 : point.count < 100 ? 38 : 46;
  return L.divIcon({
    className: "atlas-marker",
    html: `<span class="flex size-full items-center justify-center rounded-full border-2 border-white bg-accent text-xs font-semibold text-on-accent shadow-card tabular-nums">${point.count}</span>`,
    iconSize: [size, size],
  });
}

function pointLabel(point: MapPoint): string {
  return point.count === 1
    ? `${point.name ?? "Artifact"}: open its card`
    : `Cluster of ${point.count} artifacts: zoom in`;
}

export default function CollectionMap({
  points,
  tiles,
  initialView,
  initialBbox,
  onMove,
  onSelect,
  onClusterAtDeepest,
}: CollectionMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  // The latest handlers, for listeners registered once.
  const handlers = useRef({ onMove, onSelect, onClusterAtDeepest });
  useEffect(() => {
    handlers.current = { onMove, onSelect, onClusterAtDeepest };
  });

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, {
      worldCopyJump: true,
      minZoom: 1,
      maxZoom: MAP_MAX_ZOOM,
      zoomSnap: 1,
      attributionControl: true,
    });
    addBaseMap(created, tiles);
    markers.current = L.layerGroup().addTo(created);
    const moved = () => {
      const center = created.getCenter();
      handlers.current.onMove(
        { lat: center.lat, lon: center.lng, zoom: created.getZoom() },
        viewBbox(created.getBounds()),
      );
    };
    created.on("moveend", moved);
    if (initialBbox) {
      const [west, south, east, north] = initialBbox;
      created.fitBounds([
        [south, west],
        [north, east <= west ? east + 360 : east],
      ]);
    } else {
      created.setView([initialView.lat, initialView.lon], initialView.zoom);
    }
    map.current = created;
    moved();
    return () => {
      created.remove();
      map.current = null;
    };
    // The map is made once; its view is its own from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles]);

  useEffect(() => {
    const layer = markers.current;
    const shown = map.current;
    if (!layer || !shown) return;
    layer.clearLayers();
    for (const point of points) {
      const label = pointLabel(point);
      const marker = L.marker([point.lat, point.lon], {
        icon: markerIcon(point),
        keyboard: true,
        title: label,
        riseOnHover: true,
      });
      const activate = () => {
        if (point.id !== null) {
          handlers.current.onSelect(point.id);
          return;
        }
        const [west, south, east, north] = point.bounds;
        const zoom = shown.getZoom();
        if (zoom >= MAP_MAX_ZOOM || (west === east && south === north)) {
          if (zoom < MAP_MAX_ZOOM)
            shown.setView([point.lat, point.lon], Math.min(zoom + 3, MAP_MAX_ZOOM));
          else handlers.current.onClusterAtDeepest(point.bounds);
          return;
        }
        shown.fitBounds(
          [
            [south, west],
            [north, east],
          ],
          { padding: [40, 40], maxZoom: Math.max(zoom + 1, MAP_MAX_ZOOM - 4) },
        );
      };
      marker.on("click", activate);
      // Leaflet opens only a popup with Enter: a marker here is a button, Enter or Space acts.
      marker.on("keydown", (event: L.LeafletKeyboardEvent) => {
        const key = event.originalEvent.key;
        if (key !== "Enter" && key !== " ") return;
        event.originalEvent.preventDefault();
        activate();
      });
      marker.addTo(layer);
      const element = marker.getElement();
      element?.setAttribute("role", "button");
      element?.setAttribute("aria-label", label);
    }
  }, [points]);

  return (
    <div
      ref={container}
      className="atlas-map h-full min-h-80 w-full rounded-2xl border border-line bg-accent-soft/40"
      aria-label="Map of the artifacts"
      role="region"
    />
  );
}
