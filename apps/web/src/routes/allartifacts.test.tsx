import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE, type ArtifactListQuery, type ArtifactPage } from "@artifact-atlas/shared";
import { readListParams, nextListParams } from "../lib/list-params";
import { createFakeApi } from "../test/fake-api";
import { makeArtifact, renderRoutes } from "../test/render";
import AllArtifactsRoute from "./allartifacts";

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
    const from = await screen.findByRole("spinbutton", { name: "From year" });
    fireEvent.change(from, { target: { value: "300" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "To year" }), {
      target: { value: "-500" },
    });
    expect(search().has("fromYear")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Apply years" }));
    await waitFor(() => expect(search().get("fromYear")).toBe("-500"));
    expect(search().get("toYear")).toBe("300");
    expect(search().has("page")).toBe(false);
    // The inputs show the range as applied.
    expect(screen.getByRole("spinbutton", { name: "From year" })).toHaveValue(-500);
    expect(screen.getByRole("spinbutton", { name: "To year" })).toHaveValue(300);
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
});
