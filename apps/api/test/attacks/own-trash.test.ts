import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRASH_PAGE_SIZE, type TrashPage } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Attacks on an owner's trash (issue 29: trash.mine, trash.restoreMine, GET /account/trash, POST
 * /account/trash/{id}/restore): a member walking ids to bring back what others deleted, choosing
 * the owner through the input, asking for unbounded pages, or riding a visitor's cookie from
 * another site. Nothing comes back that is not the caller's, and nothing answers 5xx.
 */

let t: TestApp;
let mallory: SignedInUser;
let victim: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  mallory = await createUserWithSession(t, { name: "Mallory" });
  victim = await createUserWithSession(t, { name: "Victor Victim" });
});

afterEach(async () => {
  await t.close();
});

const deletedAt = (id: number) =>
  t.db.$client.prepare("select deleted_at as deletedAt from artifacts where id = ?").get(id) as {
    deletedAt: number | null;
  };

async function victimDeletes(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const artifact = await addArtifact(t, victim);
    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, victim.cookie);
    ids.push(artifact.id);
  }
  return ids;
}

describe("a member after others' deleted artifacts", () => {
  it("walks every id through both doors and restores nothing, learning nothing", async () => {
    const ids = await victimDeletes(3);
    const walk = Array.from({ length: Math.max(...ids) + 2 }, (_, index) => index + 1);
    const answers = await Promise.all(
      walk.flatMap((id) => [
        rest(t.app, "POST", `/account/trash/${id}/restore`, { cookie: mallory.cookie }),
        trpc(t.app, "mutation", "trash.restoreMine", { id }, mallory.cookie),
      ]),
    );
    const statuses = answers.map((answer) =>
      "statusCode" in answer ? answer.statusCode : answer.status,
    );
    // One answer for a deleted artifact of another's, a live one and an unknown id alike.
    expect(new Set(statuses)).toEqual(new Set([404]));
    for (const id of ids) expect(deletedAt(id).deletedAt).not.toBeNull();
  });

  it("cannot name the owner through the query, the body or a header", async () => {
    const [id] = await victimDeletes(1);
    const listed = await rest(
      t.app,
      "GET",
      `/account/trash?ownerId=${victim.id}&userId=${victim.id}`,
      {
        cookie: mallory.cookie,
        headers: { "x-user-id": String(victim.id) },
      },
    );
    // Unknown query fields are dropped, not obeyed: the page is Mallory's own, empty.
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as TrashPage).total).toBe(0);
    const viaTrpc = await trpc(
      t.app,
      "query",
      "trash.mine",
      { ownerId: victim.id, userId: victim.id },
      mallory.cookie,
    );
    expect((viaTrpc.data as TrashPage | undefined)?.total ?? 0).toBe(0);
    const restored = await rest(t.app, "POST", `/account/trash/${id}/restore`, {
      cookie: mallory.cookie,
      body: { ownerId: victim.id, userEmail: victim.email },
    });
    expect(restored.statusCode).toBe(404);
    expect(deletedAt(id!).deletedAt).not.toBeNull();
  });

  it("cannot ask for an unbounded page or limit", async () => {
    await victimDeletes(1);
    const huge = await Promise.all([
      rest(t.app, "GET", "/account/trash?limit=1000000", { cookie: mallory.cookie }),
      rest(t.app, "GET", "/account/trash?page=99999999999", { cookie: mallory.cookie }),
      rest(t.app, "GET", "/account/trash?limit=-1&page=0", { cookie: mallory.cookie }),
      trpc(t.app, "query", "trash.mine", { limit: TRASH_PAGE_SIZE + 1 }, mallory.cookie),
    ]);
    expect(
      huge.map((answer) => ("statusCode" in answer ? answer.statusCode : answer.status)),
    ).toEqual([400, 400, 400, 400]);
  });
});

describe("another site riding a visitor's cookie", () => {
  it("cannot restore the visitor's deleted artifact", async () => {
    const [id] = await victimDeletes(1);
    const forged = await Promise.all([
      rest(t.app, "POST", `/account/trash/${id}/restore`, {
        cookie: victim.cookie,
        origin: "https://evil.example",
      }),
      rest(t.app, "POST", `/account/trash/${id}/restore`, {
        cookie: victim.cookie,
        origin: null,
        headers: { "sec-fetch-site": "cross-site" },
      }),
    ]);
    expect(forged.map((answer) => answer.statusCode)).toEqual([403, 403]);
    expect(deletedAt(id!).deletedAt).not.toBeNull();
  });
});
