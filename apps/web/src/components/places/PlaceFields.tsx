import {
  PLACE_KIND_LABELS,
  PLACE_KINDS,
  PLACE_PRECISION_LABELS,
  PLACE_PRECISIONS,
  type PlaceKind,
} from "@artifact-atlas/shared";
import { useEffect, useState } from "react";
import { trpc } from "../../lib/trpc";
import { SelectField, TextField } from "../Field";
import type { PlaceDraft, PlaceDraftErrors, PlaceDrafts } from "./place-drafts";

const PRECISION_OPTIONS = PLACE_PRECISIONS.map((value) => ({
  value,
  label: PLACE_PRECISION_LABELS[value],
}));

const HINTS: Record<PlaceKind, string> = {
  findspot:
    "Where it was found. The public sees it no finer than a 10 km square; you and curators see it exactly.",
  presentPlace: "Where it is now: a museum, a library, or the site itself.",
};

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
  return (
    <div className="flex flex-col gap-6">
      {PLACE_KINDS.map((kind) => (
        <PlaceField
          key={kind}
          kind={kind}
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
  draft,
  errors,
  onChange,
}: {
  kind: PlaceKind;
  draft: PlaceDraft;
  errors: PlaceDraftErrors[PlaceKind] & object;
  onChange: (draft: PlaceDraft) => void;
}) {
  const label = PLACE_KIND_LABELS[kind];
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
        hint={HINTS[kind]}
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
      <TextField
        label={`${label} latitude`}
        inputMode="decimal"
        placeholder="e.g. 52.0889"
        autoComplete="off"
        value={draft.lat}
        error={errors.lat}
        onChange={(event) => edit({ lat: event.target.value })}
      />
      <TextField
        label={`${label} longitude`}
        inputMode="decimal"
        placeholder="e.g. 1.3379"
        autoComplete="off"
        value={draft.lon}
        error={errors.lon}
        onChange={(event) => edit({ lon: event.target.value })}
      />
      <SelectField
        label={`${label} precision`}
        options={PRECISION_OPTIONS}
        value={draft.precision}
        onChange={(event) =>
          onChange({ ...draft, precision: event.target.value as PlaceDraft["precision"] })
        }
      />
    </fieldset>
  );
}
