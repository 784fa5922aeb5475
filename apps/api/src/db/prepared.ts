import type { AppDatabase } from "./client";

/**
 * Statements prepared once per open database, on first use: rebuilding a Drizzle query costs about
 * fifteen times as much as running a prepared one (STACK_NOTES). Keyed weakly, so a closed test
 * database takes its statements with it.
 */
export function preparedPerDatabase<T>(prepare: (db: AppDatabase) => T): (db: AppDatabase) => T {
  const byDatabase = new WeakMap<AppDatabase, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
