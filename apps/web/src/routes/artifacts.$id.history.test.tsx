import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  pickArtifactFields,
  type RevisionComparison,
  type RevisionPage,
} from "@artifact-atlas/shared";
import { createFakeApi } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";

/** The first screen of a test loads its lazy route modules, which is slow on a busy machine. */
const LOADING = { timeout: 5_000 };

const artifact = makeArtifact({ id: 7, artifactName: "Iron Key, gilded" });
const fields = pickArtifactFields(artifact);
const versions = (restored: boolean): RevisionPage => ({
  items: [
    ...(restored ? [{ number: 3, at: 3, summary: "Restored version 1", authorName: "Ada" }] : []),
    { number: 2, at: 2, summary: "Edited: artifact name", authorName: "Ada" },
    { number: 1, at: 1, summary: "Created", authorName: "Ada" },
  ],
  total: restored ? 3 : 2,
  page: 1,
  pageCount: 1,
  canRestore: true,
});
const comparison: RevisionComparison = {
  from: { number: 1, at: 1, summary: "Created", authorName: "Ada", fields },
  to: { number: 2, at: 2, summary: "Edited: artifact name", authorName: "Ada", fields },
  changes: [],
};

/** The History view with a restore answering `waiting` as the server would (decision 079). */
function historyWith(waiting: boolean) {
  let restored = false;
  return createFakeApi({
    "auth.me": () => SIGNED_IN_USER,
    "notifications.unreadCount": () => 0,
    "artifacts.byId": () => artifact,
    "revisions.list": () => versions(restored),
    "revisions.compare": () => comparison,
    "revisions.restore": () => {
      restored = !waiting;
      return { artifact, revision: restored ? 3 : 2, waiting };
    },
  });
}

async function restoreVersionOne() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /^Restore this version/ }, LOADING));
  const confirm = await screen.findByRole("dialog", { name: "Restore version 1?" });
  await user.click(within(confirm).getByRole("button", { name: "Restore this version" }));
}

describe("Restore this version", () => {
  it("says the version is restored when the server wrote it", async () => {
    const fake = historyWith(false);
    renderApp(fake, "/artifacts/7/history");
    await restoreVersionOne();
    expect(
      await screen.findByRole("dialog", { name: MESSAGES.versionRestored(1) }),
    ).toBeInTheDocument();
    expect(fake.inputsOf("revisions.restore")).toEqual([{ id: 7, number: 1 }]);
  });

  it("says it waits for a curator when the server queued it (REVIEW_MODE=pre)", async () => {
    const fake = historyWith(true);
    renderApp(fake, "/artifacts/7/history");
    await restoreVersionOne();
    expect(
      await screen.findByRole("dialog", { name: MESSAGES.versionRestoreWaiting(1) }),
    ).toBeInTheDocument();
  });
});
