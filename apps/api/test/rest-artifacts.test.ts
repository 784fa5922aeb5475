import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, REST_MAX_PAGE_SIZE, type ArtifactType } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { artifactFields } from "./support/artifacts";
import { addArtifactBody, postArtifact, rest, type RestOptions } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Archivist" });
  bob = await createUserWithSession(t, { email: "bob@example.com", name: "Bob Builder" });
});

afterEach(async () => {
  await t.close();
});

/** Every key of an artifact in a REST answer, and nothing else (no owner, no email). */
const ARTIFACT_KEYS = [
  "_id",
  "artifactName",
  "artifactImage",
  "artifactType",
  "historicalContext",
  "createdAt",
  "discoveredAt",
  "discoveredBy",
  "presentLocation",
  "likeCount",
  "username",
  "imageAlt",
  "imageWidth",
  "imageHeight",
  "imagePlaceholder",
  "createdFromYear",
  "createdToYear",
  "discoveredFromYear",
  "discoveredToYear",
].sort();

type RestArtifactBody = Record<string, unknown> & { _id: string; artifactName: string };

function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, options?: RestOptions) {
  return rest(t.app, method, url, options);
}

async function getList(url: string, cookie?: string) {
  const response = await call("GET", url, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(200);
  return { response, items: response.json() as RestArtifactBody[] };
}

function names(items: RestArtifactBody[]): string[] {
  return items.map((item) => item.artifactName);
}

/** Gives the artifact `count` likes from fresh members, through POST /liked-artifacts. */
async function likeTimes(id: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const member = await createUserWithSession(t);
    const response = await call("POST", "/liked-artifacts", {
      cookie: member.cookie,
      body: { artifact_id: id, applicant_email: member.email },
    });
    expect(response.statusCode).toBe(200);
  }
}

/** The stored row as SQL sees it, including the columns no client gets. */
function row(id: string | number) {
  return t.db.$client.prepare("select * from artifacts where id = ?").get(Number(id)) as
    Record<string, unknown> | undefined;
}

