import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { postArtifact, rest, type RestOptions } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let artifactId: string;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Archivist" });
  bob = await createUserWithSession(t, { email: "bob@example.com", name: "Bob Builder" });
  artifactId = await postArtifact(t.app, bob, {
    artifactName: "Terracotta Warrior",
    artifactType: "Sculptures",
    createdAt: "210 BC",
  });
});

afterEach(async () => {
  await t.close();
});

function call(method: "GET" | "POST" | "DELETE", url: string, options?: RestOptions) {
  return rest(t.app, method, url, options);
}

const q = (email: string) => `email=${encodeURIComponent(email)}`;

/** The Like button as the spec's detail screen sends it. */
function like(user: SignedInUser, id: unknown = artifactId, applicantEmail: unknown = user.email) {
  return call("POST", "/liked-artifacts", {
    cookie: user.cookie,
    body: { artifact_id: id, applicant_email: applicantEmail },
  });
}

function unlike(user: SignedInUser, id: string = artifactId, email: string = user.email) {
  return call("DELETE", `/liked-artifacts/${id}?${q(email)}`, { cookie: user.cookie });
}

function status(user: SignedInUser, id: string = artifactId, email: string = user.email) {
  return call("GET", `/liked-artifacts/${id}?${q(email)}`, { cookie: user.cookie });
}

function likeRows(): number {
  return (t.db.$client.prepare("select count(*) as n from likes").get() as { n: number }).n;
}

function likeCount(id: string = artifactId): number {
  const row = t.db.$client.prepare("select like_count from artifacts where id = ?").get(Number(id));
  return (row as { like_count: number }).like_count;
}

function expectError(response: LightMyRequestResponse, code: number, message?: string) {
  expect(response.statusCode, response.body).toBe(code);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json() as { error: string };
  if (message !== undefined) expect(body.error).toBe(message);
  return body;
}

const MALFORMED_IDS = ["abc", "0", "-1", "1.5", "64b7f0c2e4b0a1b2c3d4e5f6"];

describe("GET /liked-artifacts/{id}?email=", () => {
  it("reads liked as a boolean, with the like count", async () => {
    const before = await status(alice);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ liked: false, likeCount: 0 });

    await like(alice);

    expect((await status(alice)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await status(bob)).json()).toEqual({ liked: false, likeCount: 1 });
  });

  it("accepts the own email in any case, and no email at all", async () => {
    await like(alice);
    expect((await status(alice, artifactId, "ALICE@example.COM")).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    const bare = await call("GET", `/liked-artifacts/${artifactId}`, { cookie: alice.cookie });
    expect(bare.json()).toEqual({ liked: true, likeCount: 1 });
  });

  it("refuses another user's email with 403 and tells nothing about their like", async () => {
    await like(bob);
    const response = await status(alice, artifactId, bob.email);
    expectError(response, 403, "email must be the signed-in user's own email.");
    expect(response.body).not.toContain("liked");
  });

  it("answers 401 signed out, 404 for unknown and malformed ids, 400 for a bad email", async () => {
    expectError(
      await call("GET", `/liked-artifacts/${artifactId}?${q(alice.email)}`),
      401,
      MESSAGES.signInRequired,
    );
    for (const id of ["12345", ...MALFORMED_IDS]) {
      expectError(await status(alice, id), 404, MESSAGES.artifactNotFound);
    }
    const bad = expectError(await status(alice, artifactId, "nobody"), 400);
    expect(bad.error).toBe(`email: ${MESSAGES.invalidEmail}`);
  });
});

describe("POST /liked-artifacts", () => {
  it("likes the artifact with artifact_id and applicant_email, judged by an ok status", async () => {
    const response = await like(alice);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ liked: true, likeCount: 1 });
    expect(likeCount()).toBe(1);
    const viaTrpc = await trpc(
      t.app,
      "query",
      "likes.status",
      { id: Number(artifactId) },
      alice.cookie,
    );
    expect(viaTrpc.data).toEqual({ liked: true, likeCount: 1 });
  });

  it("takes a duplicate like as success without counting it twice", async () => {
    const first = await like(alice);
    const second = await like(alice);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ liked: true, likeCount: 1 });
    expect(likeRows()).toBe(1);
    expect(likeCount()).toBe(1);
  });

  it("accepts a numeric artifact_id and no applicant_email", async () => {
    const response = await call("POST", "/liked-artifacts", {
      cookie: alice.cookie,
      body: { artifact_id: Number(artifactId) },
    });
    expect(response.statusCode).toBe(200);
    expect(likeRows()).toBe(1);
  });

  it("refuses another user's applicant_email with 403 and likes nothing", async () => {
    const response = await like(alice, artifactId, bob.email);

    expectError(response, 403, "applicant_email must be the signed-in user's own email.");
    expect(likeRows()).toBe(0);
    expect(likeCount()).toBe(0);
  });

  it("answers 401 signed out and likes nothing", async () => {
    const response = await call("POST", "/liked-artifacts", {
      body: { artifact_id: artifactId, applicant_email: alice.email },
    });
    expectError(response, 401, MESSAGES.signInRequired);
    expect(likeRows()).toBe(0);
  });

  it.each(["12345", ...MALFORMED_IDS].map((id) => [id]))(
    "answers 404 for the unknown or malformed artifact_id %j",
    async (id) => {
      expectError(await like(alice, id), 404, MESSAGES.artifactNotFound);
      expect(likeRows()).toBe(0);
    },
  );

  it.each([
    ["a missing artifact_id", { applicant_email: "alice@example.com" }, "artifact_id: "],
    ["an object as artifact_id", { artifact_id: { $ne: null } }, "artifact_id: "],
    ["an array as artifact_id", { artifact_id: [1] }, "artifact_id: "],
    ["a bad applicant_email", { artifact_id: "1", applicant_email: "x" }, "applicant_email: "],
  ])("refuses %s with 400 naming the field", async (_label, body, prefix) => {
    const response = await call("POST", "/liked-artifacts", { cookie: alice.cookie, body });
    const { error } = expectError(response, 400);
    expect(error.startsWith(prefix)).toBe(true);
    expect(likeRows()).toBe(0);
  });

  it("answers 413 for an oversized body", async () => {
    const response = await call("POST", "/liked-artifacts", {
      cookie: alice.cookie,
      body: { artifact_id: artifactId, applicant_email: alice.email, padding: "x".repeat(70_000) },
    });
    expectError(response, 413);
    expect(likeRows()).toBe(0);
  });
});

