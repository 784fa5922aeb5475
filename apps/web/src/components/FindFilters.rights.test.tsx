import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ArtifactFacets, ArtifactListQuery, ArtifactPage } from "@artifact-atlas/shared";
import AllArtifactsRoute from "../routes/allartifacts";
import { createFakeApi } from "../test/fake-api";
import { renderRoutes } from "../test/render";

const LOADING = { timeout: 5_000 };

/*
 * Issue 30: "Can I reuse it?" on All Artifacts, by the rights of each artifact's first image:
 * its four answers with their counts, chosen into the URL and the find's input.
 */

const FACETS: ArtifactFacets = {
  types: [],
  centuries: [],
  locations: [],
  rights: [
    { value: "free", count: 12 },
    { value: "conditions", count: 7 },
    { value: "ask", count: 0 },
    { value: "unknown", count: 30 },
  ],
  countries: [],
  undated: 0,
};

function renderFilters(entry: string) {
  const api = createFakeApi({
    "artifacts.list": (): ArtifactPage => ({ items: [], total: 0, page: 1, pageCount: 0 }),
    "artifacts.facets": () => FACETS,
  });
  const view = renderRoutes(api, [{ path: "/allartifacts", Component: AllArtifactsRoute }], entry);
  const rights = () => screen.findByRole("group", { name: "Can I reuse it?" }, LOADING);
  return { api, rights, search: () => new URLSearchParams(view.router.location.search) };
}

const labelsOf = (group: HTMLElement) =>
  within(group)
    .getAllByRole("checkbox")
    .map((box) => box.closest("label")?.textContent);

describe("the Rights filter", () => {
  it("offers the four answers with their counts, and a choice goes to the URL and the find", async () => {
    const user = userEvent.setup();
    const { api, rights, search } = renderFilters("/allartifacts?page=2");
    const group = await rights();
    await user.click(screen.getByText("Filters"));
    expect(labelsOf(group)).toEqual([
      "Free to reuse12",
      "Reuse with conditions7",
      "Ask the holder0",
      "Not evaluated30",
    ]);

    await user.click(within(group).getByRole("checkbox", { name: /Free to reuse/ }));
    await waitFor(() => expect(search().getAll("rights")).toEqual(["free"]));
    // A new filter goes back to page 1.
    expect(search().get("page")).toBeNull();
    await waitFor(() =>
      expect(
        api.inputsOf("artifacts.list").some((input) => {
          const query = input as ArtifactListQuery;
          return JSON.stringify(query.rights) === JSON.stringify(["free"]);
        }),
      ).toBe(true),
    );
    expect(screen.getByText("1 active")).toBeInTheDocument();
  });

  it("reads its answers from the URL, leaves unknown ones out, and clears with the others", async () => {
    const user = userEvent.setup();
    const { api, rights, search } = renderFilters(
      "/allartifacts?rights=ask&rights=sometimes&rights=unknown",
    );
    const group = await rights();
    expect(within(group).getByRole("checkbox", { name: /Ask the holder/ })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: /Not evaluated/ })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: /Free to reuse/ })).not.toBeChecked();
    await waitFor(() =>
      expect(api.inputsOf("artifacts.facets").at(-1)).toMatchObject({
        rights: ["ask", "unknown"],
      }),
    );

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(search().getAll("rights")).toEqual([]));
    expect(within(group).getByRole("checkbox", { name: /Ask the holder/ })).not.toBeChecked();
  });
});
