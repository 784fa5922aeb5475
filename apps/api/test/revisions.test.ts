import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MESSAGES, type Artifact } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase } from "../src/db/client";
import { findMigrationsFolder, migrateDatabase } from "../src/db/migrate";
import { seedDemoCollection } from "../src/db/seed";
import { recordRevision } from "../src/services/revisions";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields, asKept, onlyImage } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";

interface RevisionRow {
  number: number;
  actor_id: number | null;
  summary: string;
  fields: string;
}

function revisionRows(t: TestApp, artifactId: number): RevisionRow[] {
  return t.db.$client
    .prepare(
      "select number, actor_id, summary, fields from artifact_revisions where artifact_id = ? order by number",
    )
    .all(artifactId) as RevisionRow[];
}

function update(t: TestApp, user: SignedInUser, input: Record<string, unknown>) {
  return trpc(t.app, "mutation", "artifacts.update", input, user.cookie);
}

describe("revisions are recorded with every write", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  test("a new artifact starts its history with revision 1, Created by its owner", async () => {
    const owner = await createUserWithSession(t);
    const fields = artifactFields();
    const artifact = await addArtifact(t, owner, fields);

    const rows = revisionRows(t, artifact.id);
    expect(rows).toEqual([
      {
        number: 1,
        actor_id: owner.id,
        summary: "Created",
        fields: JSON.stringify({ ...fields, images: [asKept(onlyImage(fields.artifactImage))] }),
      },
    ]);
  });

  test("an edit adds the next revision, naming the fields it changed; an unchanged save adds none", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    const fields = artifactFields({
      artifactName: "Renamed",
      historicalContext: "Better context.",
    });

    expect((await update(t, owner, { id: artifact.id, fields })).status).toBe(200);
    expect((await update(t, owner, { id: artifact.id, fields })).status).toBe(200);

    const rows = revisionRows(t, artifact.id);
    expect(rows.map((row) => [row.number, row.summary])).toEqual([
      [1, "Created"],
      [2, "Edited: name, image, historical context"],
    ]);
    expect(JSON.parse(rows[1]!.fields)).toEqual({
      ...fields,
      images: [asKept(onlyImage(fields.artifactImage))],
    });
  });

  test("the demo collection's artifacts each have a first revision", () => {
    seedDemoCollection(t.db);
    const missing = t.db.$client
      .prepare(
        "select count(*) as n from artifacts a where not exists (select 1 from artifact_revisions r where r.artifact_id = a.id and r.number = 1)",
      )
      .get() as { n: number };
    const total = t.db.$client.prepare("select count(*) as n from artifacts").get() as {
      n: number;
    };
    expect(total.n).toBeGreaterThan(0);
    expect(missing.n).toBe(0);
  });
});

describe("revisions are immutable", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  test("the database refuses to change or remove a revision, whoever asks", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    const sqlite = t.db.$client;

    expect(() => sqlite.prepare("update artifact_revisions set summary = 'Forged'").run()).toThrow(
      "Artifact revisions are immutable.",
    );
    expect(() => sqlite.prepare("delete from artifact_revisions").run()).toThrow(
      "Artifact revisions are immutable.",
    );
    expect(revisionRows(t, artifact.id)).toHaveLength(1);
    expect(revisionRows(t, artifact.id)[0]?.summary).toBe("Created");
  });

  test("a purged artifact takes its revisions with it, and only its own", async () => {
    const owner = await createUserWithSession(t);
    const purged = await addArtifact(t, owner);
    const kept = await addArtifact(t, owner);
    await update(t, owner, { id: purged.id, fields: artifactFields() });

    t.db.$client.prepare("delete from artifacts where id = ?").run(purged.id);

    expect(revisionRows(t, purged.id)).toEqual([]);
    expect(revisionRows(t, kept.id)).toHaveLength(1);
  });

  test("recordRevision snapshots the artifact as it is inside the caller's transaction", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    const sqlite = t.db.$client;

    t.db.transaction((tx) => {
      sqlite
        .prepare("update artifacts set present_location = 'Elsewhere' where id = ?")
        .run(artifact.id);
      expect(recordRevision(tx, { artifactId: artifact.id, actorId: null, summary: "Moved" })).toBe(
        2,
      );
    });

    const second = revisionRows(t, artifact.id)[1];
    expect(second).toMatchObject({ number: 2, actor_id: null, summary: "Moved" });
    expect(JSON.parse(second!.fields).presentLocation).toBe("Elsewhere");
  });
});

