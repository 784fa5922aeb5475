import { LIMITS, SORT_VALUES, type SortValue } from "@artifact-atlas/shared";

export interface ListParams {
  search: string;
  sort: SortValue;
  page: number;
}

/** The collection's state as the URL holds it; anything unreadable falls back to the default. */
export function readListParams(params: URLSearchParams): ListParams {
  const search = (params.get("search") ?? "").slice(0, LIMITS.search);
  const rawSort = params.get("sort");
  const sort = SORT_VALUES.includes(rawSort as SortValue) ? (rawSort as SortValue) : "default";
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= LIMITS.page ? rawPage : 1;
  return { search, sort, page };
}

/**
 * The URL for the next state. Defaults are left out so that the plain address is the first page.
 * A new search or sort goes back to page 1 (spec section 4).
 */
export function nextListParams(current: ListParams, change: Partial<ListParams>): URLSearchParams {
  const next: ListParams = { ...current, ...change };
  if (
    (change.search !== undefined && change.search !== current.search) ||
    (change.sort !== undefined && change.sort !== current.sort)
  ) {
    next.page = 1;
  }
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  return params;
}
