import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { AppDatabase } from "./client";

/** apps/api/drizzle, seen from src/db/ when run from source and from dist/ when bundled. */
function findMigrationsFolder(): string {
  for (const relative of ["../../drizzle", "../drizzle"]) {
    const folder = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${folder}/meta/_journal.json`)) return folder;
  }
  throw new Error("The database migrations folder (apps/api/drizzle) is missing.");
}

export function migrateDatabase(db: AppDatabase, migrationsFolder = findMigrationsFolder()): void {
  migrate(db, { migrationsFolder });
}
