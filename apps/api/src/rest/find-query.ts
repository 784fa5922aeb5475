import type { z } from "zod";
import type { CollectionFind, restFindShape } from "@artifact-atlas/shared";

/** GET /artifacts's and GET /export's filters and sort, as parsed (restFindShape). */
export type RestFindParams = {
  [Name in keyof typeof restFindShape]?: z.output<(typeof restFindShape)[Name]>;
};

/** The find that GET /artifacts and GET /export read for these parameters (their sort aside). */
export function findQueryOf(query: RestFindParams): CollectionFind {
  return {
    list: "collection",
    search: query.q ?? "",
    in: query.in ?? "names",
    types: [...new Set(query.type ?? [])].sort(),
    eras: [...new Set(query.era ?? [])].sort(),
    locations: [...new Set(query.location ?? [])].sort(),
    ...(query.fromYear === undefined ? {} : { fromYear: query.fromYear }),
    ...(query.toYear === undefined ? {} : { toYear: query.toYear }),
  };
}
