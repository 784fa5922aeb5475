import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ArtifactPlaces, PlaceSuggestion } from "@artifact-atlas/shared";
import { createFakeApi } from "../../test/fake-api";
import { renderWithApi } from "../../test/render";
import { PlaceFields } from "./PlaceFields";
import { placeDraftsOf, type PlaceDrafts } from "./place-drafts";
import { useState } from "react";

const ALEXANDRIAS: PlaceSuggestion[] = [
  {
    label: "Alexandria, Egypt",
    name: "Alexandria",
    region: "Alexandria",
    country: "Egypt",
    lat: 31.20176,
    lon: 29.91582,
    precision: "about-10km",
    geonamesId: 361058,
  },
  {
    label: "Alexandria, Virginia, United States",
    name: "Alexandria",
    region: "Virginia",
    country: "United States",
    lat: 38.80484,
    lon: -77.04692,
    precision: "about-10km",
    geonamesId: 4744091,
  },
];

function Harness({ onDrafts }: { onDrafts: (drafts: PlaceDrafts) => void }) {
  const [drafts, setDrafts] = useState(() =>
    placeDraftsOf(undefined as ArtifactPlaces | undefined),
  );
  return (
    <PlaceFields
      drafts={drafts}
      errors={{}}
      onChange={(next) => {
        setDrafts(next);
        onDrafts(next);
      }}
    />
  );
}

describe("PlaceFields", () => {
  it("offers the gazetteer's places as the name is typed, and fills the point from one", async () => {
    const user = userEvent.setup();
    const onDrafts = vi.fn();
    const api = createFakeApi({
      "places.suggest": (input: { q: string }) =>
        input.q.toLowerCase().startsWith("alex") ? ALEXANDRIAS : [],
    });
    renderWithApi(api, <Harness onDrafts={onDrafts} />);
    await user.type(screen.getByLabelText("Findspot name"), "Alex");
    const virginia = await screen.findByRole("button", {
      name: "Alexandria, Virginia, United States",
    });
    expect(screen.getByRole("button", { name: "Alexandria, Egypt" })).toBeInTheDocument();
    await user.click(virginia);
    expect(onDrafts).toHaveBeenLastCalledWith(
      expect.objectContaining({
        findspot: {
          label: "Alexandria, Virginia, United States",
          lat: "38.80484",
          lon: "-77.04692",
          precision: "about-10km",
          geonamesId: 4744091,
        },
      }),
    );
    expect(screen.getByLabelText("Findspot latitude")).toHaveValue("38.80484");
    expect(screen.queryByRole("button", { name: "Alexandria, Egypt" })).not.toBeInTheDocument();
  });
});
