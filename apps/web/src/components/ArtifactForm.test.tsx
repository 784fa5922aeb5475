import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  ARTIFACT_FIELD_LABELS as LABELS,
  MESSAGES,
  type ArtifactFields,
  type ArtifactPlaces,
} from "@artifact-atlas/shared";
import { createFakeApi } from "../test/fake-api";
import { renderWithApi } from "../test/render";
import { ArtifactForm } from "./ArtifactForm";

type Submit = (
  values: ArtifactFields,
  places: ArtifactPlaces,
) => Promise<Record<string, string> | void>;

function renderForm(onSubmit = vi.fn<Submit>(async () => undefined)) {
  renderWithApi(
    createFakeApi({}),
    <ArtifactForm
      submitLabel="Add Artifact"
      busyLabel="Adding Artifact..."
      busy={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe("ArtifactForm", () => {
  it("requires all eight fields, naming each as its label does", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    for (const label of [
      LABELS.artifactName,
      LABELS.artifactImage,
      LABELS.historicalContext,
      LABELS.createdAt,
      LABELS.discoveredAt,
      LABELS.discoveredBy,
      LABELS.presentLocation,
    ]) {
      expect(await screen.findByText(MESSAGES.fieldRequired(label))).toBeInTheDocument();
    }
    expect(screen.getByText(MESSAGES.artifactTypeRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("offers the eight types behind a disabled Select a type placeholder", () => {
    renderForm();
    const select = screen.getByLabelText(LABELS.artifactType);
    expect(select).toHaveValue("");
    expect(screen.getByRole("option", { name: "Select a type" })).toBeDisabled();
    const types = screen.getAllByRole("option").filter((option) => select.contains(option));
    expect(types).toHaveLength(9);
  });

  it("says under each date field how the date is understood, as it is typed", async () => {
    const user = userEvent.setup();
    renderForm();
    const created = screen.getByLabelText(LABELS.createdAt);
    await user.type(created, "1300–1046 BC");
    expect(created).toHaveAccessibleDescription("Interpreted as 1300 BC – 1046 BC");
    const discovered = screen.getByLabelText(LABELS.discoveredAt);
    await user.type(discovered, "Never lost");
    expect(discovered).toHaveAccessibleDescription(
      "Not recognised: it will not appear in date filters",
    );
    await user.clear(discovered);
    await user.type(discovered, "c. 1799");
    expect(discovered).toHaveAccessibleDescription("Interpreted as 1789 – 1809 (circa)");
  });

  it("rejects an image address that is not a web URL", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(LABELS.artifactImage), "not a url");
    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    expect(await screen.findByText(MESSAGES.invalidUrl)).toBeInTheDocument();
  });

  it("hands over the trimmed values and shows the server's field messages", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(
      vi.fn<Submit>(async () => ({
        artifactName: "An artifact with this name is pending review.",
      })),
    );
    await user.type(screen.getByLabelText(LABELS.artifactName), "  Antikythera mechanism ");
    await user.selectOptions(screen.getByLabelText(LABELS.artifactType), "Technology");
    await user.type(screen.getByLabelText(LABELS.artifactImage), "https://img.example/a.jpg");
    await user.type(screen.getByLabelText(LABELS.historicalContext), "A Greek orrery.");
    await user.type(screen.getByLabelText(LABELS.createdAt), "100 BC");
    await user.type(screen.getByLabelText(LABELS.discoveredAt), "1901");
    await user.type(screen.getByLabelText(LABELS.discoveredBy), "Sponge divers");
    await user.type(screen.getByLabelText(LABELS.presentLocation), "Athens");
    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    expect(
      await screen.findByText("An artifact with this name is pending review."),
    ).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        artifactName: "Antikythera mechanism",
        artifactType: "Technology",
        artifactImage: "https://img.example/a.jpg",
        historicalContext: "A Greek orrery.",
        createdAt: "100 BC",
        discoveredAt: "1901",
        discoveredBy: "Sponge divers",
        presentLocation: "Athens",
        imageAlt: "",
      },
      { findspot: null, presentPlace: null },
    );
  });

  it("hands over the places typed, and names a point off the globe (issue 31)", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText(LABELS.artifactName), "Antikythera mechanism");
    await user.selectOptions(screen.getByLabelText(LABELS.artifactType), "Technology");
    await user.type(screen.getByLabelText(LABELS.artifactImage), "https://img.example/a.jpg");
    await user.type(screen.getByLabelText(LABELS.historicalContext), "A Greek orrery.");
    await user.type(screen.getByLabelText(LABELS.createdAt), "100 BC");
    await user.type(screen.getByLabelText(LABELS.discoveredAt), "1901");
    await user.type(screen.getByLabelText(LABELS.discoveredBy), "Sponge divers");
    await user.type(screen.getByLabelText(LABELS.presentLocation), "Athens");
    await user.type(screen.getByLabelText("Findspot name"), "Antikythera wreck");
    await user.type(screen.getByLabelText("Findspot latitude"), "95");
    await user.type(screen.getByLabelText("Findspot longitude"), "23,31");
    await user.selectOptions(screen.getByLabelText("Findspot precision"), "about-1km");
    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    expect(await screen.findByText("Latitude is a number from -90 to 90.")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Findspot latitude"));
    await user.type(screen.getByLabelText("Findspot latitude"), "35.87");
    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![1]).toEqual({
      findspot: {
        label: "Antikythera wreck",
        lat: 35.87,
        lon: 23.31,
        precision: "about-1km",
        geonamesId: null,
      },
      presentPlace: null,
    });
  });
});
