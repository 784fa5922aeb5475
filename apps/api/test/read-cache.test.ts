import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Artifact } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase, type AppDatabase } from "../src/db/client";
import { ReadCache } from "../src/db/read-cache";
import { users } from "../src/db/schema";
import { createArtifact, getArtifact, updateArtifact } from "../src/services/artifacts";
import { setLike } from "../src/services/likes";
import { createArtifactStore, type ArtifactStore } from "../src/store/artifact-store";
import { createLikeStore } from "../src/store/like-store";
import { artifactFields } from "./support/artifacts";
import { listPage } from "./support/find";
import { copyTemplateDatabase } from "./support/template-database";

/* Kept answers of the hot reads: never older than the data this server wrote (src/db/read-cache.ts). */

let dir: string;
let db: AppDatabase;
let store: ArtifactStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-read-cache-"));
  copyTemplateDatabase(join(dir, "test.db"));
  db = openDatabase(join(dir, "test.db"));
  store = createArtifactStore(db);
});

afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** The default review mode; the member's work is queued, which the cache must not mind. */
const POST_REVIEW = { reviewMode: "post", requestId: null, now: Date.now() } as const;

function addUser(name: string) {
  return db
    .insert(users)
    .values({ email: `${name.toLowerCase()}@example.org`, name })
    .returning({ id: users.id, name: users.name, role: users.role })
    .get();
}

/** An artifact with this name, and a read of its name straight from SQL. */
function artifactNamed(name: string) {
  const artifact = createArtifact(
    store,
    addUser("Owner"),
    artifactFields({ artifactName: name }),
    POST_REVIEW,
  );
  const nameOf = () =>
    db.$client.prepare("select artifact_name from artifacts where id = ?").pluck().get(artifact.id);
  return { artifact, nameOf };
}

function counting<T>(value: () => T) {
  let calls = 0;
  return {
    compute: () => {
      calls += 1;
      return value();
    },
    calls: () => calls,
  };
}

