import {
  ARTIFACT_TYPES,
  formatCentury,
  formatMillennium,
  type ArtifactFacets,
  type ArtifactType,
} from "@artifact-atlas/shared";
import { SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";
import { hasListFilters, type ListParams } from "../lib/list-params";
import { Button } from "./Button";

interface FindFiltersProps {
  state: ListParams;
  /** Counts of each value given the other filters; undefined while they load. */
  facets: ArtifactFacets | undefined;
  onChange: (change: Partial<ListParams>) => void;
}

/** The millennium of a century: 15 → 2, -5 → -1. */
export function millenniumOfCentury(century: number): number {
  return century < 0 ? -Math.ceil(-century / 10) : Math.ceil(century / 10);
}

/** The same list with `value` in it or out of it. */
function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Option({
  label,
  count,
  checked,
  onToggle,
}: {
  label: string;
  count: number | undefined;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-sm text-ink hover:bg-surface-muted">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          className="size-4 accent-accent"
        />
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {count !== undefined && <span className="text-xs text-muted tabular-nums">{count}</span>}
      </label>
    </li>
  );
}

const LIST = "flex max-h-56 flex-col gap-0.5 overflow-y-auto pr-1";

/** One end of the typed range of years. */
function YearInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-ink">
      {props.label}
      <input
        type="number"
        inputMode="numeric"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        className="h-9 w-full rounded-md border border-line-strong bg-surface px-2 text-sm text-ink hover:border-ink/70"
      />
    </label>
  );
}

/** A typed range of years (BC negative), applied as a whole. */
function YearRange({ state, onChange }: Omit<FindFiltersProps, "facets">) {
  const [from, setFrom] = useState(state.fromYear?.toString() ?? "");
  const [to, setTo] = useState(state.toYear?.toString() ?? "");
  const [seen, setSeen] = useState([state.fromYear, state.toYear]);
  if (seen[0] !== state.fromYear || seen[1] !== state.toYear) {
    setSeen([state.fromYear, state.toYear]);
    setFrom(state.fromYear?.toString() ?? "");
    setTo(state.toYear?.toString() ?? "");
  }
  const year = (text: string) => {
    const value = Number(text);
    return text.trim() !== "" && Number.isInteger(value) && value !== 0 ? value : undefined;
  };
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      aria-label="Years created"
      onSubmit={(event) => {
        event.preventDefault();
        const fromYear = year(from);
        const toYear = year(to);
        const ordered = fromYear === undefined || toYear === undefined || fromYear <= toYear;
        onChange(ordered ? { fromYear, toYear } : { fromYear: toYear, toYear: fromYear });
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        <YearInput label="From year" value={from} onChange={setFrom} placeholder="-500" />
        <YearInput label="To year" value={to} onChange={setTo} placeholder="1500" />
      </div>
      <p className="text-xs text-muted">BC years are negative: 500 BC is -500.</p>
      <Button type="submit" variant="secondary" size="sm" className="self-start">
        Apply years
      </Button>
    </form>
  );
}

/**
 * The filters of All Artifacts (issue 18): type, era and present location, each value with its
 * count given the other filters. Every change goes to the URL and back to page 1.
 */
export function FindFilters({ state, facets, onChange }: FindFiltersProps) {
  const active =
    state.types.length +
    state.eras.length +
    state.locations.length +
    (state.fromYear !== undefined || state.toYear !== undefined ? 1 : 0);
  const typeCount = (type: ArtifactType) =>
    facets ? (facets.types.find((row) => row.value === type)?.count ?? 0) : undefined;

  const centuries = facets?.centuries ?? [];
  const millennia = new Map<number, number>();
  for (const row of centuries) {
    const millennium = millenniumOfCentury(row.value);
    millennia.set(millennium, (millennia.get(millennium) ?? 0) + row.count);
  }
  const eraOptions = (prefix: "m" | "c", counts: Map<number, number>) => {
    const values = new Set(counts.keys());
    for (const era of state.eras) if (era.startsWith(prefix)) values.add(Number(era.slice(1)));
    return [...values].sort((a, b) => a - b);
  };
  const centuryCounts = new Map(centuries.map((row) => [row.value, row.count]));
  const locations = facets?.locations ?? state.locations.map((value) => ({ value, count: 0 }));

  return (
    <details
      className="group mb-8 rounded-2xl border border-line bg-surface shadow-card"
      open={active > 0}
    >
      <summary className="flex cursor-pointer items-center gap-2 rounded-2xl px-4 py-3 text-sm font-semibold text-ink sm:px-5">
        <SlidersHorizontal aria-hidden="true" className="size-4 text-accent" />
        Filters
        {active > 0 && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent">
            {active} active
          </span>
        )}
      </summary>
      <div className="grid gap-6 border-t border-line px-4 py-4 sm:px-5 md:grid-cols-3">
        <Group legend="Type">
          <ul className={LIST}>
            {ARTIFACT_TYPES.map((type) => (
              <Option
                key={type}
                label={type}
                count={typeCount(type)}
                checked={state.types.includes(type)}
                onToggle={(on) => onChange({ types: toggled(state.types, type, on) })}
              />
            ))}
          </ul>
        </Group>
        <Group legend="Era (date created)">
          <ul className={LIST}>
            {eraOptions("m", millennia).map((millennium) => (
              <Option
                key={`m${millennium}`}
                label={formatMillennium(millennium)}
                count={facets ? (millennia.get(millennium) ?? 0) : undefined}
                checked={state.eras.includes(`m${millennium}`)}
                onToggle={(on) => onChange({ eras: toggled(state.eras, `m${millennium}`, on) })}
              />
            ))}
            {eraOptions("c", centuryCounts).map((century) => (
              <Option
                key={`c${century}`}
                label={formatCentury(century)}
                count={facets ? (centuryCounts.get(century) ?? 0) : undefined}
                checked={state.eras.includes(`c${century}`)}
                onToggle={(on) => onChange({ eras: toggled(state.eras, `c${century}`, on) })}
              />
            ))}
          </ul>
          <YearRange state={state} onChange={onChange} />
          {facets && facets.undated > 0 && (
            <p className="mt-2 text-xs text-muted">
              {facets.undated} with a date not recognised are in no era.
            </p>
          )}
        </Group>
        <Group legend="Present location">
          <ul className={LIST}>
            {locations.map((row) => (
              <Option
                key={row.value}
                label={row.value}
                count={facets ? row.count : undefined}
                checked={state.locations.includes(row.value)}
                onToggle={(on) => onChange({ locations: toggled(state.locations, row.value, on) })}
              />
            ))}
          </ul>
        </Group>
      </div>
      {hasListFilters(state) && (
        <div className="border-t border-line px-4 py-3 sm:px-5">
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({
                types: [],
                eras: [],
                locations: [],
                fromYear: undefined,
                toYear: undefined,
              })
            }
          >
            Clear filters
          </Button>
        </div>
      )}
    </details>
  );
}