function count(table: string): number {
  return (t.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

function expectError(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json() as { error: string };
  expect(typeof body.error).toBe("string");
  if (message !== undefined) expect(body.error).toBe(message);
  return body;
}

const MALFORMED_IDS = ["abc", "0", "-1", "1.5", "99999999999999999999", "64b7f0c2e4b0a1b2c3d4e5f6"];

describe("GET /artifacts", () => {
  it("answers the whole collection most liked first, ties by id, as a JSON array", async () => {
    const quiet = await postArtifact(t.app, alice, { artifactName: "Quiet" });
    const first = await postArtifact(t.app, alice, { artifactName: "First Liked" });
    const second = await postArtifact(t.app, bob, { artifactName: "Second Liked" });
    const top = await postArtifact(t.app, bob, { artifactName: "Top" });
    await likeTimes(second, 2);
    await likeTimes(first, 2);
    await likeTimes(top, 3);

    const { response, items } = await getList("/artifacts");

    expect(names(items)).toEqual(["Top", "First Liked", "Second Liked", "Quiet"]);
    expect(items.map((item) => item._id)).toEqual([top, first, second, quiet]);
    expect(items.map((item) => item.likeCount)).toEqual([3, 2, 2, 0]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(ARTIFACT_KEYS);
      expect(item._id).toMatch(/^\d+$/);
    }
    expect(response.headers["x-total-count"]).toBe("4");
  });

  it("answers every field of an artifact as it was added, with _id a string", async () => {
    const body = addArtifactBody(alice, { artifactType: "Documents" });
    const created = await call("POST", "/artifacts", { cookie: alice.cookie, body });
    const { insertedId } = created.json() as { insertedId: string };

    const { items } = await getList("/artifacts");

    expect(items).toEqual([
      {
        _id: insertedId,
        artifactName: body.artifactName,
        artifactImage: body.artifactImage,
        artifactType: "Documents",
        historicalContext: body.historicalContext,
        createdAt: body.createdAt,
        discoveredAt: body.discoveredAt,
        discoveredBy: body.discoveredBy,
        presentLocation: body.presentLocation,
        likeCount: 0,
        username: "Alice Archivist",
        imageAlt: "",
        imageWidth: null,
        imageHeight: null,
        imagePlaceholder: null,
        // The test body's "100 BC" and "1799", as the date parser reads them.
        createdFromYear: -100,
        createdToYear: -100,
        discoveredFromYear: 1799,
        discoveredToYear: 1799,
      },
    ]);
  });

  it("caps the answer with limit, as the home page asks for the 6 most popular", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await postArtifact(t.app, alice));
    await likeTimes(ids[7]!, 2);
    await likeTimes(ids[3]!, 1);

    const { response, items } = await getList("/artifacts?limit=6");

    expect(items.map((item) => item._id)).toEqual([ids[7], ids[3], ids[0], ids[1], ids[2], ids[4]]);
    expect(response.headers["x-total-count"]).toBe("8");
    expect(response.headers.link).toContain('</artifacts?page=2&pageSize=6>; rel="next"');
  });

  it("keeps one type with type, most liked first, as the similar-artifacts list asks", async () => {
    const types: ArtifactType[] = ["Art", "Tools", "Art", "Monument", "Art"];
    const ids: string[] = [];
    for (const artifactType of types) ids.push(await postArtifact(t.app, alice, { artifactType }));
    await likeTimes(ids[4]!, 1);

    const { response, items } = await getList("/artifacts?type=Art");

    expect(items.map((item) => item._id)).toEqual([ids[4], ids[0], ids[2]]);
    expect(items.every((item) => item.artifactType === "Art")).toBe(true);
    expect(response.headers["x-total-count"]).toBe("3");

    const limited = await getList("/artifacts?type=Art&limit=2");
    expect(limited.items.map((item) => item._id)).toEqual([ids[4], ids[0]]);
    expect(limited.response.headers.link).toContain(
      '</artifacts?type=Art&page=2&pageSize=2>; rel="next"',
    );
  });

  it("pages with page and pageSize, with the total and the neighbouring pages in headers", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await postArtifact(t.app, alice));

    const middle = await getList("/artifacts?page=2&pageSize=2");
    expect(middle.items.map((item) => item._id)).toEqual([ids[2], ids[3]]);
    expect(middle.response.headers["x-total-count"]).toBe("5");
    expect(middle.response.headers.link).toBe(
      [
        '</artifacts?page=1&pageSize=2>; rel="first"',
        '</artifacts?page=1&pageSize=2>; rel="prev"',
        '</artifacts?page=3&pageSize=2>; rel="next"',
        '</artifacts?page=3&pageSize=2>; rel="last"',
      ].join(", "),
    );

    const last = await getList("/artifacts?page=3&pageSize=2");
    expect(last.items.map((item) => item._id)).toEqual([ids[4]]);
    expect(last.response.headers.link).not.toContain('rel="next"');

    const past = await getList("/artifacts?page=9&pageSize=2");
    expect(past.items).toEqual([]);
    expect(past.response.headers["x-total-count"]).toBe("5");
  });

  it(`answers at most ${REST_MAX_PAGE_SIZE} artifacts without paging parameters, saying how many there are`, async () => {
    const total = REST_MAX_PAGE_SIZE + 3;
    for (let i = 0; i < total; i += 1) await postArtifact(t.app, alice);

    const { response, items } = await getList("/artifacts");

    expect(items).toHaveLength(REST_MAX_PAGE_SIZE);
    expect(response.headers["x-total-count"]).toBe(String(total));
    expect(response.headers.link).toContain(
      `</artifacts?page=2&pageSize=${REST_MAX_PAGE_SIZE}>; rel="next"`,
    );
    const rest2 = await getList(`/artifacts?page=2`);
    expect(rest2.items).toHaveLength(3);
  });

  it("answers an empty collection with an empty array", async () => {
    const { response, items } = await getList("/artifacts");
    expect(items).toEqual([]);
    expect(response.headers["x-total-count"]).toBe("0");
  });

  it.each([
    ["limit=0", "limit"],
    [`limit=${REST_MAX_PAGE_SIZE + 1}`, "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["limit=", "limit"],
    ["type=Pottery", "type"],
    ["type=art", "type"],
    // Several types now combine with OR (issue 18, test/find.test.ts); nine cannot all differ.
    [`${"type=Art&".repeat(9)}page=1`, "type"],
    ["page=0", "page"],
    ["pageSize=1000", "pageSize"],
    ["limit=5&pageSize=5", "limit"],
    ["email=alice%40example.com&type=Art", "email"],
    ["email=not-an-email", "email"],
  ])("refuses ?%s with a 400 naming %s", async (query, field) => {
    const response = await call("GET", `/artifacts?${query}`, { cookie: alice.cookie });
    const { error } = expectError(response, 400);
    expect(error.startsWith(`${field}: `)).toBe(true);
  });

  describe("?email= (the user's own artifacts)", () => {
    it("answers the caller's own artifacts newest first, each with the caller's userEmail", async () => {
      const older = await postArtifact(t.app, alice, { artifactName: "Older" });
      await postArtifact(t.app, bob, { artifactName: "Bob's" });
      const newer = await postArtifact(t.app, alice, { artifactName: "Newer" });

      const { response, items } = await getList(
        `/artifacts?email=${encodeURIComponent(alice.email)}`,
        alice.cookie,
      );

      expect(items.map((item) => item._id)).toEqual([newer, older]);
      expect(items.every((item) => item.userEmail === alice.email)).toBe(true);
      expect(Object.keys(items[0]!).sort()).toEqual([...ARTIFACT_KEYS, "userEmail"].sort());
      expect(response.headers["x-total-count"]).toBe("2");
    });

    it("accepts the own email in any case", async () => {
      await postArtifact(t.app, alice);
      const { items } = await getList("/artifacts?email=ALICE%40Example.COM", alice.cookie);
      expect(items).toHaveLength(1);
    });

    it("answers 401 when signed out", async () => {
      await postArtifact(t.app, alice);
      const response = await call("GET", `/artifacts?email=${encodeURIComponent(alice.email)}`);
      expectError(response, 401, MESSAGES.signInRequired);
    });

    it("answers 403 and nothing of theirs for another user's email", async () => {
      await postArtifact(t.app, bob);
      const response = await call("GET", `/artifacts?email=${encodeURIComponent(bob.email)}`, {
        cookie: alice.cookie,
      });
      expectError(response, 403, "email must be the signed-in user's own email.");
      expect(response.body).not.toContain("artifactName");
    });
  });
});

