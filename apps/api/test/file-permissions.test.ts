import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backupDatabase, restoreDatabase } from "../src/db/backup";
import { closeDatabase, openDatabase, type AppDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { prepareDatabase } from "../src/startup";
import { runCli } from "./support/server";

// One test runs the command-line tool as a child process; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 60_000 });

/*
 * The database holds emails, password hashes and session tokens: a fresh database, its -wal and
 * -shm files, its folder, the backups folder and every backup are readable by their owner only
 * (docs/decisions/024-private-data-files.md), whatever the umask.
 */

let dir: string;
let open: AppDatabase[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-modes-"));
  open = [];
});

afterEach(() => {
  for (const db of open) closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** The modes of a database and its companions, while it is open (the -wal and -shm exist then). */
function modesOfOpenDatabase(path: string) {
  return {
    folder: modeOf(dirname(path)),
    database: modeOf(path),
    wal: modeOf(`${path}-wal`),
    shm: modeOf(`${path}-shm`),
  };
}

const PRIVATE = { folder: 0o700, database: 0o600, wal: 0o600, shm: 0o600 };

describe("a fresh database", () => {
  it("is created private by the server's start, folder included", async () => {
    const databasePath = join(dir, "data", "atlas.db");
    open.push(await prepareDatabase({ databasePath, seedDemoCollection: true }));
    expect(modesOfOpenDatabase(databasePath)).toEqual(PRIVATE);
  });

  it("is created private by the tools' openDatabase, every missing folder included", () => {
    const databasePath = join(dir, "new", "nested", "atlas.db");
    const db = openDatabase(databasePath);
    open.push(db);
    migrateDatabase(db);
    expect(modesOfOpenDatabase(databasePath)).toEqual(PRIVATE);
    expect(modeOf(join(dir, "new"))).toBe(0o700);
  });

  it("is private even when the umask would let everyone read it", async () => {
    const previous = process.umask(0o000);
    try {
      const databasePath = join(dir, "open-umask", "atlas.db");
      open.push(await prepareDatabase({ databasePath, seedDemoCollection: false }));
      expect(modesOfOpenDatabase(databasePath)).toEqual(PRIVATE);
    } finally {
      process.umask(previous);
    }
  });

  it("leaves an existing folder's mode as the operator set it", async () => {
    const folder = join(dir, "shared");
    mkdirSync(folder);
    chmodSync(folder, 0o750);
    const databasePath = join(folder, "atlas.db");
    open.push(await prepareDatabase({ databasePath, seedDemoCollection: false }));
    expect(modeOf(folder)).toBe(0o750);
    expect(modeOf(databasePath)).toBe(0o600);
  });
});

describe("backups", () => {
  async function liveDatabase() {
    const databasePath = join(dir, "data", "atlas.db");
    const db = await prepareDatabase({ databasePath, seedDemoCollection: true });
    open.push(db);
    return { db, databasePath };
  }

  it("are written private, in a private backups folder", async () => {
    const { db, databasePath } = await liveDatabase();
    const backup = await backupDatabase(db, databasePath, new Date("2026-11-25T10:00:00Z"));
    expect(modeOf(dirname(backup))).toBe(0o700);
    expect(modeOf(backup)).toBe(0o600);
  });

  it("are written private by pnpm db:backup", async () => {
    const { db, databasePath } = await liveDatabase();
    closeDatabase(db);
    const result = await runCli(["backup"], { DATABASE_PATH: databasePath });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const backup = result.stdout.trim();
    expect(existsSync(backup)).toBe(true);
    expect(modeOf(dirname(backup))).toBe(0o700);
    expect(modeOf(backup)).toBe(0o600);
  });

  it("restore a database that is private, into a private folder", async () => {
    const { db, databasePath } = await liveDatabase();
    const backup = await backupDatabase(db, databasePath, new Date("2026-11-25T10:00:01Z"));
    closeDatabase(db);
    const target = join(dir, "restored", "atlas.db");
    await restoreDatabase(backup, target);
    expect(modeOf(dirname(target))).toBe(0o700);
    expect(modeOf(target)).toBe(0o600);
  });
});
