import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { queue } from "../review/support";

/*
 * Issue 17: no sequence of create, edit, reject, hide, unhide, approve, report, delete, restore
 * from the trash and restore of a version shows a pending, rejected, hidden or trashed artifact
 * to the public through any door, tRPC or REST, in either review mode; and a public artifact is
 * shown (decision 050).
 */

const ACTIONS = [
  "edit",
  "approve",
  "reject",
  "hide",
  "unhide",
  "uphold",
  "dismiss",
  "report spam",
  "report other",
  "delete",
  "restore",
  "restore version 1",
] as const;
type Action = (typeof ACTIONS)[number];

interface World {
  t: TestApp;
  owner: SignedInUser;
  stranger: SignedInUser;
  curator: SignedInUser;
  reporters: SignedInUser[];
}

async function makeWorld(reviewMode: "post" | "pre"): Promise<World> {
  const t = await createTestApp({ REVIEW_MODE: reviewMode });
  const reporters: SignedInUser[] = [];
  for (let i = 0; i < 3; i += 1) reporters.push(await createUserWithSession(t));
  return {
    t,
    owner: await createUserWithSession(t),
    stranger: await createUserWithSession(t),
    curator: await createUserWithSession(t, { role: "curator" }),
    reporters,
  };
}

/** Tries `action` on the artifact; a refusal (4xx) is a fine outcome, a 5xx is not. */
async function act(world: World, id: number, action: Action, step: number): Promise<void> {
  const { t, owner, curator } = world;
  let status: number;
  const oldest = (await queue(t, curator)).find((entry) => entry.artifact.id === id);
  const decide = async (decision: string, reason?: string) =>
    oldest
      ? (
          await trpc(
            t.app,
            "mutation",
            "review.decide",
            {
              entryId: oldest.id,
              decision,
              revision: oldest.revision,
              version: oldest.version,
              ...(reason ? { reason } : {}),
            },
            curator.cookie,
          )
        ).status
      : 404;
  switch (action) {
    case "edit":
      status = (
        await trpc(
          t.app,
          "mutation",
          "artifacts.update",
          { id, fields: artifactFields({ artifactName: `Lamp edit ${step}` }) },
          owner.cookie,
        )
      ).status;
      break;
    case "approve":
    case "uphold":
    case "dismiss":
      status = await decide(action);
      break;
    case "reject":
      status = await decide("reject", "Inaccurate");
      break;
    case "hide":
    case "unhide":
      status = await decide(action, "Other");
      break;
    case "report spam":
    case "report other": {
      const reporter = world.reporters[step % world.reporters.length]!;
      const reason = action === "report spam" ? "spam" : "other";
      status = (
        await rest(t.app, "POST", `/artifacts/${id}/reports`, {
          cookie: reporter.cookie,
          body: { reason },
        })
      ).statusCode;
      break;
    }
    case "delete":
      status = (await trpc(t.app, "mutation", "artifacts.delete", { id }, owner.cookie)).status;
      break;
    case "restore":
      status = (await trpc(t.app, "mutation", "trash.restore", { id }, curator.cookie)).status;
      break;
    case "restore version 1":
      // The owner's Restore this version (decision 079).
      status = (await trpc(t.app, "mutation", "revisions.restore", { id, number: 1 }, owner.cookie))
        .status;
      break;
  }
  expect(status, action).toBeLessThan(500);
}

describe.each(["post", "pre"] as const)("REVIEW_MODE=%s", (mode) => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld(mode);
  });
  afterAll(async () => {
    await world.t.close();
  });

  it("shows an artifact through a public door exactly when it is published and outside the trash", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 6 }),
        async (actions) => {
          const { t } = world;
          const created = await addArtifact(t, world.owner, { artifactName: "Lamp" });
          for (const [step, action] of actions.entries())
            await act(world, created.id, action, step);
          const row = t.db.$client
            .prepare(
              "select artifact_name as name, status, deleted_at as deletedAt from artifacts where id = ?",
            )
            .get(created.id) as { name: string; status: string; deletedAt: number | null };
          const artifact = { ...created, artifactName: row.name };
          const isPublic = row.status === "published" && row.deletedAt === null;
          const asPublic = await doorsShowing(t, artifact);
          const asStranger = await doorsShowing(t, artifact, {
            cookie: world.stranger.cookie,
            likerCookie: world.stranger.cookie,
          });
          if (isPublic) {
            expect(asPublic).toContain("byId 200");
            expect(asPublic).toContain("REST byId 200");
            expect(asPublic).toContain("list search (name) default");
          } else {
            expect(asPublic, `${actions.join(", ")} left it ${row.status}`).toEqual([]);
            expect(asStranger, `${actions.join(", ")} left it ${row.status}`).toEqual([]);
          }
          // Clean up for the next run: the collection stays small.
          t.db.$client.prepare("delete from artifacts where id = ?").run(created.id);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
