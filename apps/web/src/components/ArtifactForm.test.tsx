import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  ARTIFACT_FIELD_LABELS as LABELS,
  IMAGE_FIELD_LABELS,
  MESSAGES,
  NOT_EVALUATED,
  type ArtifactSubmission,
} from "@artifact-atlas/shared";
import { createFakeApi } from "../test/fake-api";
import { renderWithApi } from "../test/render";
import { ArtifactForm } from "./ArtifactForm";

const CC_BY = "http://creativecommons.org/licenses/by/4.0/";

type Submit = (values: ArtifactSubmission) => Promise<Record<string, string> | void>;

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
    expect(within(select).getAllByRole("option")).toHaveLength(9);
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
    expect(onSubmit).toHaveBeenCalledWith({
      artifactName: "Antikythera mechanism",
      artifactType: "Technology",
      artifactImage: "https://img.example/a.jpg",
      historicalContext: "A Greek orrery.",
      createdAt: "100 BC",
      discoveredAt: "1901",
      discoveredBy: "Sponge divers",
      presentLocation: "Athens",
      imageAlt: "",
      images: [
        {
          url: "https://img.example/a.jpg",
          alt: "",
          caption: "",
          rights: NOT_EVALUATED,
          credit: "",
        },
      ],
    });
  });

  it("adds, reorders and removes images with buttons, each with its description, rights and credit", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText(LABELS.artifactName), "Bronze mirror");
    await user.selectOptions(screen.getByLabelText(LABELS.artifactType), "Art");
    await user.type(screen.getByLabelText(LABELS.artifactImage), "https://img.example/front.jpg");
    await user.type(screen.getByLabelText(LABELS.imageAlt), "The polished face");
    await user.selectOptions(screen.getByLabelText(IMAGE_FIELD_LABELS.rights), CC_BY);
    await user.type(screen.getByLabelText(IMAGE_FIELD_LABELS.credit), "Photo: Ada");
    for (const [label, text] of [
      [LABELS.historicalContext, "A mirror."],
      [LABELS.createdAt, "100 BC"],
      [LABELS.discoveredAt, "1901"],
      [LABELS.discoveredBy, "Divers"],
      [LABELS.presentLocation, "Athens"],
    ] as const) {
      await user.type(screen.getByLabelText(label), text);
    }

    // Two more, by address; the keyboard reaches every button.
    await user.click(screen.getByRole("button", { name: "Add an image by address" }));
    expect(screen.getByLabelText("Image URL (image 2)")).toHaveFocus();
    await user.keyboard("https://img.example/back.jpg");
    await user.type(screen.getByLabelText("Image description (image 2)"), "The back");
    await user.type(screen.getByLabelText("Caption (image 2)"), "Decorated back");
    await user.click(screen.getByRole("button", { name: "Add an image by address" }));
    await user.keyboard("https://img.example/mark.jpg");

    // The third moves up, then the second becomes the artifact's image.
    await user.click(screen.getByRole("button", { name: "Move up (image 3)" }));
    expect(screen.getByLabelText("Image URL (image 2)")).toHaveValue(
      "https://img.example/mark.jpg",
    );
    await user.click(screen.getByRole("button", { name: "Move down (image 2)" }));
    await user.click(
      screen.getByRole("button", { name: "Make it the artifact's image (image 2)" }),
    );
    expect(screen.getByLabelText(LABELS.artifactImage)).toHaveValue("https://img.example/back.jpg");
    expect(screen.getByLabelText(LABELS.artifactImage)).toHaveFocus();
    expect(screen.getByLabelText(LABELS.imageAlt)).toHaveValue("The back");
    expect(screen.getByLabelText("Image URL (image 2)")).toHaveValue(
      "https://img.example/front.jpg",
    );
    await user.click(screen.getByRole("button", { name: "Remove (image 3)" }));

    await user.click(screen.getByRole("button", { name: "Add Artifact" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      artifactImage: "https://img.example/back.jpg",
      imageAlt: "The back",
      images: [
        {
          url: "https://img.example/back.jpg",
          alt: "The back",
          caption: "Decorated back",
          rights: NOT_EVALUATED,
          credit: "",
        },
        {
          url: "https://img.example/front.jpg",
          alt: "The polished face",
          caption: "",
          rights: CC_BY,
          credit: "Photo: Ada",
        },
      ],
    });
    // Many keystrokes: slow on a busy machine.
  }, 60_000);
});
