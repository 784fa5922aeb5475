import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  LIKED_ARTIFACTS_PAGE_SIZE,
  MY_ARTIFACTS_PAGE_SIZE,
  REST_MAX_PAGE_SIZE,
  type CursorPage,
  type LikedArtifactsPage,
  type MyArtifactsPage,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../src/db/client";
import * as schema from "../src/db/schema";
import { find } from "../src/services/find";
import { createArtifactStore } from "../src/store/artifact-store";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, like } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * A member's own lists (artifacts.mine, likes.list, and their REST paths) come a page at a time,
 * so that no answer grows with a member's history: keyset pages over tRPC, page and pageSize over
 * REST. Every page comes from an index, however deep.
 */

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

/** Adds `count` artifacts owned by `user` straight to SQL (the triggers still run); answers their ids, oldest first. */
function seedArtifacts(user: SignedInUser, count: number): number[] {
  const insert = t.db.$client.prepare(
    `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
       historical_context, created_at, discovered_at, discovered_by, present_location, username)
     values (?, ?, 'https://images.example.org/a.jpg', 'Art', 'Context', '100 BC', '1900', 'Someone',
       'Somewhere', ?) returning id`,
  );
  return t.db.$client.transaction(() =>
    Array.from(
      { length: count },
      (_, index) => (insert.get(user.id, `${user.name} ${index}`, user.name) as { id: number }).id,
    ),
  )();
}

/** `user` likes each of `ids`, in that order, straight in SQL. */
function seedLikes(user: SignedInUser, ids: number[]): void {
  const insert = t.db.$client.prepare("insert into likes (artifact_id, user_id) values (?, ?)");
  t.db.$client.transaction(() => {
    for (const id of ids) insert.run(id, user.id);
  })();
}

async function page<Page>(path: string, user: SignedInUser, input?: unknown): Promise<Page> {
  const result = await trpc(t.app, "query", path, input, user.cookie);
  expect(result.status, result.response.body).toBe(200);
  return result.data as Page;
}

