import {
  ARTIFACT_TYPES,
  formatCentury,
  formatMillennium,
  formatYear,
  REUSE_LABELS,
  REUSE_VALUES,
  type ArtifactFacets,
  type ArtifactType,
  type FindPlaceKind,
} from "@artifact-atlas/shared";
import { clsx } from "clsx";
import { ChevronRight, SlidersHorizontal } from "lucide-react";
import { useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { hasListFilters, type ListParams } from "../lib/list-params";
import { Button } from "./Button";

interface FindFiltersProps {
  state: ListParams;
  /** Counts of each value given the other filters; undefined while they load. */
  facets: ArtifactFacets | undefined;
  onChange: (change: Partial<ListParams>) => void;
  /** The place the countries are of: the map chooses; All Artifacts reads findspots. */
  placeKind?: FindPlaceKind;
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

/** A checkbox with its label and count. */
function Choice({
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
    <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-sm text-ink hover:bg-surface-muted">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onToggle(event.target.checked)}
        className="size-4 accent-accent"
      />
      <span className="min-w-0 flex-1">{label}</span>
      {count !== undefined && <span className="text-xs text-muted tabular-nums">{count}</span>}
    </label>
  );
}

function Option(props: Parameters<typeof Choice>[0]) {
  return (
    <li className="flex">
      <Choice {...props} />
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
  invalid: boolean;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-ink">
      {props.label}
      {/* Text, not a number: a phone's number keypad has no minus key, so BC is typed in words. */}
      <input
        type="text"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.invalid ? "typed-years-error" : "typed-years-hint"}
        className="h-9 w-full rounded-md border border-line-strong bg-surface px-2 text-base text-ink hover:border-ink/70 aria-invalid:border-danger sm:text-sm"
      />
    </label>
  );
}

const yearText = (year: number | undefined) => (year === undefined ? "" : formatYear(year));

/**
 * A typed range of years, applied as a whole: "500 BC", "c. 1200", "5th century BC" or "-500"
 * (issue 29). The date parser loads when the years are applied (lib/typed-years.ts).
 */
function YearRange({ state, onChange }: Omit<FindFiltersProps, "facets">) {
  const [from, setFrom] = useState(yearText(state.fromYear));
  const [to, setTo] = useState(yearText(state.toYear));
  const [problem, setProblem] = useState<{ field: "from" | "to"; message: string } | null>(null);
  const [seen, setSeen] = useState([state.fromYear, state.toYear]);
  if (seen[0] !== state.fromYear || seen[1] !== state.toYear) {
    setSeen([state.fromYear, state.toYear]);
    setFrom(yearText(state.fromYear));
    setTo(yearText(state.toYear));
  }
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      aria-label="Years created"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void import("../lib/typed-years").then(({ readTypedYears, unreadableYear }) => {
          const years = readTypedYears(from, to);
          if (!years.ok) {
            setProblem({ field: years.field, message: unreadableYear(years.text) });
            return;
          }
          setProblem(null);
          setFrom(yearText(years.fromYear));
          setTo(yearText(years.toYear));
          onChange({ fromYear: years.fromYear, toYear: years.toYear });
        });
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        <YearInput
          label="From year"
          value={from}
          onChange={setFrom}
          placeholder="500 BC"
          invalid={problem?.field === "from"}
        />
        <YearInput
          label="To year"
          value={to}
          onChange={setTo}
          placeholder="AD 1500"
          invalid={problem?.field === "to"}
        />
      </div>
      {problem ? (
        <p id="typed-years-error" role="alert" className="text-xs text-danger">
          {problem.message}
        </p>
      ) : (
        <p id="typed-years-hint" className="text-xs text-muted">
          Years as you would write them: 500 BC, AD 800, c. 1200, 5th century BC.
        </p>
      )}
      <Button type="submit" variant="secondary" size="sm" className="self-start">
        Apply years
      </Button>
    </form>
  );
}

/**
 * The era filter, grouped (issue 29): the millennia, each with a checkbox and a button that shows
 * its centuries beneath it, instead of one list of every century and millennium. A millennium
 * with a chosen century starts open; its button closes it all the same.
 */
