import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { MultiPolygon, Polygon, Position } from "geojson";
import world from "world-atlas/countries-110m.json";
import { PLACE_KIND_LABELS, type ArtifactPlaces, type PlaceKind } from "@artifact-atlas/shared";

/*
 * A small map of an artifact's places, drawn offline (issue 31): Natural Earth's countries at
 * 1:110 million from world-atlas (108 kB, about 30 kB compressed), in an SVG with a plain
 * equirectangular projection around the places. No map library: a picture with two points needs
 * no panning, tiles or WebGL. Loaded only where a map is shown (React.lazy in the places section).
 */

const WIDTH = 640;
const HEIGHT = 360;
/** The least span shown, in degrees of latitude: a country and its neighbours around a point. */
const MIN_SPAN = 14;

const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries).features;

interface Marker {
  kind: PlaceKind;
  label: string;
  lat: number;
  lon: number;
}

/** The view: the places' box, widened to MIN_SPAN and to the picture's shape, with a margin. */
function viewOf(markers: Marker[]) {
  const lats = markers.map((m) => m.lat);
  const lons = markers.map((m) => m.lon);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const midLon = (Math.min(...lons) + Math.max(...lons)) / 2;
  const squash = Math.max(0.2, Math.cos((midLat * Math.PI) / 180));
  const latSpan = Math.max(MIN_SPAN, (Math.max(...lats) - Math.min(...lats)) * 1.5);
  const lonSpan = Math.max(
    (latSpan * WIDTH) / HEIGHT / squash,
    (Math.max(...lons) - Math.min(...lons)) * 1.3,
  );
  const scale = Math.min(WIDTH / (lonSpan * squash), HEIGHT / latSpan);
  return {
    x: (lon: number) => WIDTH / 2 + (lon - midLon) * squash * scale,
    y: (lat: number) => HEIGHT / 2 - (lat - midLat) * scale,
  };
}

function ringPath(ring: Position[], view: ReturnType<typeof viewOf>): string {
  return `M${ring.map(([lon, lat]) => `${view.x(lon!).toFixed(1)},${view.y(lat!).toFixed(1)}`).join("L")}Z`;
}

export default function PlacesMap({ places }: { places: ArtifactPlaces }) {
  const markers: Marker[] = (["findspot", "presentPlace"] as const).flatMap((kind) => {
    const place = places[kind];
    return place ? [{ kind, label: place.label, lat: place.lat, lon: place.lon }] : [];
  });
  if (markers.length === 0) return null;
  const view = viewOf(markers);
  const land = countries.map((country) => {
    const geometry = country.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    return polygons.flatMap((rings) => rings.map((ring) => ringPath(ring, view))).join("");
  });
  const description = markers
    .map((marker) => `${PLACE_KIND_LABELS[marker.kind]}: ${marker.label}`)
    .join("; ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Map. ${description}`}
      className="w-full overflow-hidden rounded-2xl border border-line bg-accent-soft/40"
    >
      {land.map((path, index) => (
        <path key={index} d={path} className="fill-surface stroke-line-strong" strokeWidth={0.6} />
      ))}
      {markers.map((marker) => {
        const x = view.x(marker.lon);
        const y = view.y(marker.lat);
        const findspot = marker.kind === "findspot";
        return (
          <g key={marker.kind}>
            <circle
              cx={x}
              cy={y}
              r={7}
              className={findspot ? "fill-accent stroke-surface" : "fill-ink stroke-surface"}
              strokeWidth={2.5}
            />
            <text
              x={x + 11}
              y={y + (findspot ? -8 : 16)}
              className="fill-ink text-[13px] font-semibold"
              paintOrder="stroke"
              stroke="var(--surface)"
              strokeWidth={4}
            >
              {PLACE_KIND_LABELS[marker.kind]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