describe("GET /artifacts/{id}", () => {
  it("answers one artifact's fields to anyone", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Rosetta Stone" });
    await likeTimes(id, 2);

    const response = await call("GET", `/artifacts/${id}`);

    expect(response.statusCode).toBe(200);
    const artifact = response.json() as RestArtifactBody;
    // The list's fields, and every image (issue 30).
    expect(Object.keys(artifact).sort()).toEqual([...ARTIFACT_KEYS, "images"].sort());
    expect(artifact).toMatchObject({ _id: id, artifactName: "Rosetta Stone", likeCount: 2 });
  });

  it("answers the artifact as it is now, after likes, an edit and a delete", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Rosetta Stone" });
    const before = await call("GET", `/artifacts/${id}`);
    expect(before.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(before.json()).toMatchObject({ artifactName: "Rosetta Stone", likeCount: 0 });

    await likeTimes(id, 1);
    expect((await call("GET", `/artifacts/${id}`)).json()).toMatchObject({ likeCount: 1 });

    const edit = await call("PUT", `/artifacts/${id}`, {
      cookie: alice.cookie,
      body: { ...artifactFields({ artifactName: "Rosetta Stone (cast)" }), userEmail: alice.email },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call("GET", `/artifacts/${id}`)).json()).toMatchObject({
      artifactName: "Rosetta Stone (cast)",
      likeCount: 1,
    });

    const removal = await call("DELETE", `/artifacts/${id}`, { cookie: alice.cookie });
    expect(removal.statusCode, removal.body).toBe(200);
    expectError(await call("GET", `/artifacts/${id}`), 404, MESSAGES.artifactNotFound);
  });

  it("answers 404 for an unknown id", async () => {
    expectError(await call("GET", "/artifacts/12345"), 404, MESSAGES.artifactNotFound);
  });

  it.each(MALFORMED_IDS.map((id) => [id]))("answers 404 for the malformed id %j", async (id) => {
    await postArtifact(t.app, alice);
    expectError(await call("GET", `/artifacts/${id}`), 404, MESSAGES.artifactNotFound);
  });
});

