import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ARTIFACT_FIELD_LABELS as LABELS,
  LIMITS,
  MESSAGES,
  PAGE_SIZE,
  POPULAR_COUNT,
  type Artifact,
  type ArtifactPage,
  type MyArtifactsPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields, asListed, like, onlyImage } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";

/** An artifact whose image is a URL elsewhere has no uploaded image's fields. */
const NO_UPLOAD = { imageWidth: null, imageHeight: null, imagePlaceholder: null };

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

function call(kind: "query" | "mutation", path: string, input?: unknown, cookie?: string) {
  return trpc(t.app, kind, path, input, cookie);
}

async function list(input: Record<string, unknown> = {}): Promise<ArtifactPage> {
  const result = await call("query", "artifacts.list", input);
  expect(result.status).toBe(200);
  return result.data as ArtifactPage;
}

function names(artifacts: Artifact[]): string[] {
  return artifacts.map((artifact) => artifact.artifactName);
}

/** The stored row as SQL sees it, including the columns no client gets. */
function row(id: number) {
  return t.db.$client.prepare("select * from artifacts where id = ?").get(id) as
    Record<string, unknown> | undefined;
}

function count(table: string): number {
  return (t.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

/** Gives `artifact` exactly `likes` likes from fresh members. */
async function likeTimes(artifact: Artifact, likes: number): Promise<void> {
  for (let i = 0; i < likes; i += 1) {
    await like(t, await createUserWithSession(t), artifact.id);
  }
}

describe("signed out", () => {
  test("the public procedures answer", async () => {
    const artifact = await addArtifact(t, alice);
    for (const [path, input] of [
      ["artifacts.popular", undefined],
      ["artifacts.list", {}],
      ["artifacts.byId", { id: artifact.id }],
      ["artifacts.similar", { id: artifact.id }],
    ] as const) {
      const result = await call("query", path, input);
      expect(result.status, path).toBe(200);
    }
  });

  test("the protected procedures answer UNAUTHORIZED and change nothing", async () => {
    const artifact = await addArtifact(t, alice);
    const before = row(artifact.id);
    const attempts = [
      ["query", "artifacts.mine", undefined],
      ["mutation", "artifacts.create", artifactFields()],
      ["mutation", "artifacts.update", { id: artifact.id, fields: artifactFields() }],
      ["mutation", "artifacts.delete", { id: artifact.id }],
    ] as const;
    for (const [kind, path, input] of attempts) {
      const result = await call(kind, path, input);
      expect(result.status, path).toBe(401);
      expect(result.error?.data.code, path).toBe("UNAUTHORIZED");
      expect(result.error?.message, path).toBe(MESSAGES.signInRequired);
    }
    expect(count("artifacts")).toBe(1);
    expect(row(artifact.id)).toEqual(before);
  });

  test("a dead session cookie is treated as signed out", async () => {
    const result = await call("query", "artifacts.mine", undefined, "atlas_session=not-a-session");
    expect(result.error?.data.code).toBe("UNAUTHORIZED");
  });
});

describe("artifacts.create", () => {
  test("stores the artifact for the session's user with no likes", async () => {
    const fields = artifactFields({
      artifactName: "Antikythera Mechanism",
      artifactType: "Technology",
    });
    const result = await call("mutation", "artifacts.create", fields, alice.cookie);
    expect(result.status).toBe(200);
    const created = result.data as Artifact;
    expect(created).toEqual({
      id: expect.any(Number),
      ...fields,
      likeCount: 0,
      username: "Alice Archivist",
      ...NO_UPLOAD,
      images: [onlyImage(fields.artifactImage)],
      // "100 BC" and "1799" as the date parser reads them (test/parsed-dates.test.ts).
      createdFromYear: -100,
      createdToYear: -100,
      discoveredFromYear: 1799,
      discoveredToYear: 1799,
      status: "published",
      statusReason: null,
      statusNote: null,
    });
    expect(row(created.id)).toMatchObject({ owner_id: alice.id, like_count: 0 });

    const byId = await call("query", "artifacts.byId", { id: created.id });
    expect(byId.data).toEqual(created);
  });

  test("trims the text fields", async () => {
    const created = await addArtifact(t, alice, {
      artifactName: "  Padded Name  ",
      presentLocation: "\tLouvre\n",
    });
    expect(created.artifactName).toBe("Padded Name");
    expect(created.presentLocation).toBe("Louvre");
  });

  test("ignores owner, like count, contributor and id sent by the client", async () => {
    const fields = artifactFields();
    const result = await call(
      "mutation",
      "artifacts.create",
      {
        ...fields,
        id: 4242,
        ownerId: bob.id,
        owner_id: bob.id,
        likeCount: 99,
        username: "Bob Builder",
        userEmail: bob.email,
      },
      alice.cookie,
    );
    expect(result.status).toBe(200);
    const created = result.data as Artifact;
    expect(created.id).not.toBe(4242);
    expect(created.likeCount).toBe(0);
    expect(created.username).toBe("Alice Archivist");
    expect(row(created.id)).toMatchObject({ owner_id: alice.id, like_count: 0 });

    const bobs = await call("query", "artifacts.mine", undefined, bob.cookie);
    expect(bobs.data).toEqual({ items: [], nextCursor: null });
  });

  const invalidCases: [string, Record<string, unknown>, string][] = [
    ["missing name", { artifactName: undefined }, MESSAGES.fieldRequired(LABELS.artifactName)],
    ["blank name", { artifactName: "   " }, MESSAGES.fieldRequired(LABELS.artifactName)],
    [
      "name too long",
      { artifactName: "x".repeat(LIMITS.name + 1) },
      MESSAGES.fieldTooLong(LABELS.artifactName, LIMITS.name),
    ],
    ["empty image", { artifactImage: "" }, MESSAGES.fieldRequired(LABELS.artifactImage)],
    ["image not a URL", { artifactImage: "a picture of a vase" }, MESSAGES.invalidUrl],
    ["image a javascript: URL", { artifactImage: "javascript:alert(1)" }, MESSAGES.invalidUrl],
    ["no type", { artifactType: "" }, MESSAGES.artifactTypeRequired],
    ["unknown type", { artifactType: "Pottery" }, MESSAGES.artifactTypeRequired],
    ["empty context", { historicalContext: "" }, MESSAGES.fieldRequired(LABELS.historicalContext)],
    [
      "context too long",
      { historicalContext: "y".repeat(LIMITS.historicalContext + 1) },
      MESSAGES.fieldTooLong(LABELS.historicalContext, LIMITS.historicalContext),
    ],
    ["empty createdAt", { createdAt: " " }, MESSAGES.fieldRequired(LABELS.createdAt)],
    ["empty discoveredAt", { discoveredAt: "" }, MESSAGES.fieldRequired(LABELS.discoveredAt)],
    ["empty discoveredBy", { discoveredBy: "" }, MESSAGES.fieldRequired(LABELS.discoveredBy)],
    [
      "empty presentLocation",
      { presentLocation: "" },
      MESSAGES.fieldRequired(LABELS.presentLocation),
    ],
    [
      "presentLocation too long",
      { presentLocation: "z".repeat(LIMITS.shortText + 1) },
      MESSAGES.fieldTooLong(LABELS.presentLocation, LIMITS.shortText),
    ],
  ];

  test.each(invalidCases)("refuses %s with its message", async (_name, change, message) => {
    const result = await call(
      "mutation",
      "artifacts.create",
      { ...artifactFields(), ...change },
      alice.cookie,
    );
    expect(result.status).toBe(400);
    expect(result.error?.data.code).toBe("BAD_REQUEST");
    expect(result.error?.message).toBe(message);
    expect(count("artifacts")).toBe(0);
  });

  test("reports each invalid field under its name", async () => {
    const result = await call(
      "mutation",
      "artifacts.create",
      { artifactName: "", artifactType: "Pottery" },
      alice.cookie,
    );
    const body = result.response.json() as {
      error: { data: { zodError: { fieldErrors: Record<string, string[]> } } };
    };
    const fieldErrors = body.error.data.zodError.fieldErrors;
    expect(fieldErrors.artifactName).toEqual([MESSAGES.fieldRequired(LABELS.artifactName)]);
    expect(fieldErrors.artifactType).toEqual([MESSAGES.artifactTypeRequired]);
    expect(fieldErrors.presentLocation).toEqual([MESSAGES.fieldRequired(LABELS.presentLocation)]);
  });
});

describe("artifacts.popular", () => {
  test("answers the six most liked, ties by id ascending", async () => {
    const made: Artifact[] = [];
    for (let i = 0; i < 9; i += 1)
      made.push(await addArtifact(t, alice, { artifactName: `P${i}` }));
    // P0..P8 get 1, 3, 0, 3, 2, 5, 0, 1, 4 likes.
    const likeCounts = [1, 3, 0, 3, 2, 5, 0, 1, 4];
    for (const [i, artifact] of made.entries()) await likeTimes(artifact, likeCounts[i] ?? 0);

    const result = await call("query", "artifacts.popular");
    const popular = result.data as Artifact[];
    expect(popular).toHaveLength(POPULAR_COUNT);
    expect(names(popular)).toEqual(["P5", "P8", "P1", "P3", "P4", "P0"]);
    expect(popular.map((artifact) => artifact.likeCount)).toEqual([5, 4, 3, 3, 2, 1]);
  });

  test("answers fewer when the collection is small, and none when it is empty", async () => {
    expect((await call("query", "artifacts.popular")).data).toEqual([]);
    await addArtifact(t, alice);
    await addArtifact(t, bob);
    expect((await call("query", "artifacts.popular")).data).toHaveLength(2);
  });
});

describe("artifacts.list", () => {
  test("search is a case-insensitive substring of the name; blank search is ignored", async () => {
    for (const name of ["Bronze Axe", "bronze mirror", "Iron Axe", "Clay Tablet"]) {
      await addArtifact(t, alice, { artifactName: name, historicalContext: "Bronze age" });
    }
    expect(names((await list({ search: "BRONZE" })).items).sort()).toEqual([
      "Bronze Axe",
      "bronze mirror",
    ]);
    expect(names((await list({ search: "axe" })).items).sort()).toEqual(["Bronze Axe", "Iron Axe"]);
    expect(names((await list({ search: "ron" })).items).sort()).toEqual([
      "Bronze Axe",
      "Iron Axe",
      "bronze mirror",
    ]);
    expect((await list({ search: "  tablet  " })).total).toBe(1);
    // Only the name is searched, not the context.
    expect((await list({ search: "age" })).total).toBe(0);
    expect((await list({ search: "" })).total).toBe(4);
    expect((await list({ search: "   " })).total).toBe(4);
    expect((await list({})).total).toBe(4);
  });

  test("% _ and \\ in a search are literal characters", async () => {
    for (const name of ["100% Gold", "1000 Gold", "Pure_Silver", "PureXSilver", "Back\\slash"]) {
      await addArtifact(t, alice, { artifactName: name });
    }
    expect(names((await list({ search: "%" })).items)).toEqual(["100% Gold"]);
    expect(names((await list({ search: "0% G" })).items)).toEqual(["100% Gold"]);
    expect(names((await list({ search: "_" })).items)).toEqual(["Pure_Silver"]);
    expect(names((await list({ search: "e_s" })).items)).toEqual(["Pure_Silver"]);
    expect(names((await list({ search: "\\" })).items)).toEqual(["Back\\slash"]);
    expect((await list({ search: "%%" })).total).toBe(0);
  });

  test("the total counts every match, not just the page", async () => {
    for (let i = 0; i < 11; i += 1) await addArtifact(t, alice, { artifactName: `Amphora ${i}` });
    for (let i = 0; i < 3; i += 1) await addArtifact(t, alice, { artifactName: `Helmet ${i}` });
    const page = await list({ search: "amphora" });
    expect(page).toMatchObject({ total: 11, page: 1, pageCount: 2 });
    expect(page.items).toHaveLength(PAGE_SIZE);
    const second = await list({ search: "amphora", page: 2 });
    expect(second.items).toHaveLength(3);
    expect(names(second.items).every((name) => name.startsWith("Amphora"))).toBe(true);
  });

  test("sorts newest first by default, and by likes with ties by id", async () => {
    // Added in the order A, B, C, D with 2, 0, 2 and 1 likes.
    for (const [name, likes] of [
      ["A", 2],
      ["B", 0],
      ["C", 2],
      ["D", 1],
    ] as const) {
      await likeTimes(await addArtifact(t, alice, { artifactName: name }), likes);
    }

    expect(names((await list()).items)).toEqual(["D", "C", "B", "A"]);
    expect(names((await list({ sort: "default" })).items)).toEqual(["D", "C", "B", "A"]);
    expect(names((await list({ sort: "asc" })).items)).toEqual(["B", "D", "A", "C"]);
    expect(names((await list({ sort: "desc" })).items)).toEqual(["A", "C", "D", "B"]);
    expect((await list({ sort: "desc" })).items.map((item) => item.likeCount)).toEqual([
      2, 2, 1, 0,
    ]);
  });

  test("pages hold eight items, cover everything once, and a page past the end is empty", async () => {
    const made: Artifact[] = [];
    for (let i = 0; i < 19; i += 1) made.push(await addArtifact(t, alice));
    for (const sort of ["default", "asc", "desc"] as const) {
      const pages = [
        await list({ sort, page: 1 }),
        await list({ sort, page: 2 }),
        await list({ sort, page: 3 }),
      ];
      expect(pages.map((page) => page.items.length)).toEqual([8, 8, 3]);
      expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
      for (const page of pages) expect(page).toMatchObject({ total: 19, pageCount: 3 });
      const ids = pages.flatMap((page) => page.items.map((item) => item.id));
      expect(new Set(ids).size).toBe(19);
    }
    expect(await list({ page: 4 })).toEqual({ items: [], total: 19, page: 4, pageCount: 3 });
    expect((await list({ page: 2 })).items[0]?.id).toBe(made[10]?.id);
  });

  test("an empty collection has no pages", async () => {
    expect(await list()).toEqual({ items: [], total: 0, page: 1, pageCount: 0 });
  });

  test("refuses an invalid sort or page with BAD_REQUEST", async () => {
    for (const input of [
      { sort: "popular" },
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { page: "two" },
      { page: LIMITS.page + 1 },
      { search: "s".repeat(LIMITS.search + 1) },
    ]) {
      const result = await call("query", "artifacts.list", input);
      expect(result.status, JSON.stringify(input)).toBe(400);
      expect(result.error?.data.code).toBe("BAD_REQUEST");
    }
  });
});

describe("artifacts.byId", () => {
  test("answers NOT_FOUND for an unknown id", async () => {
    const result = await call("query", "artifacts.byId", { id: 999 });
    expect(result.status).toBe(404);
    expect(result.error?.data.code).toBe("NOT_FOUND");
    expect(result.error?.message).toBe(MESSAGES.artifactNotFound);
  });

  test("answers BAD_REQUEST, never a server error, for malformed ids", async () => {
    for (const input of [
      {},
      { id: "abc" },
      { id: 0 },
      { id: -3 },
      { id: 1.5 },
      { id: "1e400" },
      { id: Number.MAX_SAFE_INTEGER + 2 },
      { id: null },
      { id: [1, 2] },
    ]) {
      const result = await call("query", "artifacts.byId", input);
      expect(result.status, JSON.stringify(input)).toBe(400);
      expect(result.error?.data.code).toBe("BAD_REQUEST");
    }
    const noInput = await call("query", "artifacts.byId");
    expect(noInput.status).toBe(400);
  });

  test("accepts a numeric string id, as a URL parameter gives it", async () => {
    const artifact = await addArtifact(t, alice);
    const result = await call("query", "artifacts.byId", { id: String(artifact.id) });
    expect(result.data).toEqual(artifact);
  });
});

describe("artifacts.similar", () => {
  test("answers up to three others of the same type, most liked first", async () => {
    const self = await addArtifact(t, alice, { artifactName: "Self", artifactType: "Art" });
    await likeTimes(self, 5);
    const others: Artifact[] = [];
    for (const [name, likes] of [
      ["Art 0", 1],
      ["Art 1", 3],
      ["Art 2", 0],
      ["Art 3", 3],
    ] as const) {
      const artifact = await addArtifact(t, bob, { artifactName: name, artifactType: "Art" });
      await likeTimes(artifact, likes);
      others.push(artifact);
    }
    const tool = await addArtifact(t, alice, { artifactName: "A Tool", artifactType: "Tools" });
    await likeTimes(tool, 9);

    const result = await call("query", "artifacts.similar", { id: self.id });
    const similar = result.data as Artifact[];
    expect(names(similar)).toEqual(["Art 1", "Art 3", "Art 0"]);
    expect(similar.every((artifact) => artifact.artifactType === "Art")).toBe(true);
  });

  test("answers an empty list when the type has no other artifact", async () => {
    const only = await addArtifact(t, alice, { artifactType: "Writings" });
    await addArtifact(t, alice, { artifactType: "Tools" });
    expect((await call("query", "artifacts.similar", { id: only.id })).data).toEqual([]);
  });

  test("answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one", async () => {
    expect((await call("query", "artifacts.similar", { id: 77 })).error?.data.code).toBe(
      "NOT_FOUND",
    );
    expect((await call("query", "artifacts.similar", { id: "x" })).status).toBe(400);
  });
});

describe("artifacts.mine", () => {
  test("answers only the user's own artifacts, newest first", async () => {
    const first = await addArtifact(t, alice, { artifactName: "First" });
    await addArtifact(t, bob, { artifactName: "Bob's" });
    const second = await addArtifact(t, alice, { artifactName: "Second" });
    await like(t, bob, first.id);

    const result = await call("query", "artifacts.mine", undefined, alice.cookie);
    expect(result.data).toEqual({
      items: [asListed(second), { ...asListed(first), likeCount: 1 }],
      nextCursor: null,
    });
    const bobs = await call("query", "artifacts.mine", undefined, bob.cookie);
    expect(names((bobs.data as MyArtifactsPage).items)).toEqual(["Bob's"]);
  });
});

describe("artifacts.update", () => {
  test("the owner changes every field; likes and contributor stay", async () => {
    const artifact = await addArtifact(t, alice);
    await like(t, bob, artifact.id);
    t.db.$client.prepare("update artifacts set edited_at = 0 where id = ?").run(artifact.id);
    const started = Date.now();

    const fields = artifactFields({
      artifactName: "Renamed",
      artifactType: "Monument",
      artifactImage: "https://images.example.org/renamed.png",
      historicalContext: "Revised context.",
      createdAt: "15th Century",
      discoveredAt: "1901",
      discoveredBy: "Another team",
      presentLocation: "Another museum",
    });
    const result = await call(
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields },
      alice.cookie,
    );
    expect(result.status).toBe(200);
    const expected = {
      id: artifact.id,
      ...fields,
      likeCount: 1,
      username: "Alice Archivist",
      ...NO_UPLOAD,
      images: [onlyImage(fields.artifactImage)],
      createdFromYear: 1401,
      createdToYear: 1500,
      discoveredFromYear: 1901,
      discoveredToYear: 1901,
      status: "published",
      statusReason: null,
      statusNote: null,
    };
    expect(result.data).toEqual(expected);
    expect((await call("query", "artifacts.byId", { id: artifact.id })).data).toEqual(expected);
    expect(row(artifact.id)?.edited_at).toBeGreaterThanOrEqual(started);
  });

  test("saving the unchanged form succeeds", async () => {
    const artifact = await addArtifact(t, alice);
    const { id, likeCount: _likeCount, username: _username, ...fields } = artifact;
    const result = await call("mutation", "artifacts.update", { id, fields }, alice.cookie);
    expect(result.status).toBe(200);
    expect(result.data).toEqual(artifact);
  });

  test("another user gets FORBIDDEN and nothing changes", async () => {
    const artifact = await addArtifact(t, alice);
    const before = row(artifact.id);
    const result = await call(
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactName: "Hijacked" }) },
      bob.cookie,
    );
    expect(result.status).toBe(403);
    expect(result.error?.data.code).toBe("FORBIDDEN");
    expect(result.error?.message).toBe(MESSAGES.notYourArtifact);
    expect(row(artifact.id)).toEqual(before);
  });

  test("an unknown id gets NOT_FOUND", async () => {
    const result = await call(
      "mutation",
      "artifacts.update",
      { id: 404, fields: artifactFields() },
      alice.cookie,
    );
    expect(result.status).toBe(404);
    expect(result.error?.message).toBe(MESSAGES.artifactNotFound);
    expect(count("artifacts")).toBe(0);
  });

  test("invalid fields get their message and nothing changes", async () => {
    const artifact = await addArtifact(t, alice);
    const before = row(artifact.id);
    const result = await call(
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: { ...artifactFields(), discoveredBy: "" } },
      alice.cookie,
    );
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe(MESSAGES.fieldRequired(LABELS.discoveredBy));
    expect(row(artifact.id)).toEqual(before);
  });

  test("ignores a like count or owner sent inside the fields", async () => {
    const artifact = await addArtifact(t, alice);
    const result = await call(
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: { ...artifactFields(), likeCount: 50, ownerId: bob.id } },
      alice.cookie,
    );
    expect(result.status).toBe(200);
    expect(row(artifact.id)).toMatchObject({ like_count: 0, owner_id: alice.id });
  });
});

