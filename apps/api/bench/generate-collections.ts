import type Database from "better-sqlite3";

/*
 * Issue 32's bench rows: 10,000 collections over the collection, most of them public, a few of
 * them full (500 artifacts), the rest of a few dozen; likes on some.
 */

export const COLLECTIONS_BENCH_SIZE = {
  collections: 10_000,
  /** The first this many are full: COLLECTION_LIMITS.items artifacts each. */
  full: 20,
  fullItems: 500,
  /** Every other collection holds up to this many. */
  mostItems: 40,
} as const;

/** The first collection (a full, public one): the collection page and filter rows read it. */
export const FULL_COLLECTION_ID = 1;

export function generateCollectionRows(
  sqlite: Database.Database,
  next: () => number,
  sizes: { users: number; artifacts: number; now: number },
): void {
  const size = COLLECTIONS_BENCH_SIZE;
  const collection = sqlite.prepare(
    `insert into collections (owner_id, title, description, description_html, kind, visibility,
       created_at, updated_at) values (?, ?, '', '', 'curated', ?, ?, ?)`,
  );
  const item = sqlite.prepare(
    `insert into collection_items (collection_id, artifact_id, position, note, added_by, added_at)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const like = sqlite.prepare(
    "insert or ignore into collection_likes (collection_id, user_id, created_at) values (?, ?, ?)",
  );
  for (let id = 1; id <= size.collections; id += 1) {
    const owner = 1 + Math.floor(next() * sizes.users);
    const roll = next();
    const visibility =
      id <= size.full || roll < 0.7 ? "public" : roll < 0.9 ? "unlisted" : "private";
    const at = sizes.now - (size.collections - id) * 60_000;
    collection.run(owner, `Collection ${id} of Roman coins`, visibility, at, at);
    const count = id <= size.full ? size.fullItems : Math.floor(next() * size.mostItems);
    const start = Math.floor(next() * sizes.artifacts);
    const step = 1 + Math.floor(next() * 97);
    for (let position = 1; position <= count; position += 1) {
      const artifactId = 1 + ((start + position * step) % sizes.artifacts);
      item.run(id, artifactId, position, position % 5 === 0 ? "Look at the edge." : "", owner, at);
    }
    const likes = Math.floor(next() * next() * 30);
    for (let n = 0; n < likes; n += 1) like.run(id, 1 + Math.floor(next() * sizes.users), at);
  }
}
