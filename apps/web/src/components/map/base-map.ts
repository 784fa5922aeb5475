import L from "leaflet";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import world from "world-atlas/countries-110m.json";
import { MAP_MAX_ZOOM, type MapSettings } from "@artifact-atlas/shared";

const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
/**
 * Natural Earth's countries for Leaflet. Antarctica reaches the pole, which Web Mercator puts at
 * infinity, and a ring that crosses the antimeridian (Fiji, Chukotka) runs from 180 to -180 along
 * its latitude: drawn as they are, both smeared bands across the whole map. Antarctica is left
 * out (nobody looks for a findspot there by its outline); a crossing ring's western longitudes
 * are moved past 180, where Leaflet draws them beside the rest.
 */
function baseMap(): FeatureCollection {
  const collection = feature(topology, topology.objects.countries);
  const unwrap = (ring: Position[]): Position[] => {
    const lons = ring.map(([lon]) => lon!);
    if (Math.max(...lons) - Math.min(...lons) <= 180) return ring;
    return ring.map(([lon, lat]) => [lon! < 0 ? lon! + 360 : lon!, lat!]);
  };
  return {
    ...collection,
    features: collection.features
      .filter((country) => country.id !== "010")
      .map((country) => {
        const geometry = country.geometry as Polygon | MultiPolygon;
        const coordinates =
          geometry.type === "Polygon"
            ? geometry.coordinates.map(unwrap)
            : geometry.coordinates.map((polygon) => polygon.map(unwrap));
        return { ...country, geometry: { ...geometry, coordinates } as Polygon | MultiPolygon };
      }),
  };
}
const countries = baseMap();

/** The base map: MAP_TILE_URL's raster tiles, or the countries drawn offline. */
export function addBaseMap(map: L.Map, tiles: MapSettings["tiles"]): void {
  map.attributionControl.setPrefix('<a href="https://leafletjs.com" rel="noreferrer">Leaflet</a>');
  if (tiles) {
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAP_MAX_ZOOM }).addTo(map);
    return;
  }
  L.geoJSON(countries, {
    interactive: false,
    style: { className: "fill-surface stroke-line-strong", weight: 0.8, fillOpacity: 1 },
    attribution: "Natural Earth",
  }).addTo(map);
}