describe("an edit based on an older revision", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  test("is refused with the issue's message when the fields changed since, and writes nothing", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    const theirs = artifactFields({ artifactName: "Their name" });
    expect(
      (await update(t, owner, { id: artifact.id, fields: theirs, baseRevision: 1 })).status,
    ).toBe(200);

    const stale = await update(t, owner, {
      id: artifact.id,
      fields: artifactFields({ artifactName: "My name" }),
      baseRevision: 1,
    });

    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(MESSAGES.editConflict);
    expect(stale.error?.data.code).toBe("CONFLICT");
    const now = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect((now.data as Artifact).artifactName).toBe("Their name");
    expect(revisionRows(t, artifact.id)).toHaveLength(2);
  });

  test("saves when no one changed the fields since, even if a revision was added (a decision)", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    t.db.transaction((tx) => {
      recordRevision(tx, { artifactId: artifact.id, actorId: null, summary: "Approved" });
    });

    const saved = await update(t, owner, {
      id: artifact.id,
      fields: artifactFields({ artifactName: "Mine" }),
      baseRevision: 1,
    });

    expect(saved.status).toBe(200);
    expect(revisionRows(t, artifact.id).map((row) => row.number)).toEqual([1, 2, 3]);
  });

  test("a revision the artifact does not have yet is stale too", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    t.db.$client
      .prepare("update artifacts set artifact_name = 'Changed outside' where id = ?")
      .run(artifact.id);

    const result = await update(t, owner, {
      id: artifact.id,
      fields: artifactFields(),
      baseRevision: 7,
    });

    expect(result.status).toBe(409);
  });

  test("two saves from the same base at once: one is saved, the other is refused", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);

    const [first, second] = await Promise.all([
      update(t, owner, {
        id: artifact.id,
        fields: artifactFields({ artifactName: "First" }),
        baseRevision: 1,
      }),
      update(t, owner, {
        id: artifact.id,
        fields: artifactFields({ artifactName: "Second" }),
        baseRevision: 1,
      }),
    ]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const rows = revisionRows(t, artifact.id);
    expect(rows).toHaveLength(2);
    const winner = first.status === 200 ? "First" : "Second";
    expect(JSON.parse(rows[1]!.fields).artifactName).toBe(winner);
  });

  test("without a base revision, a save overwrites as before", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    await update(t, owner, { id: artifact.id, fields: artifactFields({ artifactName: "A" }) });

    const result = await update(t, owner, {
      id: artifact.id,
      fields: artifactFields({ artifactName: "B" }),
    });

    expect(result.status).toBe(200);
    expect((result.data as Artifact).artifactName).toBe("B");
  });

  test("a base revision that is not a whole number is a 400 naming it", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    for (const baseRevision of ["1", 0, -1, 1.5, true, Number.MAX_SAFE_INTEGER + 2]) {
      const result = await update(t, owner, {
        id: artifact.id,
        fields: artifactFields(),
        baseRevision,
      });
      expect(result.status, String(baseRevision)).toBe(400);
      expect(result.error?.message).toMatch(/revision must be a whole number/);
    }
    expect(revisionRows(t, artifact.id)).toHaveLength(1);
  });
});

describe("the migration that starts every artifact's history", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "atlas-revisions-migration-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The real migrations up to, not including, the one that adds artifact_revisions. */
  function migrationsBeforeRevisions(): string {
    const real = findMigrationsFolder();
    const folder = join(dir, "migrations");
    mkdirSync(join(folder, "meta"), { recursive: true });
    const journal = JSON.parse(readFileSync(join(real, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const cut = journal.entries.findIndex((entry) => entry.tag.endsWith("_artifact_revisions"));
    expect(cut).toBeGreaterThan(0);
    const entries = journal.entries.slice(0, cut);
    writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      copyFileSync(join(real, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    return folder;
  }

  test("gives each existing artifact revision 1 by its owner and keeps every row", () => {
    const path = join(dir, "atlas.db");
    const sqlite = new Database(path);
    migrate(drizzle(sqlite), { migrationsFolder: migrationsBeforeRevisions() });
    sqlite.exec(`
      insert into users (id, email, name) values (1, 'old@example.com', 'Old Timer'), (2, 'fan@example.com', 'Old Fan');
      insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type, historical_context,
        created_at, discovered_at, discovered_by, present_location, username, added_at)
      values
        (1, 1, 'Antikythera Mechanism', 'https://example.org/a.jpg', 'Technology', 'Gears.', '100 BC', '1901', 'Divers', 'Athens', 'Old Timer', 1000),
        (2, 2, 'Rosetta Stone', 'https://example.org/r.jpg', 'Documents', 'A decree.', '196 BC', '1799', 'Soldiers', 'London', 'Old Fan', 2000);
      insert into likes (artifact_id, user_id) values (1, 1), (1, 2), (2, 2);
    `);
    sqlite.close();

    const db = openDatabase(path);
    migrateDatabase(db);
    const count = (table: string) =>
      (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const revisions = db.$client
      .prepare(
        "select artifact_id, number, actor_id, at, summary, fields from artifact_revisions order by artifact_id",
      )
      .all();
    const counts = [count("users"), count("artifacts"), count("likes")];
    closeDatabase(db);

    expect(counts).toEqual([2, 2, 3]);
    expect(revisions).toEqual([
      {
        artifact_id: 1,
        number: 1,
        actor_id: 1,
        at: 1000,
        summary: "Created",
        fields: JSON.stringify({
          artifactName: "Antikythera Mechanism",
          artifactImage: "https://example.org/a.jpg",
          artifactType: "Technology",
          historicalContext: "Gears.",
          createdAt: "100 BC",
          discoveredAt: "1901",
          discoveredBy: "Divers",
          presentLocation: "Athens",
          imageAlt: "",
        }),
      },
      expect.objectContaining({ artifact_id: 2, number: 1, actor_id: 2, at: 2000 }),
    ]);
  });
});
