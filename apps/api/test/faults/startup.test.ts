import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, openDatabase } from "../../src/db/client";
import { findMigrationsFolder, migrateDatabase } from "../../src/db/migrate";
import { likeCountDrift } from "../support/fingerprint";
import { newestMigrationIndex } from "../support/old-database";
import { failToStart, request, signUpOn, startServer, stopServer } from "../support/server";

// Each test starts real server processes; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });
/*
 * A start that cannot succeed says why, exits 1 and never listens; an older database migrates.
 */

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-start-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A current database made here, as the server would make it, without starting one. */
function migratedDatabase(path: string) {
  const db = openDatabase(path);
  migrateDatabase(db);
  return db;
}

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

function expectRefusal(result: Awaited<ReturnType<typeof failToStart>>, message: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.listened).toBe(false);
  expect(result.stderr).toMatch(message);
  // One clear line, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A database as the first version of Artifact Atlas left it: only migration 0000 applied. */
function createFirstVersionDatabase(path: string) {
  const real = findMigrationsFolder();
  const first = join(dir, "first-migrations");
  mkdirSync(join(first, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(join(real, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const [firstEntry] = journal.entries;
  writeFileSync(
    join(first, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: [firstEntry] }),
  );
  copyFileSync(join(real, `${firstEntry?.tag}.sql`), join(first, `${firstEntry?.tag}.sql`));

  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  migrate(drizzle(sqlite), { migrationsFolder: first });
  // Rows as that version wrote them: it kept like_count itself (there were no triggers yet).
  sqlite.exec(`
    insert into users (id, email, name) values (1, 'old@example.com', 'Old Timer'), (2, 'fan@example.com', 'Old Fan');
    insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type, historical_context,
      created_at, discovered_at, discovered_by, present_location, username, like_count)
    values
      (1, 1, 'Antikythera Mechanism', 'https://example.org/a.jpg', 'Technology', 'Gears.', '100 BC', '1901', 'Divers', 'Athens', 'Old Timer', 2),
      (2, 1, 'Rosetta Stone', 'https://example.org/r.jpg', 'Documents', 'A decree.', '196 BC', '1799', 'Soldiers', 'London', 'Old Timer', 1);
    insert into likes (artifact_id, user_id) values (1, 1), (1, 2), (2, 2);
  `);
  const applied = sqlite.prepare("select count(*) as n from __drizzle_migrations").get() as {
    n: number;
  };
  sqlite.close();
  return { applied: applied.n, total: journal.entries.length };
}

describe("a damaged database file", () => {
  it("refuses a file that is not a database, and leaves it untouched", async () => {
    const databasePath = join(dir, "atlas.db");
    writeFileSync(
      databasePath,
      "This is not an SQLite file, just some text an operator copied here.\n".repeat(200),
    );
    const before = sha256(databasePath);
    const result = await failToStart({ databasePath });
    expectRefusal(result, /not a readable Artifact Atlas database.*db:restore/s);
    expect(sha256(databasePath)).toBe(before);
  });

  it("refuses a database whose pages were overwritten", async () => {
    const databasePath = join(dir, "atlas.db");
    const db = migratedDatabase(databasePath);
    const owner = db.$client
      .prepare(
        "insert into users (email, name) values ('damaged@example.com', 'Damaged') returning id",
      )
      .get() as { id: number };
    for (let i = 0; i < 40; i += 1) {
      db.$client
        .prepare(
          `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
            historical_context, created_at, discovered_at, discovered_by, present_location, username)
           values (?, ?, 'https://example.org/s.jpg', 'Tools', ?, '1 AD', '2000', 'Someone', 'Somewhere', 'Damaged')`,
        )
        .run(owner.id, `Shard ${i}`, "x".repeat(2_000));
    }
    closeDatabase(db);
    // Scribble over the middle of the file: b-tree pages, not the header.
    const bytes = readFileSync(databasePath);
    expect(bytes.length).toBeGreaterThan(16 * 4096);
    bytes.fill(0x5a, 8 * 4096, 12 * 4096);
    writeFileSync(databasePath, bytes);
    const before = sha256(databasePath);

    const result = await failToStart({ databasePath });
    expectRefusal(result, /(damaged|not a readable).*db:restore/s);
    expect(sha256(databasePath)).toBe(before);
  });
});

describe("an unusable data folder", () => {
  // Permission bits apply to the server even when the tests run as root (honourPermissions).
  const unprivileged = { honourPermissions: true };

  it("refuses a folder it cannot write, naming it", async () => {
    const data = join(dir, "data");
    mkdirSync(data);
    chmodSync(data, 0o555);
    const result = await failToStart({ databasePath: join(data, "atlas.db"), ...unprivileged });
    expectRefusal(result, new RegExp(`data folder ${data} is not writable`));
  });

  it("refuses a folder it cannot create", async () => {
    const parent = join(dir, "locked");
    mkdirSync(parent);
    chmodSync(parent, 0o555);
    const result = await failToStart({
      databasePath: join(parent, "data", "atlas.db"),
      ...unprivileged,
    });
    expectRefusal(result, /is not writable by this process/);
  });

  it("refuses a database in a writable file whose folder is read-only", async () => {
    const data = join(dir, "data");
    mkdirSync(data);
    const databasePath = join(data, "atlas.db");
    closeDatabase(migratedDatabase(databasePath));
    chmodSync(databasePath, 0o666);
    chmodSync(data, 0o555);
    const result = await failToStart({ databasePath, ...unprivileged });
    expectRefusal(result, /not writable/);
  });

  it("refuses a path that runs through a file", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    const result = await failToStart({ databasePath: join(file, "atlas.db") });
    expectRefusal(result, /part of that path is a file, not a folder/);
  });
});

describe("a database from another version or program", () => {
  it("migrates a database made by the first version cleanly, keeping its data", async () => {
    const databasePath = join(dir, "atlas.db");
    const { applied, total } = createFirstVersionDatabase(databasePath);
    expect(applied).toBe(1);
    expect(total).toBeGreaterThan(1);

    const server = await startServer({ databasePath });
    const one = await request(server.url, "GET", "/artifacts/1");
    expect(one.body).toMatchObject({ artifactName: "Antikythera Mechanism", likeCount: 2 });
    const search = await request(
      server.url,
      "GET",
      `/trpc/artifacts.list?input=${encodeURIComponent(JSON.stringify({ search: "rosetta" }))}`,
    );
    expect(search.body).toMatchObject({ result: { data: { total: 1 } } });
    // Likes made now are counted by the triggers a later migration added.
    const cookie = await signUpOn(server.url, "new@example.com");
    const liked = await request(server.url, "POST", "/liked-artifacts", {
      cookie,
      body: { artifact_id: "2" },
    });
    expect(liked.body).toEqual({ liked: true, likeCount: 2 });
    expect((await stopServer(server)).code).toBe(0);

    const db = new Database(databasePath, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(db.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({
      n: total,
    });
    expect(likeCountDrift(db)).toEqual([]);
    db.close();
  });

  it("refuses a database written by a newer version", async () => {
    const databasePath = join(dir, "atlas.db");
    const total = newestMigrationIndex() + 1;
    const db = migratedDatabase(databasePath);
    db.$client
      .prepare("insert into __drizzle_migrations (hash, created_at) values ('future', ?)")
      .run(Date.now() + 1e11);
    closeDatabase(db);
    const before = sha256(databasePath);
    const result = await failToStart({ databasePath });
    // Both versions named, and what to do; the file was never opened for writing.
    const known = String(total - 1).padStart(4, "0");
    expectRefusal(
      result,
      new RegExp(
        `at schema version ${String(total).padStart(4, "0")}, written by a newer version of Artifact Atlas.*` +
          `knows schema versions up to ${known}\\. It was not opened for writing.*db:restore`,
        "s",
      ),
    );
    expect(sha256(databasePath)).toBe(before);
  });

  it("refuses another program's SQLite database instead of adding tables to it", async () => {
    const databasePath = join(dir, "other.db");
    const db = new Database(databasePath);
    db.exec(
      "create table invoices (id integer primary key, total real); insert into invoices values (1, 9.5);",
    );
    db.close();
    const result = await failToStart({ databasePath });
    expectRefusal(result, /SQLite database of some other program \(tables: invoices\)/);
    const after = new Database(databasePath, { readonly: true });
    expect(after.prepare("select name from sqlite_schema where type = 'table'").all()).toEqual([
      { name: "invoices" },
    ]);
    after.close();
  });
});

describe("a port that is taken", () => {
  it("says so and exits without serving", async () => {
    const first = await startServer({ databasePath: join(dir, "one.db") });
    const result = await failToStart({ databasePath: join(dir, "two.db"), port: first.port });
    expectRefusal(result, new RegExp(`Port ${first.port} on 127.0.0.1 is already in use`));
    expect((await request(first.url, "GET", "/healthz")).status).toBe(200);
    expect((await stopServer(first)).code).toBe(0);
  });
});
