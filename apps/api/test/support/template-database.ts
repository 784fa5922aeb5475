import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { closeDatabase, openDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/migrate";

/*
 * The api project migrates one database before its first test file runs, and each test copies it:
 * a copy is several times quicker than migrating, and just as fresh and as isolated.
 * The pattern is Epic Stack's (https://github.com/epicweb-dev/epic-stack, tests/setup/global-setup.ts).
 */

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabasePath: string;
  }
}

/** The api project's globalSetup (vitest.workspace.ts): migrates the template, removes it at the end. */
export default function createTemplateDatabase(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "atlas-template-"));
  const templatePath = join(dir, "template.db");
  const db = openDatabase(templatePath);
  migrateDatabase(db);
  // Leaving WAL checkpoints the log into the file and deletes it, so that the file alone is the
  // whole database and a plain file copy of it is complete. Each copy opens in WAL again.
  db.$client.pragma("journal_mode = DELETE");
  closeDatabase(db);
  project.provide("templateDatabasePath", templatePath);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A fresh, migrated database file at `path`, for one test file or one test. */
export function copyTemplateDatabase(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(inject("templateDatabasePath"), path);
}
