import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { closeDatabase, openDatabase } from "../src/db/client";
import { seedDemoCollection } from "../src/db/seed";
import { demoArtifacts, demoMembers } from "../src/db/seed/demo-collection";
import { copyTemplateDatabase } from "./support/template-database";

const apiDir = fileURLToPath(new URL("..", import.meta.url));
const tsxCli = join(
  dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
  "dist/cli.mjs",
);

let dir: string;
let databasePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-cli-"));
  databasePath = join(dir, "data", "atlas.db");
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `tsx src/db/cli.ts ...args` as the package scripts do, configured only by the environment. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [tsxCli, "src/db/cli.ts", ...args],
      { cwd: apiDir, env: { ...process.env, DATABASE_PATH: databasePath, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function counts(path: string) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: count("users"), artifacts: count("artifacts"), likes: count("likes") };
  } finally {
    db.close();
  }
}

test("migrate creates the schema on a new database", async () => {
  const result = await cli(["migrate"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(counts(databasePath)).toEqual({ users: 0, artifacts: 0, likes: 0 });
});

test("seed migrates and seeds, and a second run adds nothing", async () => {
  const first = await cli(["seed"]);
  expect(first.code).toBe(0);
  expect(first.stdout).toContain(`${demoArtifacts.length} artifacts`);
  const seeded = counts(databasePath);
  expect(seeded.artifacts).toBe(demoArtifacts.length);
  expect(seeded.users).toBe(demoMembers.length + 1);

  const second = await cli(["seed"]);
  expect(second.code).toBe(0);
  expect(second.stdout).toContain("0 artifacts, 0 accounts and 0 likes added");
  expect(counts(databasePath)).toEqual(seeded);
});

test("backup prints the path of a verified copy with the same rows", async () => {
  expect((await cli(["seed"])).code).toBe(0);
  const result = await cli(["backup"]);
  expect(result.code).toBe(0);
  const path = result.stdout.trim();
  expect(path).toMatch(
    /[/\\]data[/\\]backups[/\\]artifact-atlas-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.db$/,
  );
  expect(existsSync(path)).toBe(true);
  const copy = new Database(path, { readonly: true, fileMustExist: true });
  expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
  copy.close();
  expect(counts(path)).toEqual(counts(databasePath));
});

test("backup of a missing database fails without creating one", async () => {
  const result = await cli(["backup"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("There is no database at");
  expect(existsSync(databasePath)).toBe(false);
});

test("reset-link prints a one-time link for an account, stores only its hash and logs it", async () => {
  mkdirSync(dirname(databasePath), { recursive: true });
  copyTemplateDatabase(databasePath);
  const db = new Database(databasePath);
  const userId = db
    .prepare(
      "insert into users (email, name) values ('only-admin@example.com', 'Only Admin') returning id",
    )
    .pluck()
    .get() as number;
  db.close();

  const missing = await cli(["reset-link", "nobody@example.com"]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("There is no account with the email nobody@example.com.");

  const result = await cli(["reset-link", "Only-Admin@example.com"], {
    PUBLIC_ORIGIN: "https://atlas.example.org",
  });
  expect(result.code).toBe(0);
  const link = result.stdout.trim();
  expect(link).toMatch(/^https:\/\/atlas\.example\.org\/reset-password#[A-Za-z0-9_-]{43}$/);
  expect(result.stderr).toContain("it works once");
  const check = new Database(databasePath, { readonly: true });
  try {
    const stored = check.prepare("select * from password_reset_tokens").all();
    expect(stored).toEqual([expect.objectContaining({ user_id: userId })]);
    expect(JSON.stringify(stored)).not.toContain(link.split("#")[1]);
    expect(
      check.prepare("select action, actor_id, subject_user_id, details from audit_log").all(),
    ).toEqual([
      {
        action: "account.reset_link",
        actor_id: null,
        subject_user_id: userId,
        details: JSON.stringify({ source: "pnpm users:reset-link" }),
      },
    ]);
  } finally {
    check.close();
  }
});

test("an unknown command prints the usage and fails", async () => {
  const result = await cli(["frobnicate"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Usage: tsx src/db/cli.ts <command>");
  expect(existsSync(databasePath)).toBe(false);
});

test("invalid configuration is reported before anything is touched", async () => {
  const result = await cli(["migrate"], { LOG_LEVEL: "loud" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Invalid configuration");
  expect(result.stderr).toContain("LOG_LEVEL");
  expect(existsSync(databasePath)).toBe(false);
});

describe("restore", () => {
  /** The seed, in this process: quicker than another CLI run where the seed is not under test. */
  function seedHere() {
    copyTemplateDatabase(databasePath);
    const db = openDatabase(databasePath);
    seedDemoCollection(db);
    closeDatabase(db);
  }

  async function seededBackup(): Promise<string> {
    seedHere();
    const backup = await cli(["backup"]);
    expect(backup.code).toBe(0);
    return backup.stdout.trim();
  }

  test("without a file it prints the usage and touches nothing", async () => {
    const result = await cli(["restore"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("restore FILE");
    expect(existsSync(databasePath)).toBe(false);
  });

  test("puts a backup in place of a database that is not there yet", async () => {
    const backup = await seededBackup();
    rmSync(databasePath);
    const result = await cli(["restore", backup]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(counts(databasePath)).toEqual(counts(backup));
  });

  const candidate = () => join(dir, "candidate.db");
  const refusals: [string, () => Promise<string>, RegExp][] = [
    ["a missing file", async () => candidate(), /There is no file at/],
    [
      "a file that is not a database",
      async () => {
        writeFileSync(candidate(), "not a database at all");
        return candidate();
      },
      /not a readable SQLite database/,
    ],
    [
      "another program's database",
      async () => {
        const db = new Database(candidate());
        db.exec("create table invoices (id integer primary key)");
        db.close();
        return candidate();
      },
      /is not an Artifact Atlas database/,
    ],
    [
      "a backup made by a newer version",
      async () => {
        const backup = (await cli(["backup"])).stdout.trim();
        const db = new Database(backup);
        db.prepare("insert into __drizzle_migrations (hash, created_at) values ('future', ?)").run(
          Date.now() + 1e11,
        );
        db.close();
        renameSync(backup, candidate());
        return candidate();
      },
      /made by a newer version/,
    ],
  ];

  test.each(refusals)("refuses %s and changes nothing", async (_label, make, message) => {
    seedHere();
    const before = counts(databasePath);
    const result = await cli(["restore", await make()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Nothing was changed\./);
    expect(result.stderr).toMatch(message);
    expect(counts(databasePath)).toEqual(before);
  });
});
