import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MESSAGES,
  type Artifact,
  type LikedArtifact,
  type LikedArtifactsPage,
  type LikeStatus,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let vase: Artifact;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Archivist" });
  bob = await createUserWithSession(t, { email: "bob@example.com", name: "Bob Builder" });
  vase = await addArtifact(t, alice, {
    artifactName: "Portland Vase",
    artifactType: "Art",
    createdAt: "c. 25 BC",
  });
});

afterEach(async () => {
  await t.close();
});

async function likeCall(
  kind: "query" | "mutation",
  path: "likes.status" | "likes.like" | "likes.unlike",
  user: SignedInUser,
  id: number,
): Promise<LikeStatus> {
  const result = await trpc(t.app, kind, path, { id }, user.cookie);
  expect(result.status, `${path} ${result.response.body}`).toBe(200);
  return result.data as LikeStatus;
}

const status = (user: SignedInUser, id: number) => likeCall("query", "likes.status", user, id);
const like = (user: SignedInUser, id: number) => likeCall("mutation", "likes.like", user, id);
const unlike = (user: SignedInUser, id: number) => likeCall("mutation", "likes.unlike", user, id);

async function likedList(user: SignedInUser): Promise<LikedArtifact[]> {
  const result = await trpc(t.app, "query", "likes.list", undefined, user.cookie);
  expect(result.status).toBe(200);
  const page = result.data as LikedArtifactsPage;
  expect(page.nextCursor).toBeNull();
  return page.items;
}

/** Artifacts whose like_count differs from their number of likes rows (should be none). */
function countMismatches(): unknown[] {
  return t.db.$client
    .prepare(
      `select id, like_count, (select count(*) from likes where artifact_id = artifacts.id) as rows
       from artifacts
       where like_count <> (select count(*) from likes where artifact_id = artifacts.id)`,
    )
    .all();
}

describe("signed out", () => {
  test("every likes procedure answers UNAUTHORIZED and nothing is stored", async () => {
    for (const [kind, path, input] of [
      ["query", "likes.status", { id: vase.id }],
      ["mutation", "likes.like", { id: vase.id }],
      ["mutation", "likes.unlike", { id: vase.id }],
      ["query", "likes.list", undefined],
    ] as const) {
      const result = await trpc(t.app, kind, path, input);
      expect(result.status, path).toBe(401);
      expect(result.error?.data.code, path).toBe("UNAUTHORIZED");
      expect(result.error?.message, path).toBe(MESSAGES.signInRequired);
    }
    expect(t.db.$client.prepare("select count(*) as n from likes").get()).toEqual({ n: 0 });
  });
});

