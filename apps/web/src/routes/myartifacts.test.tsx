import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MY_ARTIFACTS_PAGE_SIZE, type TrashPage } from "@artifact-atlas/shared";
import { createFakeApi, cursorPages, FakeApiError } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";
import { expectConsoleErrors } from "../test/setup";

function api(deleteAnswer: (input: { id: number }) => unknown) {
  return createFakeApi({
    "auth.me": () => SIGNED_IN_USER,
    "artifacts.mine": cursorPages(
      [
        makeArtifact({ id: 3, artifactName: "Bronze Mirror" }),
        makeArtifact({ id: 4, artifactName: "Venus Figurine" }),
      ],
      MY_ARTIFACTS_PAGE_SIZE,
    ),
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
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "artifacts.mine": cursorPages([], MY_ARTIFACTS_PAGE_SIZE),
      }),
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

  it("shows every artifact of a member with more than two pages, without a click", async () => {
    const total = 2 * MY_ARTIFACTS_PAGE_SIZE + 5;
    const artifacts = Array.from({ length: total }, (_, index) =>
      makeArtifact({ id: total - index, artifactName: `Artifact ${total - index}` }),
    );
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "artifacts.mine": cursorPages(artifacts, MY_ARTIFACTS_PAGE_SIZE),
    });
    renderApp(fake, "/myartifacts");

    expect(await screen.findByText(`${total} artifacts`)).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "My artifacts" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(total);
    expect(within(rows[0]!).getByRole("link", { name: `Artifact ${total}` })).toBeInTheDocument();
    expect(within(rows.at(-1)!).getByRole("link", { name: "Artifact 1" })).toBeInTheDocument();
    expect(rows.at(-1)).toHaveTextContent(String(total));
    expect(screen.queryByRole("button", { name: /load more/i })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add New Artifact" })).toBeInTheDocument();
    // Three pages, each after the last one's cursor.
    expect(fake.inputsOf("artifacts.mine")).toEqual([
      { direction: "forward" },
      { cursor: total - MY_ARTIFACTS_PAGE_SIZE + 1, direction: "forward" },
      { cursor: total - 2 * MY_ARTIFACTS_PAGE_SIZE + 1, direction: "forward" },
    ]);
  });

  it("deletes from a later page and keeps the rest of the list", async () => {
    const user = userEvent.setup();
    const total = MY_ARTIFACTS_PAGE_SIZE + 3;
    const artifacts = Array.from({ length: total }, (_, index) =>
      makeArtifact({ id: total - index, artifactName: `Artifact ${total - index}` }),
    );
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "artifacts.mine": cursorPages(artifacts, MY_ARTIFACTS_PAGE_SIZE),
      "artifacts.delete": ({ id }: { id: number }) => ({
        id,
        message: "Artifact deleted successfully",
      }),
    });
    renderApp(fake, "/myartifacts");
    await user.click(await screen.findByRole("button", { name: "Delete Artifact 2" }));
    await user.click(await screen.findByRole("button", { name: "Yes, delete it!" }));
    expect(await screen.findByRole("dialog", { name: "Deleted!" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Artifact 2" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Artifact 1" })).toBeInTheDocument();
    expect(screen.getByText(`${total - 1} artifacts`)).toBeInTheDocument();
    expect(fake.inputsOf("artifacts.mine")).toHaveLength(2);
  });

  it("shows the error state when a later page cannot be loaded", async () => {
    expectConsoleErrors();
    const pages = cursorPages(
      Array.from({ length: MY_ARTIFACTS_PAGE_SIZE + 1 }, (_, index) =>
        makeArtifact({ id: 100 - index }),
      ),
      MY_ARTIFACTS_PAGE_SIZE,
    );
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "artifacts.mine": (input: { cursor?: number }) => {
          if (input.cursor) throw new FakeApiError("BAD_REQUEST", "cursor must be a whole number.");
          return pages(input);
        },
      }),
      "/myartifacts",
    );
    expect(
      await screen.findByRole("heading", { name: "Error Loading Artifacts" }),
    ).toBeInTheDocument();
  });

  describe("undo and the trash (issue 29)", () => {
    const DAY = 24 * 60 * 60 * 1000;

    /** A member's artifacts and trash as the server keeps them. */
    function collection() {
      let live = [
        makeArtifact({ id: 3, artifactName: "Bronze Mirror" }),
        makeArtifact({ id: 4, artifactName: "Venus Figurine" }),
      ];
      let trashed: { artifact: ReturnType<typeof makeArtifact>; deletedAt: number }[] = [];
      return createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "artifacts.mine": cursorPages(() => live, MY_ARTIFACTS_PAGE_SIZE),
        "artifacts.delete": ({ id }: { id: number }) => {
          trashed = [
            { artifact: live.find((item) => item.id === id)!, deletedAt: Date.now() },
            ...trashed,
          ];
          live = live.filter((item) => item.id !== id);
          return { id, message: "Artifact deleted successfully" };
        },
        "trash.mine": (): TrashPage => ({
          items: trashed.map((item) => ({ ...item, purgeAt: item.deletedAt + 30 * DAY })),
          total: trashed.length,
          page: 1,
          pageCount: trashed.length > 0 ? 1 : 0,
        }),
        "trash.restoreMine": ({ id }: { id: number }) => {
          const back = trashed.find((item) => item.artifact.id === id)!;
          trashed = trashed.filter((item) => item !== back);
          live = [...live, back.artifact].sort((a, b) => b.id - a.id);
          return { id };
        },
      });
    }

    it("offers Undo beside OK after Deleted!, which brings the artifact back and focus to it", async () => {
      const user = userEvent.setup();
      const fake = collection();
      renderApp(fake, "/myartifacts");
      await user.click(await screen.findByRole("button", { name: "Delete Bronze Mirror" }));
      await user.click(await screen.findByRole("button", { name: "Yes, delete it!" }));
      const done = await screen.findByRole("dialog", { name: "Deleted!" });
      // The spec's words stay; Undo is the addition.
      expect(done).toHaveAccessibleDescription("Artifact deleted successfully");
      expect(within(done).getByRole("button", { name: "OK" })).toHaveFocus();
      await user.click(within(done).getByRole("button", { name: "Undo" }));
      expect(await screen.findByText("Bronze Mirror was restored.")).toBeInTheDocument();
      expect(fake.inputsOf("trash.restoreMine")).toEqual([{ id: 3 }]);
      expect(screen.getByRole("link", { name: "Bronze Mirror" })).toBeInTheDocument();
      expect(screen.getByText("2 artifacts")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Delete Bronze Mirror" })).toHaveFocus();
    });

    it("after OK, leaves focus in the page rather than nowhere", async () => {
      const user = userEvent.setup();
      renderApp(collection(), "/myartifacts");
      await user.click(await screen.findByRole("button", { name: "Delete Bronze Mirror" }));
      await user.click(await screen.findByRole("button", { name: "Yes, delete it!" }));
      const done = await screen.findByRole("dialog", { name: "Deleted!" });
      await user.click(within(done).getByRole("button", { name: "OK" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(screen.getByRole("main")).toHaveFocus();
    });

    it("lists what the member deleted in their Trash, to restore", async () => {
      const user = userEvent.setup();
      const fake = collection();
      const { router } = renderApp(fake, "/myartifacts");
      await user.click(await screen.findByRole("button", { name: "Delete Venus Figurine" }));
      await user.click(await screen.findByRole("button", { name: "Yes, delete it!" }));
      await user.click(
        within(await screen.findByRole("dialog", { name: "Deleted!" })).getByRole("button", {
          name: "OK",
        }),
      );
      await user.click(screen.getByRole("link", { name: "Trash" }));
      await waitFor(() => expect(router.location.pathname).toBe("/myartifacts/trash"));
      const table = await screen.findByRole("table", { name: "Deleted artifacts" });
      expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Venus Figurine");
      // Only the member's own: no column naming who added it.
      expect(within(table).queryByRole("columnheader", { name: "Added by" })).toBeNull();
      await user.click(within(table).getByRole("button", { name: "Restore Venus Figurine" }));
      expect(await screen.findByText("Venus Figurine was restored.")).toBeInTheDocument();
      expect(fake.inputsOf("trash.restoreMine")).toEqual([{ id: 4 }]);
      expect(
        await screen.findByRole("heading", { name: "Your trash is empty" }),
      ).toBeInTheDocument();
      await user.click(
        within(screen.getByRole("main")).getByRole("link", { name: "My Artifacts" }),
      );
      expect(await screen.findByRole("link", { name: "Venus Figurine" })).toBeInTheDocument();
    });
  });
});