function EraOptions({ state, facets, onChange }: FindFiltersProps) {
  // Opened or closed by its button; until then a millennium is open when a century of it is chosen.
  const [shown, setShown] = useState<ReadonlyMap<number, boolean>>(new Map());
  const centuryCounts = new Map((facets?.centuries ?? []).map((row) => [row.value, row.count]));
  const chosen = (era: string) => state.eras.includes(era);
  const toggle = (era: string, on: boolean) => onChange({ eras: toggled(state.eras, era, on) });

  // Every century with artifacts, and every chosen one even when none match now.
  const centuries = new Set(centuryCounts.keys());
  for (const era of state.eras) if (era.startsWith("c")) centuries.add(Number(era.slice(1)));
  const byMillennium = new Map<number, number[]>();
  for (const century of [...centuries].sort((a, b) => a - b)) {
    const millennium = millenniumOfCentury(century);
    byMillennium.set(millennium, [...(byMillennium.get(millennium) ?? []), century]);
  }
  for (const era of state.eras) {
    const millennium = Number(era.slice(1));
    if (era.startsWith("m") && !byMillennium.has(millennium)) byMillennium.set(millennium, []);
  }
  const millennia = [...byMillennium.keys()].sort((a, b) => a - b);
  const countOf = (century: number) => (facets ? (centuryCounts.get(century) ?? 0) : undefined);

  return (
    <ul className={LIST}>
      {millennia.map((millennium) => {
        const inIt = byMillennium.get(millennium) ?? [];
        const open = shown.get(millennium) ?? inIt.some((century) => chosen(`c${century}`));
        const name = formatMillennium(millennium);
        const listId = `era-centuries-${millennium}`;
        return (
          <li key={millennium}>
            <div className="flex items-center gap-1">
              <Choice
                label={name}
                count={
                  facets
                    ? inIt.reduce((sum, century) => sum + (countOf(century) ?? 0), 0)
                    : undefined
                }
                checked={chosen(`m${millennium}`)}
                onToggle={(on) => toggle(`m${millennium}`, on)}
              />
              {inIt.length > 0 && (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={open ? listId : undefined}
                  aria-label={`Centuries of the ${name}`}
                  onClick={(event) => {
                    const item = event.currentTarget.closest("li");
                    flushSync(() => setShown(new Map(shown).set(millennium, !open)));
                    // The list scrolls in its box: a millennium opened at its foot would show
                    // its centuries below the box's edge, as if the button had done nothing.
                    if (!open) item?.scrollIntoView({ block: "nearest" });
                  }}
                  className="flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-ink"
                >
                  <ChevronRight
                    aria-hidden="true"
                    className={clsx("size-4 transition-transform", open && "rotate-90")}
                  />
                </button>
              )}
            </div>
            {open && (
              <ul
                id={listId}
                className="mt-0.5 mb-1 ml-4 flex flex-col gap-0.5 border-l border-line pl-2"
              >
                {inIt.map((century) => (
                  <Option
                    key={century}
                    label={formatCentury(century)}
                    count={countOf(century)}
                    checked={chosen(`c${century}`)}
                    onToggle={(on) => toggle(`c${century}`, on)}
                  />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The filters of All Artifacts (issue 18): type, era, present location, whether its image may
 * be reused (issue 30) and the country of its place (issue 31), each value with its count given
 * the other filters. Every change goes to
 * the URL and back to page 1.
 */
export default function FindFilters({
  state,
  facets,
  onChange,
  placeKind = "findspot",
}: FindFiltersProps) {
  const active =
    state.types.length +
    state.eras.length +
    state.locations.length +
    state.rights.length +
    state.countries.length +
    (state.fromYear !== undefined || state.toYear !== undefined ? 1 : 0);
  const typeCount = (type: ArtifactType) =>
    facets ? (facets.types.find((row) => row.value === type)?.count ?? 0) : undefined;

  const locations = facets?.locations ?? state.locations.map((value) => ({ value, count: 0 }));
  // Before the counts arrive, the chosen codes stand for their countries.
  const countries =
    facets?.countries ?? state.countries.map((value) => ({ value, count: 0, name: value }));

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
      <div className="grid gap-6 border-t border-line px-4 py-4 sm:px-5 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
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
          <EraOptions state={state} facets={facets} onChange={onChange} />
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
        <Group legend="Can I reuse it?">
          <ul className={LIST}>
            {REUSE_VALUES.map((value) => (
              <Option
                key={value}
                label={REUSE_LABELS[value]}
                count={
                  facets
                    ? (facets.rights.find((row) => row.value === value)?.count ?? 0)
                    : undefined
                }
                checked={state.rights.includes(value)}
                onToggle={(on) => onChange({ rights: toggled(state.rights, value, on) })}
              />
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">By the rights of each artifact's first image.</p>
        </Group>
        <Group legend="Country">
          {countries.length > 0 ? (
            <ul className={LIST}>
              {countries.map((row) => (
                <Option
                  key={row.value}
                  label={row.name}
                  count={facets ? row.count : undefined}
                  checked={state.countries.includes(row.value)}
                  onToggle={(on) =>
                    onChange({ countries: toggled(state.countries, row.value, on) })
                  }
                />
              ))}
            </ul>
          ) : (
            facets && <p className="text-sm text-muted">No artifact here has a place yet.</p>
          )}
          <p className="mt-2 text-xs text-muted">
            {placeKind === "presentPlace"
              ? "Where each artifact is now."
              : "Where each artifact was found."}
          </p>
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
                rights: [],
                countries: [],
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
