import type Database from "better-sqlite3";

/**
 * The collections' statements (services/collections), prepared once per database the first time
 * each runs, and found again by their text, as store/find.ts keeps its shapes. Their texts are
 * constants of those services, bar /collections' title search, whose shapes are few (up to eight
 * words, three orders, and its count): the map stays small.
 */
export function createCollectionStatements(sqlite: Database.Database) {
  const prepared = new Map<string, Database.Statement>();
  return (sql: string): Database.Statement => {
    let found = prepared.get(sql);
    if (!found) {
      found = sqlite.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
}