/** Every page of a list, following nextCursor from the first page to the end. */
async function allPages<Item extends { id: number }>(
  path: string,
  user: SignedInUser,
  limit?: number,
): Promise<{ pages: CursorPage<Item>[]; ids: number[] }> {
  const pages: CursorPage<Item>[] = [];
  let cursor: number | null = null;
  do {
    const next: CursorPage<Item> = await page(path, user, { cursor, limit });
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return { pages, ids: pages.flatMap((each) => each.items.map((item) => item.id)) };
}

const newestFirst = (ids: number[]) => [...ids].reverse();

describe("artifacts.mine", () => {
  it("answers a full first page, newest first, with the cursor of its last artifact", async () => {
    const ids = seedArtifacts(alice, MY_ARTIFACTS_PAGE_SIZE + 5);
    const first = await page<MyArtifactsPage>("artifacts.mine", alice);
    expect(first.items.map((item) => item.id)).toEqual(
      newestFirst(ids).slice(0, MY_ARTIFACTS_PAGE_SIZE),
    );
    expect(first.nextCursor).toBe(first.items.at(-1)?.id);

    const second = await page<MyArtifactsPage>("artifacts.mine", alice, {
      cursor: first.nextCursor,
    });
    expect(second.items.map((item) => item.id)).toEqual(
      newestFirst(ids).slice(MY_ARTIFACTS_PAGE_SIZE),
    );
    expect(second.nextCursor).toBeNull();
  });

  it("covers every artifact once, and ends without an empty page when the last page is full", async () => {
    const ids = seedArtifacts(alice, 2 * MY_ARTIFACTS_PAGE_SIZE);
    const { pages, ids: seen } = await allPages("artifacts.mine", alice);
    expect(pages.map((each) => each.items.length)).toEqual([
      MY_ARTIFACTS_PAGE_SIZE,
      MY_ARTIFACTS_PAGE_SIZE,
    ]);
    expect(seen).toEqual(newestFirst(ids));

    const small = await allPages("artifacts.mine", alice, 7);
    expect(small.pages.map((each) => each.items.length)).toEqual([7, 7, 7, 7, 7, 5]);
    expect(small.ids).toEqual(newestFirst(ids));
  });

  it("answers an empty last page for a member with nothing, and for a cursor past the oldest", async () => {
    expect(await page("artifacts.mine", alice)).toEqual({ items: [], nextCursor: null });
    const [only] = seedArtifacts(alice, 1);
    expect(await page("artifacts.mine", alice, { cursor: only })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it("never answers another member's artifacts, whatever the cursor", async () => {
    // Interleaved, so that every page of one member's list has the other's ids between its own.
    const alices: number[] = [];
    const bobs: number[] = [];
    for (let i = 0; i < MY_ARTIFACTS_PAGE_SIZE + 3; i += 1) {
      alices.push(...seedArtifacts(alice, 1));
      bobs.push(...seedArtifacts(bob, 1));
    }
    expect((await allPages("artifacts.mine", alice)).ids).toEqual(newestFirst(alices));
    expect((await allPages("artifacts.mine", bob)).ids).toEqual(newestFirst(bobs));
    // A cursor is only a position: Bob's ids as cursors still answer Alice's artifacts only.
    const fromBobs = await page<MyArtifactsPage>("artifacts.mine", alice, { cursor: bobs.at(-1) });
    expect(fromBobs.items.map((item) => item.id)).toEqual(
      newestFirst(alices).slice(0, MY_ARTIFACTS_PAGE_SIZE),
    );
  });

  it("drops a deleted artifact from the next page, even the one the cursor names", async () => {
    const ids = newestFirst(seedArtifacts(alice, MY_ARTIFACTS_PAGE_SIZE + 4));
    const first = await page<MyArtifactsPage>("artifacts.mine", alice, { limit: 5 });
    const remove = async (id: number) => {
      const result = await trpc(t.app, "mutation", "artifacts.delete", { id }, alice.cookie);
      expect(result.status).toBe(200);
    };
    await remove(ids[4]!); // the cursor's own artifact
    await remove(ids[6]!);
    const next = await page<MyArtifactsPage>("artifacts.mine", alice, {
      cursor: first.nextCursor,
      limit: 5,
    });
    expect(first.nextCursor).toBe(ids[4]);
    expect(next.items.map((item) => item.id)).toEqual([ids[5], ids[7], ids[8], ids[9], ids[10]]);
  });

  it("shows a newly added artifact on the first page", async () => {
    seedArtifacts(alice, MY_ARTIFACTS_PAGE_SIZE);
    // The answer of artifacts.create adds every image (issue 30); a list's card shows the first.
    const { images: _images, ...added } = await addArtifact(t, alice, { artifactName: "Newest" });
    const first = await page<MyArtifactsPage>("artifacts.mine", alice);
    expect(first.items[0]).toEqual(added);
    expect(first.items).toHaveLength(MY_ARTIFACTS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
  });
});

describe("likes.list", () => {
  it("pages through the liked artifacts, most recently liked first", async () => {
    const ids = seedArtifacts(bob, LIKED_ARTIFACTS_PAGE_SIZE + 10);
    // Liked in an order of its own, not the artifacts' order.
    const likedOrder = [...ids.filter((_, i) => i % 2 === 1), ...ids.filter((_, i) => i % 2 === 0)];
    seedLikes(alice, likedOrder);

    const first = await page<LikedArtifactsPage>("likes.list", alice);
    expect(first.items).toHaveLength(LIKED_ARTIFACTS_PAGE_SIZE);
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      ["artifactName", "artifactType", "createdAt", "id"].sort(),
    );
    expect(first.nextCursor).not.toBeNull();
    const { pages, ids: seen } = await allPages("likes.list", alice);
    expect(pages.map((each) => each.items.length)).toEqual([LIKED_ARTIFACTS_PAGE_SIZE, 10]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(seen).toEqual(newestFirst(likedOrder));

    const small = await allPages("likes.list", alice, 30);
    expect(small.pages.map((each) => each.items.length)).toEqual([30, 30, 30, 20]);
    expect(small.ids).toEqual(newestFirst(likedOrder));
  });

  it("never answers another member's likes, whatever the cursor", async () => {
    const ids = seedArtifacts(bob, 12);
    seedLikes(alice, ids.slice(0, 6));
    seedLikes(bob, ids);
    const alices = await allPages("likes.list", alice, 4);
    expect(alices.ids).toEqual(newestFirst(ids.slice(0, 6)));
    const bobs = await allPages<{ id: number }>("likes.list", bob, 5);
    expect(bobs.ids).toEqual(newestFirst(ids));
    // Bob's cursors in Alice's list: still only Alice's likes.
    for (const { nextCursor } of bobs.pages) {
      if (nextCursor === null) continue;
      const answer = await page<LikedArtifactsPage>("likes.list", alice, { cursor: nextCursor });
      for (const item of answer.items) expect(ids.slice(0, 6)).toContain(item.id);
    }
  });

  it("drops an unliked or deleted artifact from the next page; a like again comes first", async () => {
    const ids = seedArtifacts(bob, 10);
    seedLikes(alice, ids);
    const liked = newestFirst(ids);
    const first = await page<LikedArtifactsPage>("likes.list", alice, { limit: 3 });
    expect(first.items.map((item) => item.id)).toEqual(liked.slice(0, 3));

    // Unlike the artifact whose like is the cursor, and delete one further down.
    const unliked = await trpc(t.app, "mutation", "likes.unlike", { id: liked[2] }, alice.cookie);
    expect(unliked.status).toBe(200);
    const deleted = await trpc(t.app, "mutation", "artifacts.delete", { id: liked[4] }, bob.cookie);
    expect(deleted.status).toBe(200);
    const next = await page<LikedArtifactsPage>("likes.list", alice, {
      cursor: first.nextCursor,
      limit: 3,
    });
    expect(next.items.map((item) => item.id)).toEqual([liked[3], liked[5], liked[6]]);

    await like(t, alice, liked[2]!);
    const again = await page<LikedArtifactsPage>("likes.list", alice, { limit: 3 });
    expect(again.items.map((item) => item.id)).toEqual([liked[2], liked[0], liked[1]]);
  });
});

describe("bad pages are refused with 400", () => {
  it.each([
    ["artifacts.mine", MY_ARTIFACTS_PAGE_SIZE],
    ["likes.list", LIKED_ARTIFACTS_PAGE_SIZE],
  ])("%s", async (path, pageSize) => {
    const cursorMessage = `cursor must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}.`;
    const limitMessage = `limit must be a whole number from 1 to ${pageSize}.`;
    const cases: [unknown, string][] = [
      [{ cursor: 0 }, cursorMessage],
      [{ cursor: -5 }, cursorMessage],
      [{ cursor: 2.5 }, cursorMessage],
      [{ cursor: "next" }, cursorMessage],
      [{ cursor: 1e300 }, cursorMessage],
      [{ limit: 0 }, limitMessage],
      [{ limit: pageSize + 1 }, limitMessage],
      [{ limit: 1_000_000 }, limitMessage],
      [{ limit: "all" }, limitMessage],
    ];
    for (const [input, message] of cases) {
      const result = await trpc(t.app, "query", path, input, alice.cookie);
      expect(result.status, JSON.stringify(input)).toBe(400);
      expect(result.error?.data.code).toBe("BAD_REQUEST");
      expect(result.error?.message).toBe(message);
    }
  });
});

describe("GET /artifacts?email= and GET /liked-artifact, a page at a time", () => {
  const email = (user: SignedInUser) => `email=${encodeURIComponent(user.email)}`;

  it("answers at most 100 own artifacts by default, with the total and the next page's link", async () => {
    const ids = newestFirst(seedArtifacts(alice, REST_MAX_PAGE_SIZE + 5));
    seedArtifacts(bob, 3);
    const response = await rest(t.app, "GET", `/artifacts?${email(alice)}`, {
      cookie: alice.cookie,
    });
    expect(response.statusCode).toBe(200);
    const items = response.json() as { _id: string; userEmail: string }[];
    expect(items.map((item) => Number(item._id))).toEqual(ids.slice(0, REST_MAX_PAGE_SIZE));
    expect(items.every((item) => item.userEmail === alice.email)).toBe(true);
    expect(response.headers["x-total-count"]).toBe(String(REST_MAX_PAGE_SIZE + 5));
    expect(response.headers.link).toContain(
      `</artifacts?${email(alice)}&page=2&pageSize=${REST_MAX_PAGE_SIZE}>; rel="next"`,
    );

    const second = await rest(t.app, "GET", `/artifacts?${email(alice)}&page=2`, {
      cookie: alice.cookie,
    });
    expect((second.json() as { _id: string }[]).map((item) => Number(item._id))).toEqual(
      ids.slice(REST_MAX_PAGE_SIZE),
    );
    expect(second.headers.link).not.toContain('rel="next"');
  });

  it("takes page with pageSize or limit for own artifacts", async () => {
    const ids = newestFirst(seedArtifacts(alice, 7));
    for (const size of ["pageSize=3", "limit=3"]) {
      const response = await rest(t.app, "GET", `/artifacts?${email(alice)}&page=2&${size}`, {
        cookie: alice.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as { _id: string }[]).map((item) => Number(item._id))).toEqual(
        ids.slice(3, 6),
      );
      expect(response.headers["x-total-count"]).toBe("7");
    }
    const past = await rest(t.app, "GET", `/artifacts?${email(alice)}&page=9&pageSize=3`, {
      cookie: alice.cookie,
    });
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("7");
  });

  it("pages the liked list, most recently liked first", async () => {
    const ids = seedArtifacts(bob, REST_MAX_PAGE_SIZE + 2);
    seedLikes(alice, ids);
    seedLikes(bob, ids.slice(0, 3));
    const liked = newestFirst(ids);

    const byDefault = await rest(t.app, "GET", `/liked-artifact?${email(alice)}`, {
      cookie: alice.cookie,
    });
    expect(byDefault.statusCode).toBe(200);
    const items = byDefault.json() as { _id: string; artifactName: string }[];
    expect(items.map((item) => Number(item._id))).toEqual(liked.slice(0, REST_MAX_PAGE_SIZE));
    expect(Object.keys(items[0]!).sort()).toEqual(
      ["_id", "artifactName", "artifactType", "createdAt"].sort(),
    );
    expect(byDefault.headers["x-total-count"]).toBe(String(REST_MAX_PAGE_SIZE + 2));
    expect(byDefault.headers.link).toContain(
      `</liked-artifact?${email(alice)}&page=2&pageSize=${REST_MAX_PAGE_SIZE}>; rel="next"`,
    );

    // Without email (it is optional there), and with a size.
    const third = await rest(t.app, "GET", "/liked-artifact?page=3&pageSize=4", {
      cookie: alice.cookie,
    });
    expect((third.json() as { _id: string }[]).map((item) => Number(item._id))).toEqual(
      liked.slice(8, 12),
    );
    expect(third.headers.link).toContain('</liked-artifact?page=2&pageSize=4>; rel="prev"');
    const bobs = await rest(t.app, "GET", "/liked-artifact", { cookie: bob.cookie });
    expect(bobs.headers["x-total-count"]).toBe("3");
  });

  it.each([
    ["/artifacts?email=alice%40example.com&pageSize=101", "pageSize"],
    ["/artifacts?email=alice%40example.com&page=0", "page"],
    ["/liked-artifact?pageSize=101", "pageSize"],
    ["/liked-artifact?pageSize=0", "pageSize"],
    ["/liked-artifact?page=-1", "page"],
    ["/liked-artifact?page=two", "page"],
  ])("refuses %s with a 400 naming %s", async (url, field) => {
    const response = await rest(t.app, "GET", url, { cookie: alice.cookie });
    expect(response.statusCode).toBe(400);
    const max = field === "page" ? "10000" : String(REST_MAX_PAGE_SIZE);
    expect(response.json()).toEqual({
      error: `${field}: ${field} must be a whole number from 1 to ${max}.`,
    });
  });
});

describe("query plans", () => {
  /** The plan of every statement the call runs, on a traced connection to the test's file. */
  function plansOf(run: (db: AppDatabase) => void): string[] {
    const statements: string[] = [];
    const sqlite = new Database(t.env.databasePath, {
      verbose: (statement) => statements.push(String(statement)),
    });
    try {
      run(drizzle(sqlite, { schema }) as AppDatabase);
      return [...statements].map((statement) =>
        (sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join(" | "),
      );
    } finally {
      sqlite.close();
    }
  }

  const scanOrSort = /\bSCAN (?:artifacts|likes)\b(?! USING)|TEMP B-TREE/;

  it("a member's own artifacts come from artifacts_owner_idx, at any depth, never a scan or sort", () => {
    const ids = seedArtifacts(alice, 50);
    seedArtifacts(bob, 50);
    const plans = plansOf((db) => {
      // As artifacts.mine and GET /artifacts?email= ask.
      const store = createArtifactStore(db);
      find(store, alice, { list: "mine", window: { cursor: null, limit: 10 } });
      find(store, alice, { list: "mine", window: { cursor: ids[25]!, limit: 10 } });
      find(store, alice, { list: "mine", window: { limit: 10, offset: 30 }, total: true });
    });
    expect(plans).toHaveLength(4);
    expect(plans[0]).toContain("USING INDEX artifacts_owner_idx (owner_id=? AND id<?)");
    expect(plans[1]).toContain("USING INDEX artifacts_owner_idx (owner_id=? AND id<?)");
    expect(plans[2]).toContain("USING COVERING INDEX artifacts_owner_idx (owner_id=?)");
    expect(plans[3]).toContain("USING COVERING INDEX artifacts_owner_idx (owner_id=?)");
    for (const plan of plans) expect(plan).not.toMatch(scanOrSort);
  });

  it("a member's likes come from likes_user_idx, at any depth, never a scan or sort", () => {
    const ids = seedArtifacts(bob, 50);
    seedLikes(alice, ids);
    seedLikes(bob, ids);
    const plans = plansOf((db) => {
      // As likes.list and GET /liked-artifact ask.
      const store = createArtifactStore(db);
      find(store, alice, { list: "liked", window: { cursor: null, limit: 10 } });
      find(store, alice, { list: "liked", window: { cursor: 30, limit: 10 } });
      find(store, alice, { list: "liked", window: { limit: 10, offset: 30 }, total: true });
    });
    expect(plans).toHaveLength(4);
    expect(plans[0]).toContain("INDEX likes_user_idx (user_id=? AND rowid<?)");
    expect(plans[1]).toContain("INDEX likes_user_idx (user_id=? AND rowid<?)");
    // The count and the slice's likes check that each artifact is public (decision 050): one
    // lookup by primary key per like of this member, never a scan.
    expect(plans[2]).toContain(
      "INDEX likes_user_idx (user_id=?) | SEARCH artifacts USING INTEGER PRIMARY KEY (rowid=?)",
    );
    expect(plans[3]).toContain("INDEX likes_user_idx (user_id=?)");
    for (const plan of plans) expect(plan).not.toMatch(scanOrSort);
  });
});
