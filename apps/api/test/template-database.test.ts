import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, inject, it } from "vitest";
import { inspectDatabase } from "../src/db/migrate";
import { copyTemplateDatabase } from "./support/template-database";

/* The database every API test starts from (test/support/template-database.ts). */

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-template-test-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("is one file, with no write-ahead log beside it that a copy would miss", () => {
  const templatePath = inject("templateDatabasePath");
  expect(existsSync(templatePath)).toBe(true);
  expect(existsSync(`${templatePath}-wal`)).toBe(false);
  expect(existsSync(`${templatePath}-shm`)).toBe(false);
});

it("copies to a database with every migration applied and no rows", () => {
  const path = join(dir, "copy.db");
  copyTemplateDatabase(path);
  const copy = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const state = inspectDatabase(copy);
    expect(state).toMatchObject({ kind: "atlas", pending: 0 });
    // Its schema is the one this code writes (the version names of issue 35's upgrades).
    expect(state.kind === "atlas" && state.version === state.codeVersion).toBe(true);
    expect(copy.prepare("select count(*) from users").pluck().get()).toBe(0);
    expect(copy.prepare("select count(*) from artifacts").pluck().get()).toBe(0);
  } finally {
    copy.close();
  }
});
