import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeApi, FakeApiError } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";
import { expectConsoleErrors } from "../test/setup";

function api(deleteAnswer: (input: { id: number }) => unknown) {
  return createFakeApi({
    "auth.me": () => SIGNED_IN_USER,
    "artifacts.mine": () => [
      makeArtifact({ id: 3, artifactName: "Bronze Mirror" }),
      makeArtifact({ id: 4, artifactName: "Venus Figurine" }),
    ],
    "artifacts.delete": deleteAnswer,
  });
}

describe("My Artifacts", () => {
  it("deletes after confirmation and drops the row without reloading", async () => {
    const user = userEvent.setup();
    const fake = api(({ id }) => ({ id, message: "Artifact deleted successfully" }));
    renderApp(fake, "/myartifacts");
    await user.click(await screen.findByRole("button", { name: "Delete Bronze Mirror" }));
    const confirm = await screen.findByRole("dialog", { name: "Are you sure?" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, delete it!" }));
    const done = await screen.findByRole("dialog", { name: "Deleted!" });
    expect(done).toHaveAccessibleDescription("Artifact deleted successfully");
    expect(screen.queryByRole("link", { name: "Bronze Mirror" })).not.toBeInTheDocument();
    expect(screen.getByText("1 artifact")).toBeInTheDocument();
    expect(fake.inputsOf("artifacts.delete")).toEqual([{ id: 3 }]);
    // Removed from the cache, not fetched again.
    expect(fake.inputsOf("artifacts.mine")).toHaveLength(1);
  });

  it("does nothing when the visitor cancels", async () => {
    const user = userEvent.setup();
    const fake = api(() => ({ id: 3, message: "deleted" }));
    renderApp(fake, "/myartifacts");
    await user.click(await screen.findByRole("button", { name: "Delete Bronze Mirror" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("link", { name: "Bronze Mirror" })).toBeInTheDocument();
    expect(fake.inputsOf("artifacts.delete")).toEqual([]);
  });

  it("shows the server's error and keeps the list when the delete fails", async () => {
    expectConsoleErrors();
    const user = userEvent.setup();
    renderApp(
      api(() => {
        throw new FakeApiError("FORBIDDEN", "You can only change artifacts that you added.");
      }),
      "/myartifacts",
    );
    await user.click(await screen.findByRole("button", { name: "Delete Bronze Mirror" }));
    await user.click(await screen.findByRole("button", { name: "Yes, delete it!" }));
    expect(await screen.findByRole("dialog", { name: "Error!" })).toHaveAccessibleDescription(
      "You can only change artifacts that you added.",
    );
    expect(screen.getByRole("link", { name: "Bronze Mirror" })).toBeInTheDocument();
    expect(screen.getByText("2 artifacts")).toBeInTheDocument();
  });

  it("invites a first contribution when the list is empty", async () => {
    renderApp(
      createFakeApi({ "auth.me": () => SIGNED_IN_USER, "artifacts.mine": () => [] }),
      "/myartifacts",
    );
    expect(
      await screen.findByRole("heading", { name: "No artifacts posted yet" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Your First Artifact" })).toHaveAttribute(
      "href",
      "/addartifacts",
    );
  });
});