describe("like and unlike", () => {
  test("are idempotent and answer the fresh state with exact counts", async () => {
    expect(await status(alice, vase.id)).toEqual({ liked: false, likeCount: 0 });

    expect(await like(alice, vase.id)).toEqual({ liked: true, likeCount: 1 });
    expect(await like(alice, vase.id)).toEqual({ liked: true, likeCount: 1 });
    expect(await status(alice, vase.id)).toEqual({ liked: true, likeCount: 1 });
    expect(await status(bob, vase.id)).toEqual({ liked: false, likeCount: 1 });

    expect(await like(bob, vase.id)).toEqual({ liked: true, likeCount: 2 });
    expect(await unlike(alice, vase.id)).toEqual({ liked: false, likeCount: 1 });
    expect(await unlike(alice, vase.id)).toEqual({ liked: false, likeCount: 1 });
    expect(await status(bob, vase.id)).toEqual({ liked: true, likeCount: 1 });

    expect(await unlike(bob, vase.id)).toEqual({ liked: false, likeCount: 0 });
    expect(await unlike(bob, vase.id)).toEqual({ liked: false, likeCount: 0 });

    const byId = await trpc(t.app, "query", "artifacts.byId", { id: vase.id });
    expect((byId.data as Artifact).likeCount).toBe(0);
  });

  test("answer NOT_FOUND for an unknown artifact and BAD_REQUEST for a malformed id", async () => {
    for (const [kind, path] of [
      ["query", "likes.status"],
      ["mutation", "likes.like"],
      ["mutation", "likes.unlike"],
    ] as const) {
      const unknown = await trpc(t.app, kind, path, { id: 9999 }, alice.cookie);
      expect(unknown.status, path).toBe(404);
      expect(unknown.error?.message, path).toBe(MESSAGES.artifactNotFound);
      for (const id of ["abc", 0, -1, 2.5]) {
        const malformed = await trpc(t.app, kind, path, { id }, alice.cookie);
        expect(malformed.status, `${path} ${String(id)}`).toBe(400);
        expect(malformed.error?.data.code).toBe("BAD_REQUEST");
      }
    }
    expect(t.db.$client.prepare("select count(*) as n from likes").get()).toEqual({ n: 0 });
  });

  test("like_count always equals the number of like rows", async () => {
    const members = [alice, bob];
    for (let i = 0; i < 4; i += 1) members.push(await createUserWithSession(t));
    const pieces = [vase];
    for (let i = 0; i < 3; i += 1) pieces.push(await addArtifact(t, bob));

    // A fixed pseudo-random walk of likes and unlikes (the same on every run).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const expected = new Map<number, Set<number>>(pieces.map((piece) => [piece.id, new Set()]));
    for (let step = 0; step < 60; step += 1) {
      const member = members[next(members.length)] as SignedInUser;
      const piece = pieces[next(pieces.length)] as Artifact;
      const likers = expected.get(piece.id) as Set<number>;
      if (next(3) === 0) {
        likers.delete(member.id);
        expect(await unlike(member, piece.id)).toEqual({ liked: false, likeCount: likers.size });
      } else {
        likers.add(member.id);
        expect(await like(member, piece.id)).toEqual({ liked: true, likeCount: likers.size });
      }
      expect(countMismatches()).toEqual([]);
    }

    // Deleting an artifact and a user (whose likes go by cascade) keeps the counts exact.
    await trpc(t.app, "mutation", "artifacts.delete", { id: vase.id }, alice.cookie);
    t.db.$client.prepare("delete from users where id = ?").run(members[3]?.id);
    expect(countMismatches()).toEqual([]);
    const counts = t.db.$client
      .prepare(
        "select count(*) as likes, (select sum(like_count) from artifacts) as total from likes",
      )
      .get() as { likes: number; total: number };
    expect(counts.total).toBe(counts.likes);
  });
});

describe("likes.list", () => {
  test("lists the user's liked artifacts, most recently liked first, in the spec's shape", async () => {
    const tablet = await addArtifact(t, bob, {
      artifactName: "Clay Tablet",
      artifactType: "Writings",
      createdAt: "c. 2100 BC",
    });
    const chisel = await addArtifact(t, bob, {
      artifactName: "Flint Chisel",
      artifactType: "Tools",
      createdAt: "Neolithic",
    });

    expect(await likedList(alice)).toEqual([]);
    await like(alice, tablet.id);
    await like(alice, vase.id);
    await like(alice, chisel.id);
    await like(bob, tablet.id);

    expect(await likedList(alice)).toEqual([
      {
        id: chisel.id,
        artifactName: "Flint Chisel",
        artifactType: "Tools",
        createdAt: "Neolithic",
      },
      { id: vase.id, artifactName: "Portland Vase", artifactType: "Art", createdAt: "c. 25 BC" },
      {
        id: tablet.id,
        artifactName: "Clay Tablet",
        artifactType: "Writings",
        createdAt: "c. 2100 BC",
      },
    ]);
    expect((await likedList(bob)).map((item) => item.id)).toEqual([tablet.id]);

    // Liking again changes nothing; unliking and liking again makes it the most recent.
    await like(alice, tablet.id);
    expect((await likedList(alice)).map((item) => item.id)).toEqual([
      chisel.id,
      vase.id,
      tablet.id,
    ]);
    await unlike(alice, tablet.id);
    expect((await likedList(alice)).map((item) => item.id)).toEqual([chisel.id, vase.id]);
    await like(alice, tablet.id);
    expect((await likedList(alice)).map((item) => item.id)).toEqual([
      tablet.id,
      chisel.id,
      vase.id,
    ]);

    // A deleted artifact leaves the list.
    await trpc(t.app, "mutation", "artifacts.delete", { id: chisel.id }, bob.cookie);
    expect((await likedList(alice)).map((item) => item.id)).toEqual([tablet.id, vase.id]);
  });

  test("answers carry no email, password or owner", async () => {
    await like(alice, vase.id);
    const answers = [
      await trpc(t.app, "query", "likes.list", undefined, alice.cookie),
      await trpc(t.app, "query", "likes.status", { id: vase.id }, alice.cookie),
      await trpc(t.app, "mutation", "likes.like", { id: vase.id }, bob.cookie),
      await trpc(t.app, "mutation", "likes.unlike", { id: vase.id }, bob.cookie),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.response.body).not.toMatch(/email|password|owner|user_?id/i);
    }
  });
});
