import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COLLECTION_MESSAGES, type CollectionDetail } from "@artifact-atlas/shared";
import { createFakeApi, FakeApiError } from "../test/fake-api";
import { renderWithApi, SIGNED_IN_USER } from "../test/render";
import { CollectionActions } from "./CollectionActions";

const COLLECTION: CollectionDetail = {
  id: 7,
  title: "Coins of Roman Britain",
  kind: "curated",
  visibility: "public",
  status: "published",
  owner: { id: 2, name: "Olive Owner" },
  cover: null,
  artifactCount: 3,
  likeCount: 0,
  createdAt: 0,
  updatedAt: 0,
  description: "",
  descriptionHtml: "",
  collaborators: [{ id: 3, name: "Hal Helper" }],
  query: null,
  coverArtifactId: null,
  hiddenReason: null,
  deletedAt: null,
  rights: { edit: false, own: false, moderate: false },
};

const REASONS = [
  { id: 1, label: "Offensive" },
  { id: 2, label: "Other" },
];

describe("CollectionActions", () => {
  it("cites the collection with its makers and link", async () => {
    const api = createFakeApi({ "auth.me": () => null });
    renderWithApi(api, <CollectionActions collection={COLLECTION} />);
    fireEvent.click(screen.getByRole("button", { name: "Cite this" }));
    const cite = await screen.findByRole("heading", { name: "Cite this" });
    const box = cite.closest("section")!;
    expect(box).toHaveTextContent(
      `Olive Owner, Hal Helper. "Coins of Roman Britain." Collection of 3 artifacts. Artifact Atlas, ${window.location.origin}/c/7.`,
    );
    // A visitor is offered no Report.
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("sends a member's report once, and says so when it was sent before", async () => {
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "collections.report": () => {
        throw new FakeApiError("CONFLICT", COLLECTION_MESSAGES.alreadyReported);
      },
    });
    renderWithApi(api, <CollectionActions collection={COLLECTION} />);
    fireEvent.click(await screen.findByRole("button", { name: "Report" }));
    const form = screen.getByRole("form", { name: "Report this collection" });
    fireEvent.change(within(form).getByLabelText("Reason"), { target: { value: "offensive" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      COLLECTION_MESSAGES.alreadyReported,
    );
    expect(api.inputsOf("collections.report")).toEqual([{ id: 7, reason: "offensive" }]);
  });

  it("tells the owner that a curator hid it, and why; offers no Report or Cite", async () => {
    const api = createFakeApi({ "auth.me": () => ({ ...SIGNED_IN_USER, id: 2 }) });
    const hidden = {
      ...COLLECTION,
      status: "hidden" as const,
      hiddenReason: "Offensive",
      rights: { edit: true, own: true, moderate: false },
    };
    renderWithApi(api, <CollectionActions collection={hidden} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Hidden by a curator: Offensive. Only you and the curators can see this collection.",
    );
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cite this" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Collaborators" })).toBeInTheDocument();
  });

  it("lets a curator hide it with a reason from the list", async () => {
    const api = createFakeApi({
      "auth.me": () => ({ ...SIGNED_IN_USER, role: "curator" }),
      "review.reasons": () => REASONS,
      "collections.hide": () => ({ ...COLLECTION, status: "hidden", hiddenReason: "Offensive" }),
    });
    const moderated = { ...COLLECTION, rights: { edit: false, own: false, moderate: true } };
    renderWithApi(api, <CollectionActions collection={moderated} />);
    fireEvent.click(screen.getByRole("button", { name: "Hide collection" }));
    const form = await screen.findByRole("form", {
      name: "Hide collection Coins of Roman Britain: reason",
    });
    await screen.findByRole("option", { name: "Offensive" });
    fireEvent.change(within(form).getByLabelText("Reason"), { target: { value: "Offensive" } });
    fireEvent.click(within(form).getByRole("button", { name: "Hide collection" }));
    await waitFor(() =>
      expect(api.inputsOf("collections.hide")).toEqual([{ id: 7, reason: "Offensive" }]),
    );
  });

  it("lets the owner invite by name and shows the server's refusal", async () => {
    const api = createFakeApi({
      "auth.me": () => ({ ...SIGNED_IN_USER, id: 2 }),
      "collections.addCollaborator": (input: { name: string }) => {
        if (input.name === "Sam")
          throw new FakeApiError("CONFLICT", COLLECTION_MESSAGES.nameShared);
        return {
          ...COLLECTION,
          collaborators: [...COLLECTION.collaborators, { id: 4, name: "Cora" }],
        };
      },
      "collections.byId": () => COLLECTION,
    });
    const owned = { ...COLLECTION, rights: { edit: true, own: true, moderate: false } };
    renderWithApi(api, <CollectionActions collection={owned} />);
    fireEvent.click(screen.getByRole("button", { name: "Collaborators" }));
    expect(screen.getByRole("list", { name: "Collaborators" })).toHaveTextContent("Hal Helper");
    const field = screen.getByLabelText("Member name");
    fireEvent.change(field, { target: { value: "Sam" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText(COLLECTION_MESSAGES.nameShared)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "Cora" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Cora can now add, order and annotate.",
    );
    expect(api.inputsOf("collections.addCollaborator")).toEqual([
      { id: 7, name: "Sam" },
      { id: 7, name: "Cora" },
    ]);
  });
});