describe("POST /artifacts", () => {
  it("adds the artifact as the spec's client sends it and answers insertedId", async () => {
    const body = addArtifactBody(alice, { artifactName: "Antikythera Mechanism" });

    const response = await call("POST", "/artifacts", { cookie: alice.cookie, body });

    expect(response.statusCode).toBe(201);
    const answer = response.json() as { insertedId: string; artifact: RestArtifactBody };
    expect(answer.insertedId).toMatch(/^\d+$/);
    expect(answer.artifact).toMatchObject({
      _id: answer.insertedId,
      artifactName: "Antikythera Mechanism",
      likeCount: 0,
      username: "Alice Archivist",
    });
    expect(response.headers.location).toBe(`/artifacts/${answer.insertedId}`);
    const fetched = await call("GET", `/artifacts/${answer.insertedId}`);
    expect(fetched.json()).toEqual(answer.artifact);
    expect(row(answer.insertedId)?.owner_id).toBe(alice.id);
  });

  it("ignores a forged owner, contributor name, like count and id", async () => {
    const taken = await postArtifact(t.app, bob);
    const body = {
      ...addArtifactBody(alice),
      _id: taken,
      id: Number(taken),
      likeCount: 1000,
      like_count: 1000,
      ownerId: bob.id,
      owner_id: bob.id,
      owner: bob.email,
      username: "Bob Builder",
    };

    const response = await call("POST", "/artifacts", { cookie: alice.cookie, body });

    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    expect(insertedId).not.toBe(taken);
    expect(row(insertedId)).toMatchObject({
      owner_id: alice.id,
      username: "Alice Archivist",
      like_count: 0,
    });
    expect(row(taken)?.owner_id).toBe(bob.id);
    expect(count("artifacts")).toBe(2);
  });

  it("refuses another user's userEmail with 403 and adds nothing", async () => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: { ...addArtifactBody(alice), userEmail: bob.email },
    });

    expectError(response, 403, "userEmail must be the signed-in user's own email.");
    expect(count("artifacts")).toBe(0);
  });

  it("accepts the own userEmail in another case, and no userEmail at all", async () => {
    const shouted = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: { ...addArtifactBody(alice), userEmail: "Alice@EXAMPLE.com" },
    });
    const without = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: artifactFields(),
    });

    expect(shouted.statusCode).toBe(201);
    expect(without.statusCode).toBe(201);
    expect(count("artifacts")).toBe(2);
  });

  it("answers 401 when signed out, or with a dead session, and adds nothing", async () => {
    expectError(
      await call("POST", "/artifacts", { body: addArtifactBody(alice) }),
      401,
      MESSAGES.signInRequired,
    );
    expectError(
      await call("POST", "/artifacts", {
        cookie: "atlas_session=forged-token",
        body: addArtifactBody(alice),
      }),
      401,
    );
    expect(count("artifacts")).toBe(0);
  });

  it("refuses invalid fields with a 400 naming each of them", async () => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: {
        ...addArtifactBody(alice),
        artifactName: "   ",
        artifactImage: "javascript:alert(1)",
        artifactType: "Pottery",
      },
    });

    const { error } = expectError(response, 400);
    expect(error).toContain(`artifactName: ${MESSAGES.fieldRequired("Artifact Name")}`);
    expect(error).toContain(`artifactImage: ${MESSAGES.invalidUrl}`);
    expect(error).toContain(`artifactType: ${MESSAGES.artifactTypeRequired}`);
    expect(count("artifacts")).toBe(0);
  });

  it.each([
    ["a number for a text field", { artifactName: 42 }, "artifactName"],
    ["an object for a text field", { historicalContext: { text: "x" } }, "historicalContext"],
    ["null for the type", { artifactType: null }, "artifactType"],
    ["a number for userEmail", { userEmail: 7 }, "userEmail"],
  ])("refuses %s with 400", async (_label, override, field) => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: { ...addArtifactBody(alice), ...override },
    });
    const { error } = expectError(response, 400);
    expect(error).toContain(`${field}: `);
    expect(count("artifacts")).toBe(0);
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"hello"'],
    ["a number", "42"],
    ["null", "null"],
  ])("refuses a JSON body that is %s with 400", async (_label, payload) => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      headers: { "content-type": "application/json" },
      payload,
    });
    expectError(response, 400);
    expect(count("artifacts")).toBe(0);
  });

  it("refuses malformed JSON, plain text and form posts with JSON errors", async () => {
    const malformed = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      headers: { "content-type": "application/json" },
      payload: '{"artifactName": ',
    });
    expectError(malformed, 400);

    const text = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(addArtifactBody(alice)),
    });
    expectError(text, 400);

    const form = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "artifactName=x",
    });
    expectError(form, 415);
    expect(count("artifacts")).toBe(0);
  });

  it("answers 413 with JSON for a body over 64 KiB and adds nothing", async () => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      body: addArtifactBody(alice, { historicalContext: "x".repeat(70 * 1024) }),
    });

    expectError(response, 413);
    expect(count("artifacts")).toBe(0);
  });

  it("refuses a prototype-poisoning body", async () => {
    const response = await call("POST", "/artifacts", {
      cookie: alice.cookie,
      headers: { "content-type": "application/json" },
      payload: `{"__proto__": {"isAdmin": true}, "artifactName": "x"}`,
    });
    expectError(response, 400);
  });
});

