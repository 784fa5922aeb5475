import {
  PLACE_KIND_LABELS,
  PLACE_KINDS,
  PLACE_PRECISION_LABELS,
  PLACE_PRECISIONS,
  DEFAULT_FINDSPOT_PUBLIC_PRECISION,
  type PlaceKind,
  type MapSettings,
  type PlacePrecision,
} from "@artifact-atlas/shared";
import { lazy, Suspense, useEffect, useState } from "react";
import { trpc } from "../../lib/trpc";
import { SelectField, TextField } from "../Field";
import type { PlaceDraft, PlaceDraftErrors, PlaceDrafts } from "./place-drafts";

/** The small map to click a point on: Leaflet's code loads when someone opens it. */
const PointPicker = lazy(() => import("../map/PointPicker"));

/** The draft's point when both numbers read (a decimal comma as a point), else null. */
function draftPoint(draft: PlaceDraft): { lat: number; lon: number } | null {
  const lat = Number(draft.lat.trim().replace(",", "."));
  const lon = Number(draft.lon.trim().replace(",", "."));
  const fine =
    draft.lat.trim() !== "" &&
    draft.lon.trim() !== "" &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180;
  return fine ? { lat, lon } : null;
}

const PRECISION_OPTIONS = PLACE_PRECISIONS.map((value) => ({
  value,
  label: PLACE_PRECISION_LABELS[value],
}));

/** A point's two numbers, as the form asks for them. */
const COORDINATES = [
  { key: "lat", name: "latitude", example: "52.0889" },
  { key: "lon", name: "longitude", example: "1.3379" },
] as const;

/** How finely the public sees a findspot, in the words of the form's hint. */
const PUBLIC_SQUARE: Record<PlacePrecision, string> = {
  exact: "", // Said differently below.
  "about-1km": "a 1 km square",
  "about-10km": "a 10 km square",
  region: "a square of 1° (a region)",
  country: "a square of 5° (a country)",
};

/** The hint under a place's name; a findspot's names the server's FINDSPOT_PUBLIC_PRECISION. */
function hintOf(kind: PlaceKind, floor: PlacePrecision): string {
  if (kind === "presentPlace") return "Where it is now: a museum, a library, or the site itself.";
  if (floor === "exact") return "Where it was found. Everyone sees it as you give it.";
  return `Where it was found. The public sees it no finer than ${PUBLIC_SQUARE[floor]}; you and curators see it exactly.`;
}

/** The form's two optional places (issue 31), each a name, a point and how precise it is. */
export function PlaceFields({
  drafts,
  errors,
  onChange,
}: {
  drafts: PlaceDrafts;
  errors: PlaceDraftErrors;
  onChange: (drafts: PlaceDrafts) => void;
}) {
  const settings = trpc.map.settings.useQuery(undefined, { staleTime: Infinity });
  const floor = settings.data?.findspotPublicPrecision ?? DEFAULT_FINDSPOT_PUBLIC_PRECISION;
  return (
    <div className="flex flex-col gap-6">
      {PLACE_KINDS.map((kind) => (
        <PlaceField
          key={kind}
          kind={kind}
          hint={hintOf(kind, floor)}
          // Unreadable settings (a refused request) leave the offline base map, not no map.
          tiles={settings.isError ? null : settings.data?.tiles}
          draft={drafts[kind]}
          errors={errors[kind] ?? {}}
          onChange={(draft) => onChange({ ...drafts, [kind]: draft })}
        />
      ))}
    </div>
  );
}

function PlaceField({
  kind,
  hint,
  tiles,
  draft,
  errors,
  onChange,
}: {
  kind: PlaceKind;
  hint: string;
  /** The base map's tiles (MAP_TILE_URL) once known; the small map waits for them. */
  tiles: MapSettings["tiles"] | undefined;
  draft: PlaceDraft;
  errors: PlaceDraftErrors[PlaceKind] & object;
  onChange: (draft: PlaceDraft) => void;
}) {
  const label = PLACE_KIND_LABELS[kind];
  const [picking, setPicking] = useState(false);
  // A typed change leaves the gazetteer's place: its id no longer names this point.
  const edit = (change: Partial<PlaceDraft>) => onChange({ ...draft, geonamesId: null, ...change });
  // Suggestions follow the name as typed, a quarter of a second after the last key.
  const [typing, setTyping] = useState(false);
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAsked(draft.label.trim()), 250);
    return () => clearTimeout(timer);
  }, [draft.label]);
  const suggestions = trpc.places.suggest.useQuery(
    { q: asked },
    { enabled: typing && asked.length >= 2, staleTime: Infinity },
  );
  const shown = typing && asked.length >= 2 ? (suggestions.data ?? []) : [];
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-3 font-semibold text-ink">{label} (optional)</legend>
      <TextField
        label={`${label} name`}
        placeholder={
          kind === "findspot" ? "e.g. Sutton Hoo, Suffolk" : "e.g. British Museum, London"
        }
        autoComplete="off"
        className="md:col-span-2"
        hint={hint}
        value={draft.label}
        error={errors.label}
        onChange={(event) => {
          setTyping(true);
          edit({ label: event.target.value });
        }}
      />
      {shown.length > 0 && (
        <ul
          aria-label={`Places named like ${draft.label}`}
          className="flex flex-col gap-1 md:col-span-2"
        >
          {shown.map((suggestion) => (
            <li key={`${suggestion.label}-${suggestion.geonamesId ?? "country"}`}>
              <button
                type="button"
                className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-left text-sm text-ink hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
                onClick={() => {
                  setTyping(false);
                  onChange({
                    label: suggestion.label,
                    lat: String(suggestion.lat),
                    lon: String(suggestion.lon),
                    precision: suggestion.precision,
                    geonamesId: suggestion.geonamesId,
                  });
                }}
              >
                {suggestion.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {COORDINATES.map(({ key, name, example }) => (
        <TextField
          key={key}
          label={`${label} ${name}`}
          inputMode="decimal"
          placeholder={`e.g. ${example}`}
          autoComplete="off"
          value={draft[key]}
          error={errors[key]}
          onChange={(event) => edit({ [key]: event.target.value })}
        />
      ))}
      <SelectField
        label={`${label} precision`}
        options={PRECISION_OPTIONS}
        value={draft.precision}
        onChange={(event) =>
          onChange({ ...draft, precision: event.target.value as PlaceDraft["precision"] })
        }
      />
      <div className="md:col-span-2">
        <button
          type="button"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
          className="text-sm font-medium text-accent hover:underline"
        >
          {picking ? "Hide the map" : `Choose the ${label.toLowerCase()} on a map`}
        </button>
        {picking && tiles !== undefined && (
          <div className="mt-2">
            <Suspense
              fallback={<div className="h-64 rounded-xl border border-line bg-surface-muted" />}
            >
              <PointPicker
                label={label}
                point={draftPoint(draft)}
                tiles={tiles}
                onPick={(lat, lon, precision) =>
                  edit({ lat: String(lat), lon: String(lon), precision })
                }
              />
            </Suspense>
            <p className="mt-1 text-xs text-muted">
              Click where it is. Zoom in first: the precision follows how close you are.
            </p>
          </div>
        )}
      </div>
    </fieldset>
  );
}