describe("DELETE /liked-artifacts/{id}?email=", () => {
  it("unlikes, judged by an ok status, and is idempotent", async () => {
    await like(alice);
    await like(bob);

    const first = await unlike(alice);
    const second = await unlike(alice);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: false, likeCount: 1 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ liked: false, likeCount: 1 });
    expect(likeCount()).toBe(1);
  });

  it("refuses another user's email with 403 and keeps their like", async () => {
    await like(bob);

    const response = await unlike(alice, artifactId, bob.email);

    expectError(response, 403);
    expect((await status(bob)).json()).toEqual({ liked: true, likeCount: 1 });
  });

  it("answers 401 signed out, and 404 for unknown and malformed ids", async () => {
    await like(alice);
    expectError(
      await call("DELETE", `/liked-artifacts/${artifactId}?${q(alice.email)}`),
      401,
      MESSAGES.signInRequired,
    );
    for (const id of ["12345", ...MALFORMED_IDS]) {
      expectError(await unlike(alice, id), 404, MESSAGES.artifactNotFound);
    }
    expect(likeCount()).toBe(1);
  });
});

describe("GET /liked-artifact?email=", () => {
  it("answers the liked artifacts with artifactName, artifactType and createdAt, latest first", async () => {
    const other = await postArtifact(t.app, bob, {
      artifactName: "Gutenberg Bible",
      artifactType: "Writings",
      createdAt: "1455",
    });
    await like(alice, artifactId);
    await like(alice, other);

    const response = await call("GET", `/liked-artifact?${q(alice.email)}`, {
      cookie: alice.cookie,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: other, artifactName: "Gutenberg Bible", artifactType: "Writings", createdAt: "1455" },
      {
        _id: artifactId,
        artifactName: "Terracotta Warrior",
        artifactType: "Sculptures",
        createdAt: "210 BC",
      },
    ]);
  });

  it("answers an empty array when nothing is liked", async () => {
    const response = await call("GET", `/liked-artifact?${q(alice.email)}`, {
      cookie: alice.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("refuses another user's email with 403, and answers 401 signed out", async () => {
    await like(bob);
    const other = await call("GET", `/liked-artifact?${q(bob.email)}`, { cookie: alice.cookie });
    expectError(other, 403);
    expect(other.body).not.toContain("Terracotta");
    expectError(await call("GET", `/liked-artifact?${q(bob.email)}`), 401);
  });
});

describe("POST /jwt", () => {
  function jwt(user: SignedInUser | null, body: unknown) {
    return call("POST", "/jwt", { ...(user ? { cookie: user.cookie } : {}), body });
  }

  it("confirms the session for the user's own email and issues no token", async () => {
    const response = await jwt(alice, { email: alice.email });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const newCookies = response.cookies.filter((cookie) => cookie.name !== "atlas_session");
    expect(newCookies).toEqual([]);
    expect(response.body).not.toMatch(/token/i);
  });

  it("accepts the own email in another case", async () => {
    expect((await jwt(alice, { email: "ALICE@EXAMPLE.COM" })).statusCode).toBe(200);
  });

  it("answers 403 for an email that is not the session's, and 401 signed out", async () => {
    expectError(await jwt(alice, { email: bob.email }), 403);
    expectError(await jwt(null, { email: alice.email }), 401, MESSAGES.signInRequired);
  });

  it("refuses a missing or invalid email with 400 naming the field", async () => {
    expectError(await jwt(alice, {}), 400, `email: ${MESSAGES.invalidEmail}`);
    expectError(await jwt(alice, { email: ["alice@example.com"] }), 400);
  });
});