describe("PUT /artifacts/{id}", () => {
  async function put(id: string, user: SignedInUser | null, body: unknown) {
    return call("PUT", `/artifacts/${id}`, { ...(user ? { cookie: user.cookie } : {}), body });
  }

  /** All edit-form fields plus userEmail, as the Update Artifact screen sends them. */
  function editBody(user: SignedInUser, overrides: Record<string, unknown> = {}) {
    return { ...artifactFields({ artifactName: "Renamed" }), userEmail: user.email, ...overrides };
  }

  it("updates the owner's artifact and answers a success flag and message", async () => {
    const id = await postArtifact(t.app, alice);
    await likeTimes(id, 2);

    const response = await put(id, alice, editBody(alice, { likeCount: 0, _id: "999" }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: MESSAGES.artifactUpdated,
      artifact: { _id: id, artifactName: "Renamed", likeCount: 2 },
    });
    const fetched = (await call("GET", `/artifacts/${id}`)).json() as RestArtifactBody;
    expect(fetched).toMatchObject({ artifactName: "Renamed", likeCount: 2 });
    expect(row(id)?.owner_id).toBe(alice.id);
  });

  it("saves an unchanged form", async () => {
    const body = addArtifactBody(alice);
    const id = await postArtifact(t.app, alice, body);
    const response = await put(id, alice, body);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { success: boolean }).success).toBe(true);
  });

  it("refuses someone else's artifact with 403 and changes nothing", async () => {
    const id = await postArtifact(t.app, bob, { artifactName: "Bob's Own" });

    const response = await put(id, alice, editBody(alice));

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.notYourArtifact });
    expect(row(id)?.artifact_name).toBe("Bob's Own");
  });

  it("refuses another user's userEmail with 403, even on the caller's own artifact", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Alice's Own" });
    const bobsId = await postArtifact(t.app, bob, { artifactName: "Bob's Own" });

    for (const target of [id, bobsId]) {
      const response = await put(target, alice, editBody(bob));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        error: "userEmail must be the signed-in user's own email.",
      });
    }
    expect(row(id)?.artifact_name).toBe("Alice's Own");
    expect(row(bobsId)?.artifact_name).toBe("Bob's Own");
  });

  it.each(["12345", ...MALFORMED_IDS].map((id) => [id]))(
    "answers 404 for the unknown or malformed id %j",
    async (id) => {
      const response = await put(id, alice, editBody(alice));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: MESSAGES.artifactNotFound });
    },
  );

  it("refuses an invalid form with 400 naming the field, and changes nothing", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Kept" });

    const response = await put(
      id,
      alice,
      editBody(alice, { artifactType: "", discoveredAt: 1799 }),
    );

    expect(response.statusCode).toBe(400);
    const body = response.json() as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toContain(`artifactType: ${MESSAGES.artifactTypeRequired}`);
    expect(body.error).toContain("discoveredAt: ");
    expect(row(id)?.artifact_name).toBe("Kept");
  });

  it("answers 401 when signed out", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Kept" });
    const response = await put(id, null, editBody(alice));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.signInRequired });
    expect(row(id)?.artifact_name).toBe("Kept");
  });

  it("answers 413 and 400 as failures for oversized and malformed bodies", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Kept" });

    const big = await put(id, alice, editBody(alice, { historicalContext: "x".repeat(70_000) }));
    expect(big.statusCode).toBe(413);
    expect((big.json() as { success: boolean }).success).toBe(false);

    const malformed = await call("PUT", `/artifacts/${id}`, {
      cookie: alice.cookie,
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect((malformed.json() as { success: boolean }).success).toBe(false);
    expect(row(id)?.artifact_name).toBe("Kept");
  });
});

