import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "./support/app";
import { artifactFields } from "./support/artifacts";
import { addArtifactBody, postArtifact, rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/* The history over REST: GET /artifacts/{id}/revisions and its neighbours, and PUT's baseRevision. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function put(user: SignedInUser, id: string, body: Record<string, unknown>) {
  return rest(t.app, "PUT", `/artifacts/${id}`, { cookie: user.cookie, body });
}

function revisionCount(id: string): number {
  return (
    t.db.$client
      .prepare("select count(*) as n from artifact_revisions where artifact_id = ?")
      .get(Number(id)) as { n: number }
  ).n;
}

describe("GET /artifacts/{id}/revisions", () => {
  test("pages the history newest first with X-Total-Count and Link", async () => {
    const owner = await createUserWithSession(t, { name: "Rest Owner" });
    const id = await postArtifact(t.app, owner);
    for (let index = 0; index < 4; index += 1) {
      expect((await put(owner, id, addArtifactBody(owner))).statusCode).toBe(200);
    }

    const response = await rest(t.app, "GET", `/artifacts/${id}/revisions?page=2&pageSize=2`, {
      cookie: owner.cookie,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("5");
    expect(response.headers.link).toContain(
      `</artifacts/${id}/revisions?page=3&pageSize=2>; rel="next"`,
    );
    expect(response.headers.link).toContain(
      `</artifacts/${id}/revisions?page=1&pageSize=2>; rel="prev"`,
    );
    const items = response.json() as { number: number; at: string; authorName: string }[];
    expect(items.map((item) => item.number)).toEqual([3, 2]);
    expect(items[0]?.authorName).toBe("Rest Owner");
    expect(new Date(items[0]!.at).toISOString()).toBe(items[0]?.at);
  });

  test("one revision, and a comparison, as JSON", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner, { presentLocation: "Cairo" });
    await put(owner, id, { ...addArtifactBody(owner), presentLocation: "Alexandria" });

    const first = await rest(t.app, "GET", `/artifacts/${id}/revisions/1`, {
      cookie: owner.cookie,
    });
    const compared = await rest(t.app, "GET", `/artifacts/${id}/revisions/compare?from=1&to=2`, {
      cookie: owner.cookie,
    });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      number: 1,
      summary: "Created",
      fields: { presentLocation: "Cairo" },
    });
    expect(compared.statusCode).toBe(200);
    const changes = (
      compared.json() as { changes: { field: string; before: string; after: string }[] }
    ).changes;
    expect(changes.find((change) => change.field === "presentLocation")).toMatchObject({
      before: "Cairo",
      after: "Alexandria",
    });
  });

  test("signed out is 401; a bad id or number is 404; a bad page is 400", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner);
    const cookie = owner.cookie;

    expect((await rest(t.app, "GET", `/artifacts/${id}/revisions`)).statusCode).toBe(401);
    expect((await rest(t.app, "GET", "/artifacts/abc/revisions", { cookie })).statusCode).toBe(404);
    expect((await rest(t.app, "GET", "/artifacts/999999/revisions", { cookie })).statusCode).toBe(
      404,
    );
    expect((await rest(t.app, "GET", `/artifacts/${id}/revisions/0`, { cookie })).statusCode).toBe(
      404,
    );
    expect((await rest(t.app, "GET", `/artifacts/${id}/revisions/2`, { cookie })).json()).toEqual({
      error: MESSAGES.revisionNotFound,
    });
    const tooBig = await rest(t.app, "GET", `/artifacts/${id}/revisions?pageSize=101`, { cookie });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({
      error: "pageSize: pageSize must be a whole number from 1 to 100.",
    });
    const badCompare = await rest(t.app, "GET", `/artifacts/${id}/revisions/compare?from=1`, {
      cookie,
    });
    expect(badCompare.statusCode).toBe(400);
  });
});

describe("PUT /artifacts/{id} with baseRevision", () => {
  test("a stale base answers 409 and writes nothing; the current base saves", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner);
    const theirs = await put(owner, id, {
      ...addArtifactBody(owner),
      artifactName: "Theirs",
      baseRevision: 1,
    });
    expect(theirs.statusCode).toBe(200);

    const stale = await put(owner, id, {
      ...addArtifactBody(owner),
      artifactName: "Mine",
      baseRevision: 1,
    });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, error: MESSAGES.editConflict });
    const now = await rest(t.app, "GET", `/artifacts/${id}`);
    expect((now.json() as { artifactName: string }).artifactName).toBe("Theirs");
    expect(revisionCount(id)).toBe(2);

    const merged = await put(owner, id, {
      ...addArtifactBody(owner),
      artifactName: "Merged",
      baseRevision: 2,
    });
    expect(merged.statusCode).toBe(200);
    expect(revisionCount(id)).toBe(3);
  });

  test("without baseRevision, PUT overwrites as it always did", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner);
    await put(owner, id, { ...addArtifactBody(owner), artifactName: "One" });

    const response = await put(owner, id, { ...addArtifactBody(owner), artifactName: "Two" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, artifact: { artifactName: "Two" } });
  });

  test("a baseRevision that is not a whole number is 400 and writes nothing", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner);
    for (const baseRevision of ["1", 0, 2.5, null, { number: 1 }]) {
      const response = await put(owner, id, { ...addArtifactBody(owner), baseRevision });
      expect(response.statusCode, JSON.stringify(baseRevision)).toBe(400);
      expect((response.json() as { error: string }).error).toMatch(
        /^baseRevision: A revision must be/,
      );
    }
    expect(revisionCount(id)).toBe(1);
  });

  test("two PUTs from the same base at once: one saves, the other is 409", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner);

    const answers = await Promise.all(
      ["Left", "Right"].map((artifactName) =>
        put(owner, id, { ...addArtifactBody(owner), artifactName, baseRevision: 1 }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(revisionCount(id)).toBe(2);
  });
});

describe("POST /artifacts/{id}/revisions/{number}/restore", () => {
  test("the owner restores a version as a new revision", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner, { artifactName: "First" });
    await put(owner, id, { ...addArtifactBody(owner), artifactName: "Second" });

    const response = await rest(t.app, "POST", `/artifacts/${id}/revisions/1/restore`, {
      cookie: owner.cookie,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: MESSAGES.versionRestored(1),
      revision: 3,
      artifact: { _id: id, artifactName: "First" },
    });
  });

  test("another member is refused (403), signed out is 401, and nothing changes", async () => {
    const owner = await createUserWithSession(t);
    const other = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner, { artifactName: "First" });
    await put(owner, id, { ...addArtifactBody(owner), artifactName: "Second" });

    const refused = await rest(t.app, "POST", `/artifacts/${id}/revisions/1/restore`, {
      cookie: other.cookie,
    });
    const signedOut = await rest(t.app, "POST", `/artifacts/${id}/revisions/1/restore`);

    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: MESSAGES.restoreNotAllowed });
    expect(signedOut.statusCode).toBe(401);
    expect(revisionCount(id)).toBe(2);
    const now = await rest(t.app, "GET", `/artifacts/${id}`);
    expect((now.json() as { artifactName: string }).artifactName).toBe("Second");
  });

  test("artifactFields stay the ones of the revision, whatever the body says", async () => {
    const owner = await createUserWithSession(t);
    const id = await postArtifact(t.app, owner, { artifactName: "First" });
    await put(owner, id, { ...addArtifactBody(owner), artifactName: "Second" });

    const response = await rest(t.app, "POST", `/artifacts/${id}/revisions/1/restore`, {
      cookie: owner.cookie,
      body: artifactFields({ artifactName: "Smuggled" }),
    });

    expect(response.statusCode).toBe(200);
    expect((response.json() as { artifact: { artifactName: string } }).artifact.artifactName).toBe(
      "First",
    );
  });
});

describe("GET /artifacts/{id}/history", () => {
  test("is the web app's page for a navigation only: anything else is a JSON 404", async () => {
    const response = await rest(t.app, "GET", "/artifacts/1/history");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found" });
    expect(response.headers.vary).toContain("Accept");
  });
});