describe("ReadCache", () => {
  it("answers a repeated read from memory while nothing is written", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
    });
    const read = counting(() => ({ answer: 42 }));
    const first = cache.read("key", read.compute);
    expect(cache.read("key", read.compute)).toBe(first);
    expect(read.calls()).toBe(1);
  });

  it("drops every kept answer when this connection writes a row", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
    });
    const read = counting(() => "answer");
    cache.read("a", read.compute);
    cache.read("b", read.compute);
    addUser("Writer");
    cache.read("a", read.compute);
    expect(read.calls()).toBe(3);
    expect(cache.size).toBe(1);
  });

  it("keeps nothing read inside a transaction, which a rollback could undo", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
    });
    const { artifact, nameOf } = artifactNamed("Before");
    expect(() =>
      db.transaction(() => {
        db.$client
          .prepare("update artifacts set artifact_name = 'Never' where id = ?")
          .run(artifact.id);
        expect(cache.read("name", nameOf)).toBe("Never");
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(cache.read("name", nameOf)).toBe("Before");
  });

  it("answers from memory inside a transaction that has written nothing", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
    });
    const { nameOf } = artifactNamed("Before");
    const read = counting(nameOf);
    expect(cache.read("name", read.compute)).toBe("Before");
    db.transaction(() => {
      expect(cache.read("name", read.compute)).toBe("Before");
    });
    expect(read.calls()).toBe(1);
  });

  it("reads afresh inside a transaction once it has written, and keeps none of it", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000_000,
    });
    const { artifact, nameOf } = artifactNamed("Before");
    const read = counting(nameOf);
    expect(cache.read("name", read.compute)).toBe("Before");
    db.transaction(() => {
      db.$client
        .prepare("update artifacts set artifact_name = 'During' where id = ?")
        .run(artifact.id);
      expect(cache.read("name", read.compute)).toBe("During");
      expect(cache.read("name", read.compute)).toBe("During");
    });
    expect(read.calls()).toBe(3);
    expect(cache.read("name", read.compute)).toBe("During");
    expect(read.calls()).toBe(4);
  });

  it("sees another process's write once an answer is older than maxAgeMs", () => {
    // The test's own clock: on a busy machine the real one can pass 40 ms between two lines.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new ReadCache(db.$client, {
        maxAgeMs: 40,
        maxEntries: 10,
        maxBytes: 1_000_000,
      });
      const { artifact, nameOf } = artifactNamed("Before");
      expect(cache.read("name", nameOf)).toBe("Before");

      const other = new Database(join(dir, "test.db"));
      other.prepare("update artifacts set artifact_name = 'After' where id = ?").run(artifact.id);
      other.close();
      // Not counted by this connection: the kept answer stands until it is too old.
      expect(cache.read("name", nameOf)).toBe("Before");
      vi.advanceTimersByTime(60);
      expect(cache.read("name", nameOf)).toBe("After");
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps at most maxEntries answers, dropping the oldest first", () => {
    const cache = new ReadCache(db.$client, {
      maxAgeMs: 60_000,
      maxEntries: 2,
      maxBytes: 1_000_000,
    });
    const read = counting(() => "answer");
    cache.read("first", read.compute);
    cache.read("second", read.compute);
    cache.read("third", read.compute);
    expect(cache.size).toBe(2);
    cache.read("second", read.compute);
    cache.read("third", read.compute);
    expect(read.calls()).toBe(3);
    cache.read("first", read.compute);
    expect(read.calls()).toBe(4);
  });

  it("keeps at most maxBytes of answers, dropping the oldest first, and never one larger", () => {
    // "x".repeat(n) is n + 2 characters of JSON: 2n + 4 bytes by the cache's estimate.
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 100, maxBytes: 1_000 });
    for (let index = 0; index < 20; index += 1) {
      cache.read(`answer-${index}`, () => "x".repeat(198));
      expect(cache.bytes).toBeLessThanOrEqual(1_000);
    }
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(800);
    const read = counting(() => "x".repeat(198));
    cache.read("answer-19", read.compute);
    expect(read.calls()).toBe(0);
    cache.read("answer-0", read.compute);
    expect(read.calls()).toBe(1);

    const huge = counting(() => "y".repeat(600));
    cache.read("huge", huge.compute);
    cache.read("huge", huge.compute);
    expect(huge.calls()).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it("drops expired answers as new ones come, so idle keys do not stay", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new ReadCache(db.$client, {
        maxAgeMs: 30,
        maxEntries: 100,
        maxBytes: 1_000_000,
      });
      for (let index = 0; index < 10; index += 1) cache.read(`old-${index}`, () => index);
      expect(cache.size).toBe(10);
      vi.advanceTimersByTime(50);
      cache.read("new", () => "fresh");
      expect(cache.size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps nothing when maxEntries is 0", () => {
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 0, maxBytes: 0 });
    const read = counting(() => "answer");
    cache.read("key", read.compute);
    cache.read("key", read.compute);
    expect(read.calls()).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe("the services' reads through the cache", () => {
  it("show a like, an edit and a new artifact at once", () => {
    const owner = addUser("Owner");
    const fan = addUser("Fan");
    const artifact: Artifact = createArtifact(
      store,
      owner,
      artifactFields({ artifactName: "Lamp" }),
      POST_REVIEW,
    );
    const page = () => listPage(store, { sort: "desc", page: 1 });
    expect(getArtifact(store, null, artifact).likeCount).toBe(0);
    expect(page().items.map((item) => item.likeCount)).toEqual([0]);

    // The like count moves by a trigger only; the cache sees the trigger's row change.
    setLike(createLikeStore(db), fan, artifact, true);
    expect(getArtifact(store, null, artifact).likeCount).toBe(1);
    expect(page().items.map((item) => item.likeCount)).toEqual([1]);

    updateArtifact(
      store,
      owner,
      { id: artifact.id, fields: artifactFields({ artifactName: "Oil lamp" }) },
      POST_REVIEW,
    );
    expect(getArtifact(store, null, artifact).artifactName).toBe("Oil lamp");
    expect(listPage(store, { search: "oil", sort: "default", page: 1 }).total).toBe(1);

    createArtifact(store, owner, artifactFields({ artifactName: "Oil jar" }), POST_REVIEW);
    expect(listPage(store, { search: "oil", sort: "default", page: 1 }).total).toBe(2);
    expect(page().total).toBe(2);
  });

  it("answer an unknown id as unknown until it exists", () => {
    const owner = addUser("Owner");
    expect(() => getArtifact(store, null, { id: 1 })).toThrow();
    createArtifact(store, owner, artifactFields(), POST_REVIEW);
    expect(getArtifact(store, null, { id: 1 }).id).toBe(1);
  });
});
