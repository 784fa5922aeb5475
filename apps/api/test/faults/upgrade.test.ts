import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../src/auth/password";
import { likeCountDrift } from "../support/fingerprint";
import { migrateUpTo, migrationIndex, newestMigrationIndex } from "../support/old-database";
import { failToStart, request, startServer, stopServer } from "../support/server";

// Real server processes; a loaded machine makes their start slow.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * Upgrades that cannot lose data (issue 35): a database made by the oldest migrations and filled
 * as those versions filled it is migrated by the real start to the newest, after a verified
 * backup named after both versions; a migration that fails leaves it as it was and names that
 * backup.
 */

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-upgrade-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const version = (index: number) => String(index).padStart(4, "0");
const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** The rows of the tables every version since the row's kind has had, by their own columns. */
function rowsOf(path: string) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return {
      users: db
        .prepare(
          "select id, email, name, photo_url, password_hash, google_subject, joined_at from users order by id",
        )
        .all(),
      artifacts: db
        .prepare(
          `select id, owner_id, artifact_name, artifact_image, artifact_type, historical_context,
            created_at, discovered_at, discovered_by, present_location, username, like_count, image_alt
           from artifacts order by id`,
        )
        .all(),
      likes: db.prepare("select artifact_id, user_id from likes order by 1, 2").all(),
      revisions: db
        .prepare(
          "select id, artifact_id, number, actor_id, at, summary, fields from artifact_revisions order by id",
        )
        .all(),
      images: db.prepare("select hash, width, height, placeholder, uploaded_at from images").all(),
    };
  } finally {
    db.close();
  }
}

const IMAGE_HASH = "ab".repeat(32);

describe("an upgrade from the oldest schema", () => {
  it("backs up, migrates and keeps every account, artifact, like, revision and image", async () => {
    const data = join(dir, "oldest");
    const databasePath = join(data, "atlas.db");
    const imagesDir = join(data, "images");
    mkdirSync(data, { recursive: true });

    // The first version: accounts (one with a password), artifacts and likes, counted by hand.
    migrateUpTo(databasePath, 0, dir);
    const passwordHash = await hashPassword("Secret123");
    const first = new Database(databasePath);
    first
      .prepare("insert into users (id, email, name, password_hash) values (1, ?, ?, ?)")
      .run("old@example.com", "Old Timer", passwordHash);
    first.exec(`
      insert into users (id, email, name, google_subject) values (2, 'fan@example.com', 'Old Fan', 'google-2');
      insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type, historical_context,
        created_at, discovered_at, discovered_by, present_location, username, like_count)
      values
        (1, 1, 'Antikythera Mechanism', 'https://example.org/a.jpg', 'Technology', 'Gears.', '100 BC', '1901', 'Divers', 'Athens', 'Old Timer', 2),
        (2, 1, 'Rosetta Stone', 'https://example.org/r.jpg', 'Documents', 'A decree.', '196 BC', '1799', 'Soldiers', 'London', 'Old Timer', 1),
        (3, 2, 'Lewis Chessmen', 'https://example.org/l.jpg', 'Art', 'Walrus ivory.', '1150', '1831', 'Malcolm Macleod', 'Edinburgh', 'Old Fan', 0);
      insert into likes (artifact_id, user_id) values (1, 1), (1, 2), (2, 2);
    `);
    first.close();

    // Three versions before the newest: revisions (the first ones made by a migration) and an
    // uploaded image that an artifact and one of its revisions refer to, with its files.
    // Before issue 30's artifact_images, whose migration carries an artifact's one image over.
    const middle = migrationIndex("0031_artifact_images") - 1;
    migrateUpTo(databasePath, middle, dir);
    const later = new Database(databasePath);
    later.pragma("foreign_keys = ON");
    later
      .prepare(
        "insert into images (hash, width, height, placeholder, uploaded_at) values (?, 64, 48, 'data:,', 1700000000000)",
      )
      .run(IMAGE_HASH);
    later
      .prepare(
        "update artifacts set artifact_image = ?, image_alt = 'Pieces on a board' where id = 3",
      )
      .run(`/images/${IMAGE_HASH}`);
    later
      .prepare(
        `insert into artifact_revisions (artifact_id, number, actor_id, at, summary, fields)
         select 3, 2, 2, 1700000000001, 'Edited', json_set(fields, '$.artifactImage', ?)
         from artifact_revisions where artifact_id = 3 and number = 1`,
      )
      .run(`/images/${IMAGE_HASH}`);
    later.close();
    mkdirSync(join(imagesDir, IMAGE_HASH), { recursive: true });
    const webp = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#a05030" },
    })
      .webp()
      .toBuffer();
    for (const file of ["320.webp", "320.jpg"]) {
      await sharp(webp).toFile(join(imagesDir, IMAGE_HASH, file));
    }
    const before = rowsOf(databasePath);
    expect(before.revisions.length).toBe(4);

    const server = await startServer({ databasePath, env: { IMAGES_DIR: imagesDir } });
    try {
      // The backup made before migrating: named after both versions, checked, the old rows.
      const from = version(middle);
      const to = version(newestMigrationIndex());
      const line = server.stdout.find((entry) => entry.includes("backup made before migrating"));
      expect(line, server.stdout.join("\n")).toBeDefined();
      const said = JSON.parse(line as string) as Record<string, string>;
      expect(said).toMatchObject({ fromVersion: from, toVersion: to });
      expect(said.backup).toMatch(new RegExp(`-before-migrating-${from}-to-${to}\\.db$`));
      const backup = new Database(said.backup as string, { readonly: true });
      expect(backup.pragma("integrity_check", { simple: true })).toBe("ok");
      backup.close();
      expect(rowsOf(said.backup as string)).toEqual(before);
      expect(
        readdirSync(join(said.backup!.replace(/\.db$/, "-images"), IMAGE_HASH)).sort(),
      ).toEqual(["320.jpg", "320.webp"]);

      // Read back through the server: every artifact, the image, an account's password.
      for (const artifact of before.artifacts as { id: number; artifact_name: string }[]) {
        const answer = await request(server.url, "GET", `/artifacts/${artifact.id}`);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ artifactName: artifact.artifact_name });
      }
      expect((await request(server.url, "GET", `/images/${IMAGE_HASH}/320.webp`)).status).toBe(200);
      const login = await request(server.url, "POST", "/trpc/auth.login", {
        body: { email: "old@example.com", password: "Secret123" },
      });
      expect(login.status).toBe(200);
    } finally {
      expect((await stopServer(server)).code).toBe(0);
    }

    // Every row of every kind is there as it was.
    const after = rowsOf(databasePath);
    expect(after).toEqual(before);
    const db = new Database(databasePath, { readonly: true });
    expect(db.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({
      n: newestMigrationIndex() + 1,
    });
    expect(likeCountDrift(db)).toEqual([]);
    db.close();
  });
});

