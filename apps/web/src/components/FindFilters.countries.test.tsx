import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ArtifactFacets, ArtifactListQuery, ArtifactPage } from "@artifact-atlas/shared";
import AllArtifactsRoute from "../routes/allartifacts";
import { createFakeApi } from "../test/fake-api";
import { renderRoutes } from "../test/render";

const LOADING = { timeout: 5_000 };

/*
 * Issue 31: the Country facet on All Artifacts, by the country of each artifact's findspot: the
 * countries the server counted, named in English, chosen into the URL (ISO codes) and the find.
 */

const FACETS: ArtifactFacets = {
  types: [],
  centuries: [],
  locations: [],
  rights: [],
  countries: [
    { value: "GB", count: 14, name: "United Kingdom" },
    { value: "EG", count: 9, name: "Egypt" },
    { value: "FJ", count: 0, name: "Fiji" },
  ],
  undated: 0,
};

function renderFilters(entry: string) {
  const api = createFakeApi({
    "artifacts.list": (): ArtifactPage => ({ items: [], total: 0, page: 1, pageCount: 0 }),
    "artifacts.facets": () => FACETS,
  });
  const view = renderRoutes(api, [{ path: "/allartifacts", Component: AllArtifactsRoute }], entry);
  const countries = () => screen.findByRole("group", { name: "Country" }, LOADING);
  return { api, countries, search: () => new URLSearchParams(view.router.location.search) };
}

const labelsOf = (group: HTMLElement) =>
  within(group)
    .getAllByRole("checkbox")
    .map((box) => box.closest("label")?.textContent);

describe("the Country filter", () => {
  it("offers the counted countries by name, and a choice goes to the URL and the find", async () => {
    const user = userEvent.setup();
    const { api, countries, search } = renderFilters("/allartifacts?page=2");
    const group = await countries();
    await user.click(screen.getByText("Filters"));
    await waitFor(() => expect(labelsOf(group)).toEqual(["United Kingdom14", "Egypt9", "Fiji0"]));
    expect(within(group).getByText("Where each artifact was found.")).toBeInTheDocument();

    await user.click(within(group).getByRole("checkbox", { name: /Egypt/ }));
    await waitFor(() => expect(search().getAll("country")).toEqual(["EG"]));
    // A new filter goes back to page 1.
    expect(search().get("page")).toBeNull();
    await waitFor(() =>
      expect(
        api.inputsOf("artifacts.list").some((input) => {
          const query = input as ArtifactListQuery;
          return JSON.stringify(query.countries) === JSON.stringify(["EG"]);
        }),
      ).toBe(true),
    );
    expect(screen.getByText("1 active")).toBeInTheDocument();
  });

  it("reads its codes from the URL as the app writes them, leaves others out, and clears", async () => {
    const user = userEvent.setup();
    const { api, countries, search } = renderFilters(
      "/allartifacts?country=GB&country=Egypt&country=FJ&country=1&country=eg",
    );
    const group = await countries();
    await waitFor(() =>
      expect(within(group).getByRole("checkbox", { name: /United Kingdom/ })).toBeChecked(),
    );
    expect(within(group).getByRole("checkbox", { name: /Fiji/ })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: /Egypt/ })).not.toBeChecked();
    await waitFor(() =>
      expect(api.inputsOf("artifacts.facets").at(-1)).toMatchObject({ countries: ["GB", "FJ"] }),
    );
    expect(screen.getByText("2 active")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(search().getAll("country")).toEqual([]));
    expect(within(group).getByRole("checkbox", { name: /United Kingdom/ })).not.toBeChecked();
  });

  it("reads the findspots on All Artifacts, whatever place the address names", async () => {
    const { api, countries } = renderFilters("/allartifacts?place=presentPlace&country=EG");
    const group = await countries();
    expect(within(group).getByText("Where each artifact was found.")).toBeInTheDocument();
    await waitFor(() =>
      expect(api.inputsOf("artifacts.facets").at(-1)).toMatchObject({ countries: ["EG"] }),
    );
    expect(api.inputsOf("artifacts.facets").at(-1)).not.toHaveProperty("placeKind");
  });
});