describe("DELETE /artifacts/{id}", () => {
  /** As the My Artifacts screen sends it: a JSON header and a body with userEmail. */
  function remove(id: string, user: SignedInUser | null, userEmail?: string) {
    return call("DELETE", `/artifacts/${id}`, {
      ...(user ? { cookie: user.cookie } : {}),
      body: { userEmail: userEmail ?? user?.email },
    });
  }

  it("moves the owner's artifact to the trash and answers success and a message", async () => {
    const id = await postArtifact(t.app, alice);
    await likeTimes(id, 2);

    const response = await remove(id, alice);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.artifactDeleted });
    // Kept with its likes in the trash until restored or purged (decision 053).
    expect(row(id)).toMatchObject({ deleted_at: expect.any(Number) });
    expect(count("likes")).toBe(2);
    expectError(await call("GET", `/artifacts/${id}`), 404);
    expectError(await call("GET", `/artifacts/${id}`, { cookie: alice.cookie }), 404);
  });

  it("needs no body: the session says who is deleting", async () => {
    const withoutBody = await postArtifact(t.app, alice);
    const emptyJson = await postArtifact(t.app, alice);

    const first = await call("DELETE", `/artifacts/${withoutBody}`, { cookie: alice.cookie });
    const second = await call("DELETE", `/artifacts/${emptyJson}`, {
      cookie: alice.cookie,
      headers: { "content-type": "application/json" },
    });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(
      t.db.$client.prepare("select count(*) as n from artifacts where deleted_at is null").get(),
    ).toEqual({ n: 0 });
  });

  it("refuses someone else's artifact with 403 and keeps it", async () => {
    const id = await postArtifact(t.app, bob);

    const response = await remove(id, alice);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.notYourArtifact });
    expect(row(id)).toBeDefined();
  });

  it("refuses the owner's email sent by someone else, and another's email sent by the owner", async () => {
    const id = await postArtifact(t.app, bob);

    const asBob = await remove(id, alice, bob.email);
    const ownButWrongEmail = await remove(id, bob, alice.email);

    for (const response of [asBob, ownButWrongEmail]) {
      expect(response.statusCode).toBe(403);
      expect((response.json() as { success: boolean }).success).toBe(false);
    }
    expect(row(id)).toBeDefined();
  });

  it.each(["12345", ...MALFORMED_IDS].map((id) => [id]))(
    "answers 404 for the unknown or malformed id %j",
    async (id) => {
      const response = await remove(id, alice);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: MESSAGES.artifactNotFound });
    },
  );

  it("answers 401 when signed out and keeps the artifact", async () => {
    const id = await postArtifact(t.app, alice);
    const response = await remove(id, null, alice.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.signInRequired });
    expect(row(id)).toBeDefined();
  });

  it("refuses a wrong-typed body with 400", async () => {
    const id = await postArtifact(t.app, alice);
    const response = await call("DELETE", `/artifacts/${id}`, {
      cookie: alice.cookie,
      body: { userEmail: ["alice@example.com"] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect((response.json() as { error: string }).error).toContain("userEmail: ");
    expect(row(id)).toBeDefined();
  });
});

describe("one rule, two transports", () => {
  it("serves REST and tRPC from the same services", async () => {
    const id = await postArtifact(t.app, alice, { artifactName: "Shared" });
    await likeTimes(id, 1);

    const viaTrpc = await trpc(t.app, "query", "artifacts.byId", { id: Number(id) });
    const viaRest = (await call("GET", `/artifacts/${id}`)).json() as RestArtifactBody;

    // tRPC also tells the detail page the artifact's review state, which REST's shape leaves out.
    const {
      id: numericId,
      status,
      statusReason: _reason,
      statusNote: _note,
      ...fields
    } = viaTrpc.data as { id: number; status: string } & Record<string, unknown>;
    expect(status).toBe("published");
    expect(viaRest).toEqual({ _id: String(numericId), ...fields });
    // The same fields in the same order: both come from one shared schema.
    expect(Object.keys(viaRest)).toEqual(["_id", ...Object.keys(fields)]);
    const popular = await trpc(t.app, "query", "artifacts.popular");
    expect((popular.data as { id: number }[]).map((a) => String(a.id))).toEqual(
      (await getList("/artifacts?limit=6")).items.map((a) => a._id),
    );
  });
});
