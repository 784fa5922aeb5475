import type { z } from "zod";
import type { restFindShape } from "@artifact-atlas/shared";
import type { FindQuery } from "../store/artifact-find";

/** GET /artifacts's and GET /export's filters and sort, as parsed (restFindShape). */
export type RestFindParams = {
  [Name in keyof typeof restFindShape]?: z.output<(typeof restFindShape)[Name]>;
};

/**
 * Whether a GET /artifacts names none of issue 18's parameters (search, several types, eras,
 * years, locations, date sorts): the spec's plain list, one type at most, most liked first.
 */
export function isPlainList(query: RestFindParams): boolean {
  return (
    !query.q &&
    (query.type?.length ?? 0) <= 1 &&
    query.in === undefined &&
    query.era === undefined &&
    query.fromYear === undefined &&
    query.toYear === undefined &&
    query.location === undefined &&
    query.sort === undefined
  );
}

/** The find that GET /artifacts and GET /export read for these parameters. */
export function findQueryOf(query: RestFindParams): FindQuery {
  return {
    search: query.q ?? "",
    scope: query.in ?? "names",
    filters: {
      types: [...new Set(query.type ?? [])].sort(),
      eras: [...new Set(query.era ?? [])].sort(),
      locations: [...new Set(query.location ?? [])].sort(),
      ...(query.fromYear === undefined ? {} : { fromYear: query.fromYear }),
      ...(query.toYear === undefined ? {} : { toYear: query.toYear }),
    },
  };
}
