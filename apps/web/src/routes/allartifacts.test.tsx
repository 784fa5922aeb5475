import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE, type ArtifactListQuery, type ArtifactPage } from "@artifact-atlas/shared";
import { readListParams, nextListParams } from "../lib/list-params";
import { createFakeApi } from "../test/fake-api";
import { makeArtifact, renderRoutes } from "../test/render";
import AllArtifactsRoute from "./allartifacts";

/** The filters load their own code beside the list (issue 29): slower than findBy's default. */
const FILTERS_LOADING = { timeout: 5_000 };

/** A collection of 20 matching artifacts: 3 pages of 8. */
function listApi() {
  return createFakeApi({
    "artifacts.list": (input: ArtifactListQuery): ArtifactPage => {
      const page = Number(input.page ?? 1);
      return {
        items: Array.from({ length: page === 3 ? 4 : 8 }, (_, index) =>
          makeArtifact({ id: page * 100 + index, artifactName: `Artifact ${page}.${index}` }),
        ),
        total: 20,
        page,
        pageCount: 3,
      };
    },
  });
}

function renderList(entry: string) {
  const api = listApi();
  const view = renderRoutes(api, [{ path: "/allartifacts", Component: AllArtifactsRoute }], entry);
  const search = () => new URLSearchParams(view.router.location.search);
  return { api, ...view, search };
}

describe("list params", () => {
  it("reads the URL and falls back to defaults for anything unreadable", () => {
    const noFilters = {
      scope: "names",
      types: [],
      eras: [],
      fromYear: undefined,
      toYear: undefined,
      locations: [],
      rights: [],
      countries: [],
      bbox: undefined,
      placeKind: "findspot",
    };
    expect(readListParams(new URLSearchParams("search=urn&sort=asc&page=3"))).toEqual({
      search: "urn",
      sort: "asc",
      page: 3,
      ...noFilters,
    });
    expect(readListParams(new URLSearchParams("sort=sideways&page=-2"))).toEqual({
      search: "",
      sort: "default",
      page: 1,
      ...noFilters,
    });
    expect(
      readListParams(
        new URLSearchParams(
          "in=all&type=Art&type=Pottery&type=Art&era=c15&era=c0&fromYear=-500&toYear=x&location=Louvre",
        ),
      ),
    ).toMatchObject({
      scope: "all",
      types: ["Art"],
      eras: ["c15"],
      fromYear: -500,
      toYear: undefined,
      locations: ["Louvre"],
    });
  });

  it("reads the map's region and place, and drops a region that is not one", () => {
    const read = (query: string) => readListParams(new URLSearchParams(query));
    expect(read("bbox=-2,51,2.5,53&place=presentPlace")).toMatchObject({
      bbox: [-2, 51, 2.5, 53],
      placeKind: "presentPlace",
    });
    for (const bad of [
      "bbox=1,2,3",
      "bbox=0,10,1,5",
      "bbox=0,0,200,1",
      "bbox=a,b,c,d",
      "bbox=,,,",
    ]) {
      expect(read(bad).bbox, bad).toBeUndefined();
    }
    expect(read("place=moon").placeKind).toBe("findspot");
    const state = read("type=Art&bbox=179.5,-20,-179.5,-10");
    expect(nextListParams(state, {}).toString()).toBe("type=Art&bbox=179.5%2C-20%2C-179.5%2C-10");
  });

  it("resets the page when the search or the sort changes, and leaves defaults out", () => {
    const current = readListParams(new URLSearchParams("search=urn&sort=asc&page=3"));
    expect(nextListParams(current, { page: 2 }).toString()).toBe("search=urn&sort=asc&page=2");
    expect(nextListParams(current, { sort: "desc" }).toString()).toBe("search=urn&sort=desc");
    expect(nextListParams(current, { search: "vase" }).toString()).toBe("search=vase&sort=asc");
    expect(nextListParams(current, { sort: "default", search: "" }).toString()).toBe("");
    expect(nextListParams(current, { types: ["Art", "Tools"] }).toString()).toBe(
      "search=urn&sort=asc&type=Art&type=Tools",
    );
    expect(nextListParams(current, { scope: "all" }).toString()).toBe("search=urn&in=all&sort=asc");
  });
});