describe("a migration that fails", () => {
  it("leaves the database as it was, and the start stops naming the backup", async () => {
    const data = join(dir, "failing");
    const databasePath = join(data, "atlas.db");
    mkdirSync(data, { recursive: true });
    // A version before revisions, where an operator made a table of that name by hand: the
    // migration that creates it cannot run.
    migrateUpTo(databasePath, 14, dir);
    const sqlite = new Database(databasePath);
    sqlite.exec(`
      insert into users (id, email, name) values (1, 'keep@example.com', 'Keeper');
      create table artifact_revisions (note text);
      insert into artifact_revisions values ('made by hand');
    `);
    sqlite.close();
    const before = sha256(databasePath);

    const result = await failToStart({ databasePath });
    expect(result.code, result.stderr).toBe(1);
    expect(result.listened).toBe(false);
    const backups = readdirSync(join(data, "backups")).filter((file) => file.endsWith(".db"));
    expect(backups).toHaveLength(1);
    const backup = join(data, "backups", backups[0] as string);
    expect(backup).toMatch(
      new RegExp(`before-migrating-0014-to-${version(newestMigrationIndex())}\\.db$`),
    );
    expect(result.stderr).toContain(
      `from schema version 0014 to ${version(newestMigrationIndex())} failed, and it was left as it was`,
    );
    expect(result.stderr).toContain(`The backup made just before is ${backup}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    // Untouched: the same bytes, and the same 15 migrations.
    expect(existsSync(`${databasePath}-wal`) ? readFileSync(`${databasePath}-wal`).length : 0).toBe(
      0,
    );
    expect(sha256(databasePath)).toBe(before);
    const after = new Database(databasePath, { readonly: true });
    expect(after.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({
      n: 15,
    });
    after.close();
  });
});
