import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Artifact } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase, type AppDatabase } from "../src/db/client";
import { ReadCache } from "../src/db/read-cache";
import { users } from "../src/db/schema";
import {
  createArtifact,
  getArtifact,
  listArtifacts,
  updateArtifact,
} from "../src/services/artifacts";
import { likeArtifact } from "../src/services/likes";
import { artifactFields } from "./support/artifacts";
import { copyTemplateDatabase } from "./support/template-database";

/* Kept answers of the hot reads: never older than the data this server wrote (src/db/read-cache.ts). */

let dir: string;
let db: AppDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-read-cache-"));
  copyTemplateDatabase(join(dir, "test.db"));
  db = openDatabase(join(dir, "test.db"));
});

afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function addUser(name: string) {
  return db
    .insert(users)
    .values({ email: `${name.toLowerCase()}@example.org`, name })
    .returning({ id: users.id, name: users.name })
    .get();
}

/** An artifact with this name, and a read of its name straight from SQL. */
function artifactNamed(name: string) {
  const artifact = createArtifact(db, addUser("Owner"), artifactFields({ artifactName: name }));
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
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 10 });
    const read = counting(() => ({ answer: 42 }));
    const first = cache.read("key", read.compute);
    expect(cache.read("key", read.compute)).toBe(first);
    expect(read.calls()).toBe(1);
  });

  it("drops every kept answer when this connection writes a row", () => {
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 10 });
    const read = counting(() => "answer");
    cache.read("a", read.compute);
    cache.read("b", read.compute);
    addUser("Writer");
    cache.read("a", read.compute);
    expect(read.calls()).toBe(3);
    expect(cache.size).toBe(1);
  });

  it("keeps nothing read inside a transaction, which a rollback could undo", () => {
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 10 });
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
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 10 });
    const { nameOf } = artifactNamed("Before");
    const read = counting(nameOf);
    expect(cache.read("name", read.compute)).toBe("Before");
    db.transaction(() => {
      expect(cache.read("name", read.compute)).toBe("Before");
    });
    expect(read.calls()).toBe(1);
  });

  it("reads afresh inside a transaction once it has written, and keeps none of it", () => {
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 10 });
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
      const cache = new ReadCache(db.$client, { maxAgeMs: 40, maxEntries: 10 });
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
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 2 });
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

  it("keeps nothing when maxEntries is 0", () => {
    const cache = new ReadCache(db.$client, { maxAgeMs: 60_000, maxEntries: 0 });
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
    const artifact: Artifact = createArtifact(db, owner, artifactFields({ artifactName: "Lamp" }));
    const page = () => listArtifacts(db, { sort: "desc", page: 1 });
    expect(getArtifact(db, artifact).likeCount).toBe(0);
    expect(page().items.map((item) => item.likeCount)).toEqual([0]);

    // The like count moves by a trigger only; the cache sees the trigger's row change.
    likeArtifact(db, fan, artifact);
    expect(getArtifact(db, artifact).likeCount).toBe(1);
    expect(page().items.map((item) => item.likeCount)).toEqual([1]);

    updateArtifact(db, owner, {
      id: artifact.id,
      fields: artifactFields({ artifactName: "Oil lamp" }),
    });
    expect(getArtifact(db, artifact).artifactName).toBe("Oil lamp");
    expect(listArtifacts(db, { search: "oil", sort: "default", page: 1 }).total).toBe(1);

    createArtifact(db, owner, artifactFields({ artifactName: "Oil jar" }));
    expect(listArtifacts(db, { search: "oil", sort: "default", page: 1 }).total).toBe(2);
    expect(page().total).toBe(2);
  });

  it("answer an unknown id as unknown until it exists", () => {
    const owner = addUser("Owner");
    expect(() => getArtifact(db, { id: 1 })).toThrow();
    createArtifact(db, owner, artifactFields());
    expect(getArtifact(db, { id: 1 }).id).toBe(1);
  });
});