describe("All artifacts screen", () => {
  it("holds the place of the count line and a page of cards while the first page loads", async () => {
    let answer: (page: ArtifactPage) => void = () => {};
    const api = createFakeApi({
      "artifacts.list": () =>
        new Promise<ArtifactPage>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoutes(api, [{ path: "/allartifacts", Component: AllArtifactsRoute }], "/allartifacts");

    const loading = await screen.findByRole("status");
    expect(loading).toHaveTextContent("Loading artifacts");
    expect(loading.querySelectorAll("li")).toHaveLength(PAGE_SIZE);
    await waitFor(() => expect(api.inputsOf("artifacts.list")).toHaveLength(1));

    await act(async () => answer({ items: [makeArtifact()], total: 1, page: 1, pageCount: 1 }));
    expect(await screen.findByText("Displaying 1 artifacts")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Rosetta Stone" })).toBeInTheDocument();
    expect(screen.queryByText("Loading artifacts")).not.toBeInTheDocument();
  });

  it("says a count estimated from a sample is one: about, in two significant digits", async () => {
    const api = createFakeApi({
      "artifacts.list": (): ArtifactPage => ({
        items: [makeArtifact()],
        total: 11_771,
        page: 1,
        pageCount: 1_472,
        estimated: true,
      }),
    });
    renderRoutes(
      api,
      [{ path: "/allartifacts", Component: AllArtifactsRoute }],
      "/allartifacts?in=all&search=a&type=Art",
    );
    expect(await screen.findByText("Displaying about 12,000 artifacts")).toBeInTheDocument();
  });

  it("shows the page the URL names, with the search and sort in the controls", async () => {
    const { api } = renderList("/allartifacts?search=stone&sort=desc&page=2");
    expect(await screen.findByText("Displaying 20 artifacts")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Artifact 2.0" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search artifacts" })).toHaveValue("stone");
    expect(screen.getByRole("combobox", { name: "Sort artifacts" })).toHaveValue("desc");
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(api.inputsOf("artifacts.list")).toEqual([{ search: "stone", sort: "desc", page: 2 }]);
  });

  it("pages through the URL, keeping search and sort, and back returns", async () => {
    const { search, router } = renderList("/allartifacts?search=stone&sort=desc");
    fireEvent.click(await screen.findByRole("button", { name: "Next page" }));
    await waitFor(() => expect(search().get("page")).toBe("2"));
    expect(search().get("search")).toBe("stone");
    expect(search().get("sort")).toBe("desc");
    expect(await screen.findByRole("heading", { name: "Artifact 2.0" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByRole("heading", { name: "Artifact 3.0" })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Artifact 2.0" })).toBeInTheDocument();
    expect(search().get("page")).toBe("2");
  });

  it("goes back to page 1 when the sort changes", async () => {
    const { search, api } = renderList("/allartifacts?page=3");
    fireEvent.change(await screen.findByRole("combobox", { name: "Sort artifacts" }), {
      target: { value: "asc" },
    });
    await waitFor(() => expect(search().get("sort")).toBe("asc"));
    expect(search().has("page")).toBe(false);
    await waitFor(() =>
      expect(api.inputsOf("artifacts.list").at(-1)).toEqual({ sort: "asc", page: 1 }),
    );
  });

  it("goes back to page 1 when the search changes, after typing pauses", async () => {
    const { search, api } = renderList("/allartifacts?sort=asc&page=2");
    const box = await screen.findByRole("searchbox", { name: "Search artifacts" });
    fireEvent.change(box, { target: { value: "amph" } });
    expect(search().get("page")).toBe("2");
    await waitFor(() => expect(search().get("search")).toBe("amph"));
    expect(search().has("page")).toBe(false);
    expect(search().get("sort")).toBe("asc");
    await waitFor(() =>
      expect(api.inputsOf("artifacts.list").at(-1)).toEqual({
        search: "amph",
        sort: "asc",
        page: 1,
      }),
    );
    expect(box).toHaveValue("amph");
  });

  it("applies a typed range of years, in order, from page 1", async () => {
    const { search } = renderList("/allartifacts?page=2");
    // Text fields since issue 29 (a phone's number keypad has no minus key); -500 still reads.
    const from = await screen.findByRole("textbox", { name: "From year" }, FILTERS_LOADING);
    fireEvent.change(from, { target: { value: "300" } });
    fireEvent.change(screen.getByRole("textbox", { name: "To year" }), {
      target: { value: "-500" },
    });
    expect(search().has("fromYear")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Apply years" }));
    await waitFor(() => expect(search().get("fromYear")).toBe("-500"));
    expect(search().get("toYear")).toBe("300");
    expect(search().has("page")).toBe(false);
    // The inputs show the range as applied, as people write years.
    expect(screen.getByRole("textbox", { name: "From year" })).toHaveValue("500 BC");
    expect(screen.getByRole("textbox", { name: "To year" })).toHaveValue("AD 300");
  });

  it("reads years as people write them: 500 BC, c. 1200, 5th century BC (issue 29)", async () => {
    const { search } = renderList("/allartifacts");
    const from = await screen.findByRole("textbox", { name: "From year" }, FILTERS_LOADING);
    const to = screen.getByRole("textbox", { name: "To year" });
    const apply = async (fromText: string, toText: string) => {
      fireEvent.change(from, { target: { value: fromText } });
      fireEvent.change(to, { target: { value: toText } });
      fireEvent.click(screen.getByRole("button", { name: "Apply years" }));
    };
    await apply("5th century BC", "c. 1200");
    await waitFor(() => expect(search().get("fromYear")).toBe("-500"));
    expect(search().get("toYear")).toBe("1210");
    await apply("500 BC", "5th century BC");
    await waitFor(() => expect(search().get("toYear")).toBe("-401"));
    expect(search().get("fromYear")).toBe("-500");
  });

  it("says which year it cannot read, and applies nothing", async () => {
    const { search } = renderList("/allartifacts");
    const to = await screen.findByRole("textbox", { name: "To year" }, FILTERS_LOADING);
    fireEvent.change(to, { target: { value: "the dawn of time" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply years" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      '"the dawn of time" is not a date we can read.',
    );
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(to).toHaveAccessibleDescription(expect.stringContaining("Try 500 BC"));
    expect(search().has("toYear")).toBe(false);
  });

  it("says so when nothing matches", async () => {
    const api = createFakeApi({
      "artifacts.list": (): ArtifactPage => ({ items: [], total: 0, page: 1, pageCount: 0 }),
    });
    renderRoutes(
      api,
      [{ path: "/allartifacts", Component: AllArtifactsRoute }],
      "/allartifacts?search=zzz",
    );
    expect(await screen.findByText("No artifacts found matching your search.")).toBeInTheDocument();
    expect(screen.getByText("Displaying 0 artifacts")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("when names find nothing, says how many All fields finds and goes there (issue 29)", async () => {
    const api = createFakeApi({
      "artifacts.list": (input: ArtifactListQuery): ArtifactPage =>
        input.in === "all"
          ? { items: [makeArtifact({ id: 7 })], total: 1, page: 1, pageCount: 1 }
          : {
              items: [],
              total: 0,
              page: 1,
              pageCount: 0,
              allFieldsTotal: 1200,
              allFieldsEstimated: true,
            },
    });
    const view = renderRoutes(
      api,
      [{ path: "/allartifacts", Component: AllArtifactsRoute }],
      "/allartifacts?search=hieroglyphs",
    );
    expect(await screen.findByText("No artifacts found matching your search.")).toBeInTheDocument();
    expect(
      screen.getByText("No name matches, but a search in All fields finds about 1,200 artifacts."),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Search all fields" }));
    expect(await screen.findByRole("heading", { name: "Rosetta Stone" })).toBeInTheDocument();
    const params = new URLSearchParams(view.router.location.search);
    expect(params.get("in")).toBe("all");
    expect(params.get("search")).toBe("hieroglyphs");
  });

  it("offers no other search when All fields would find nothing either", async () => {
    const api = createFakeApi({
      "artifacts.list": (): ArtifactPage => ({
        items: [],
        total: 0,
        page: 1,
        pageCount: 0,
        allFieldsTotal: 0,
      }),
    });
    renderRoutes(
      api,
      [{ path: "/allartifacts", Component: AllArtifactsRoute }],
      "/allartifacts?search=zzz",
    );
    expect(await screen.findByText("No artifacts found matching your search.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Search all fields" })).not.toBeInTheDocument();
  });

  it("past the last page, says there is no such page and offers the last (issue 29)", async () => {
    const api = createFakeApi({
      "artifacts.list": (input: ArtifactListQuery): ArtifactPage =>
        Number(input.page) > 3
          ? { items: [], total: 20, page: Number(input.page), pageCount: 3 }
          : { items: [makeArtifact({ id: 7 })], total: 20, page: 3, pageCount: 3 },
    });
    const view = renderRoutes(
      api,
      [{ path: "/allartifacts", Component: AllArtifactsRoute }],
      "/allartifacts?page=99",
    );
    expect(await screen.findByRole("heading", { name: "There is no page 99" })).toBeInTheDocument();
    expect(screen.getByText("These 20 artifacts fill 3 pages.")).toBeInTheDocument();
    expect(screen.queryByText("No artifacts found matching your search.")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Go to page 3" }));
    expect(await screen.findByRole("heading", { name: "Rosetta Stone" })).toBeInTheDocument();
    expect(new URLSearchParams(view.router.location.search).get("page")).toBe("3");
  });

  it("says the results are an earlier search's while offline (issue 29)", async () => {
    const { search } = renderList("/allartifacts?search=stone");
    expect(await screen.findByRole("heading", { name: "Artifact 1.0" })).toBeInTheDocument();
    onlineManager.setOnline(false);
    try {
      fireEvent.change(screen.getByRole("searchbox", { name: "Search artifacts" }), {
        target: { value: "amphora" },
      });
      await waitFor(() => expect(search().get("search")).toBe("amphora"));
      expect(await screen.findByText(/^You are offline: these are the results/)).toHaveAttribute(
        "role",
        "status",
      );
      // Still the earlier answer on show, and said to be so.
      expect(screen.getByRole("heading", { name: "Artifact 1.0" })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(screen.queryByText(/^You are offline/)).not.toBeInTheDocument());
  });
});