describe("artifacts.delete", () => {
  test("the owner deletes the artifact: gone for everyone, kept in the trash with its likes", async () => {
    const artifact = await addArtifact(t, alice);
    const kept = await addArtifact(t, alice);
    await like(t, alice, artifact.id);
    await like(t, bob, artifact.id);
    await like(t, bob, kept.id);

    const result = await call("mutation", "artifacts.delete", { id: artifact.id }, alice.cookie);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ id: artifact.id, message: MESSAGES.artifactDeleted });
    expect((await call("query", "artifacts.byId", { id: artifact.id })).status).toBe(404);
    expect((await call("query", "artifacts.byId", { id: artifact.id }, alice.cookie)).status).toBe(
      404,
    );
    // The trash keeps the row and its likes until a restore or the purge (services/trash.ts).
    expect(row(artifact.id)?.deleted_at).toEqual(expect.any(Number));
    expect(row(artifact.id)?.like_count).toBe(2);
    expect(row(kept.id)?.like_count).toBe(1);

    const again = await call("mutation", "artifacts.delete", { id: artifact.id }, alice.cookie);
    expect(again.error?.data.code).toBe("NOT_FOUND");
  });

  test("another user gets FORBIDDEN and the artifact and its likes stay", async () => {
    const artifact = await addArtifact(t, alice);
    await like(t, bob, artifact.id);
    const before = row(artifact.id);
    const result = await call("mutation", "artifacts.delete", { id: artifact.id }, bob.cookie);
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(MESSAGES.notYourArtifact);
    expect(row(artifact.id)).toEqual(before);
    expect(count("likes")).toBe(1);
  });

  test("an unknown id gets NOT_FOUND and a malformed one BAD_REQUEST", async () => {
    const unknown = await call("mutation", "artifacts.delete", { id: 31337 }, alice.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe(MESSAGES.artifactNotFound);
    const malformed = await call("mutation", "artifacts.delete", { id: "one" }, alice.cookie);
    expect(malformed.status).toBe(400);
  });
});

test("no answer carries an email, a password or the owner", async () => {
  const artifact = await addArtifact(t, alice, { artifactType: "Art" });
  await addArtifact(t, bob, { artifactType: "Art" });
  await like(t, bob, artifact.id);
  const answers = [
    await call("query", "artifacts.popular"),
    await call("query", "artifacts.list", {}),
    await call("query", "artifacts.list", { search: "Test", sort: "desc" }),
    await call("query", "artifacts.byId", { id: artifact.id }),
    await call("query", "artifacts.similar", { id: artifact.id }),
    await call("query", "artifacts.mine", undefined, alice.cookie),
    await call("mutation", "artifacts.create", artifactFields(), alice.cookie),
    await call(
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields() },
      alice.cookie,
    ),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    const text = answer.response.body;
    expect(text).not.toMatch(/email|password|owner/i);
    expect(text).not.toContain("@example.com");
  }
});
