import { describe, expect, it } from "vitest";
import { exportQuery } from "@artifact-atlas/shared";
import { readListParams } from "../lib/list-params";
import { exportHref } from "./ExportFormats";

/** The query of an address as GET /export's parser receives it: repeated names become lists. */
function queryOf(href: string): Record<string, string | string[]> {
  const params = new URL(href, "http://localhost").searchParams;
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

describe("exportHref", () => {
  it("passes the screen's search and every filter under GET /artifacts's names, not its sort or page", () => {
    const state = readListParams(
      new URLSearchParams(
        "search=stone&in=all&type=Art&type=Tools&era=c15&era=m-1&fromYear=-200&toYear=300&location=Louvre%2C+Paris&rights=free&rights=ask&sort=date_asc&page=3",
      ),
    );
    const href = exportHref("json", state);
    expect(href).toBe(
      "/export?format=json&q=stone&in=all&type=Art&type=Tools&era=c15&era=m-1&fromYear=-200&toYear=300&location=Louvre%2C+Paris&rights=free&rights=ask",
    );
    const parsed = exportQuery.safeParse(queryOf(href));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      format: "json",
      q: "stone",
      in: "all",
      type: ["Art", "Tools"],
      era: ["c15", "m-1"],
      fromYear: -200,
      toYear: 300,
      location: ["Louvre, Paris"],
      rights: ["free", "ask"],
    });
  });

  it("asks for everything when the screen has no search or filter", () => {
    expect(exportHref("csv", readListParams(new URLSearchParams("sort=desc")))).toBe(
      "/export?format=csv",
    );
  });
});
