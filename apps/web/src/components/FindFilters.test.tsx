import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ArtifactFacets, ArtifactPage } from "@artifact-atlas/shared";
import AllArtifactsRoute from "../routes/allartifacts";
import { createFakeApi } from "../test/fake-api";
import { renderRoutes } from "../test/render";

const LOADING = { timeout: 5_000 };

/*
 * Issue 29: the era filter was one flat list of every millennium and century (57 rows, down to
 * "381st century BC"). It is grouped: the millennia, each opening onto its centuries.
 */

const FACETS: ArtifactFacets = {
  types: [],
  centuries: [
    { value: -381, count: 1 },
    { value: -5, count: 2 },
    { value: -1, count: 1 },
    { value: 12, count: 3 },
    { value: 15, count: 4 },
  ],
  locations: [],
  rights: [],
  countries: [],
  undated: 0,
};

function renderFilters(entry: string) {
  const api = createFakeApi({
    "artifacts.list": (): ArtifactPage => ({ items: [], total: 0, page: 1, pageCount: 0 }),
    "artifacts.facets": () => FACETS,
  });
  const view = renderRoutes(api, [{ path: "/allartifacts", Component: AllArtifactsRoute }], entry);
  const eras = () => screen.findByRole("group", { name: "Era (date created)" }, LOADING);
  return { ...view, eras, search: () => new URLSearchParams(view.router.location.search) };
}

describe("the era filter", () => {
  it("lists the millennia with their counts, each century under its own", async () => {
    const user = userEvent.setup();
    const { search } = renderFilters("/allartifacts");
    // The filters' own code loads beside the list; their bar stands in until then.
    const group = await screen.findByRole("group", { name: "Era (date created)" }, LOADING);
    await user.click(screen.getByText("Filters"));
    expect(
      await within(group).findByRole("checkbox", { name: /39th millennium BC/ }),
    ).toBeVisible();
    const names = within(group)
      .getAllByRole("checkbox")
      .map((box) => box.closest("label")?.textContent);
    expect(names).toEqual(["39th millennium BC1", "1st millennium BC3", "2nd millennium7"]);
    expect(within(group).queryByRole("checkbox", { name: /century/ })).not.toBeInTheDocument();

    const open = within(group).getByRole("button", { name: "Centuries of the 2nd millennium" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    expect(open).toHaveAttribute("aria-expanded", "true");
    const centuries = document.getElementById(open.getAttribute("aria-controls")!)!;
    expect(
      within(centuries)
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")?.textContent),
    ).toEqual(["12th century3", "15th century4"]);
    await user.click(within(centuries).getByRole("checkbox", { name: /15th century/ }));
    expect(search().getAll("era")).toEqual(["c15"]);
  });

  it("opens the millennium of a chosen century, and is worked with the keyboard", async () => {
    const user = userEvent.setup();
    const { eras, search } = renderFilters("/allartifacts?era=c-5");
    const group = await eras();
    expect(await within(group).findByRole("checkbox", { name: /5th century BC/ })).toBeChecked();
    const toggle = within(group).getByRole("button", {
      name: "Centuries of the 1st millennium BC",
    });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(group).queryByRole("checkbox", { name: /5th century BC/ })).toBeNull();
    (await within(group).findByRole("checkbox", { name: /2nd millennium/ })).focus();
    await user.keyboard(" ");
    expect(search().getAll("era")).toEqual(["c-5", "m2"]);
  });
});
