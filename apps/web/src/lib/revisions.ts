const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** When a revision was saved, in the reader's own locale and time zone. */
export function formatRevisionDate(at: number): string {
  return DATE_FORMAT.format(new Date(at));
}

/** A revision's author: a name, or a neutral word once the account is gone. */
export function authorLabel(name: string | null): string {
  return name ?? "a former member";
}

export interface HistoryParams {
  page: number;
  /** The two versions compared; null means "the newest two". */
  from: number | null;
  to: number | null;
}

function positive(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** The History view's state as the URL holds it; anything unreadable falls back to the default. */
export function readHistoryParams(params: URLSearchParams): HistoryParams {
  return {
    page: positive(params.get("page")) ?? 1,
    from: positive(params.get("from")),
    to: positive(params.get("to")),
  };
}

export function historyParams(state: HistoryParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set("page", String(state.page));
  if (state.from !== null) params.set("from", String(state.from));
  if (state.to !== null) params.set("to", String(state.to));
  return params;
}
