import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./collection-map.css";
import { useEffect, useRef } from "react";
import { MAP_MAX_ZOOM, type MapSettings, type PlacePrecision } from "@artifact-atlas/shared";
import { addBaseMap } from "./base-map";

/*
 * A small map in the place form (issue 31): a click sets the place's point, and how precise it is
 * follows the zoom it was chosen at (a click on a whole continent is not a findspot to the metre).
 * Loaded with Leaflet only when the form asks for it; the typed coordinates stay the keyboard's way.
 */

/** How precise a click is at a zoom: about the width of a marker on the ground. */
export function precisionAtZoom(zoom: number): PlacePrecision {
  if (zoom >= 15) return "exact";
  if (zoom >= 12) return "about-1km";
  if (zoom >= 8) return "about-10km";
  if (zoom >= 5) return "region";
  return "country";
}

export default function PointPicker({
  label,
  point,
  tiles,
  onPick,
}: {
  /** The place's kind, for the map's name ("Findspot"). */
  label: string;
  point: { lat: number; lon: number } | null;
  tiles: MapSettings["tiles"];
  onPick: (lat: number, lon: number, precision: PlacePrecision) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { minZoom: 1, maxZoom: MAP_MAX_ZOOM, zoomSnap: 1 });
    // A view before any layer: Leaflet cannot place a marker on a map without one.
    created.setView(point ? [point.lat, point.lon] : [30, 15], point ? 5 : 1);
    addBaseMap(created, tiles);
    created.on("click", (event: L.LeafletMouseEvent) => {
      const { lat, lng } = event.latlng.wrap();
      pick.current(
        Number(lat.toFixed(6)),
        Number(lng.toFixed(6)),
        precisionAtZoom(created.getZoom()),
      );
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // Made once (per base map); the point effect below moves the marker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles]);

  // The point as typed or picked: the marker moves, the view follows it the first time.
  useEffect(() => {
    const shown = map.current;
    if (!shown) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.circleMarker([point.lat, point.lon], {
        radius: 7,
        className: "fill-accent stroke-surface",
        fillOpacity: 1,
        weight: 2,
        interactive: false,
      }).addTo(shown);
      shown.setView([point.lat, point.lon], Math.max(shown.getZoom(), 5));
    } else {
      marker.current.setLatLng([point.lat, point.lon]);
    }
    // After the map itself (its base map changed): the new map needs its marker too.
  }, [point?.lat, point?.lon, tiles]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={container}
      role="application"
      aria-label={`Map to choose the ${label.toLowerCase()}: click a point`}
      className="atlas-map h-64 w-full rounded-xl border border-line"
    />
  );
}
