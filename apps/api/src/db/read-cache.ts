import type Database from "better-sqlite3";

/*
 * Answers of the hot public reads (an artifact, a page of the list, the home page's rows), kept in
 * memory until the data could have changed (docs/decisions/010-read-cache.md).
 *
 * The server is the only process that writes its database, so it knows when the data changes:
 * SQLite's total_changes() counts every row that any statement or trigger of this connection has
 * inserted, updated or deleted, whichever service did it. A kept answer is used only while that
 * count has not moved, so no write path has to remember to invalidate anything. Reading the count
 * opens no read transaction (no file locks), which is what makes a kept answer cheaper than the
 * query: under load a read transaction's locks cost more than a short indexed query itself.
 *
 * A write by another process (the sqlite3 shell, a script) is not counted here: answers are kept
 * for at most maxAgeMs, which bounds how long such a change goes unseen.
 *
 * Each artifact store (store/artifact-store.ts) has one, made with its database.
 */

export interface ReadCacheOptions {
  maxAgeMs: number;
  /** 0 keeps nothing: every read runs its query (pnpm bench measures the queries so). */
  maxEntries: number;
  /**
   * The most memory the kept answers may take, estimated as two bytes per character of their
   * JSON: one client asking for many different large answers must not fill the heap.
   */
  maxBytes: number;
}

export const READ_CACHE_DEFAULTS: ReadCacheOptions = {
  maxAgeMs: 1_000,
  maxEntries: 4_096,
  maxBytes: 16 * 1024 * 1024,
};

interface Entry {
  value: unknown;
  storedAt: number;
  bytes: number;
}

export class ReadCache {
  readonly #sqlite: Database.Database;
  readonly #options: ReadCacheOptions;
  readonly #totalChanges: Database.Statement<[], number>;
  #changesSeen = -1;
  /** Oldest first: Map keeps insertion order, and a refreshed answer is inserted again. */
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(sqlite: Database.Database, options: ReadCacheOptions = READ_CACHE_DEFAULTS) {
    this.#sqlite = sqlite;
    this.#options = options;
    this.#totalChanges = sqlite.prepare<[], number>("select total_changes()").pluck();
  }

  /**
   * The kept answer for `key`, or `compute()`'s, then kept. Answers are shared between callers:
   * treat them as read-only.
   */
  read<T>(key: string, compute: () => T): T {
    if (this.#options.maxEntries === 0) return compute();
    const changes = this.#totalChanges.get() as number;
    if (changes !== this.#changesSeen) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#changesSeen = changes;
    }
    const now = Date.now();
    const kept = this.#entries.get(key);
    // Kept outside any transaction, and nothing written since, not even by an open transaction:
    // still the data, inside a transaction too. (Asking SQLite about a transaction on every read
    // was a cost that showed under load; docs/benchmarks.md.)
    if (kept && now - kept.storedAt < this.#options.maxAgeMs) return kept.value as T;

    const value = compute();
    // Inside a transaction a read can see writes that a rollback may still undo: never kept.
    if (this.#sqlite.inTransaction) return value;
    if (kept) this.#remove(key, kept);
    const bytes = 2 * (JSON.stringify(value)?.length ?? 0);
    if (bytes > this.#options.maxBytes) return value;
    this.#makeRoom(bytes, now);
    this.#entries.set(key, { value, storedAt: now, bytes });
    this.#bytes += bytes;
    return value;
  }

  /** Drops the oldest answers: the expired ones, then as many as the new one needs room. */
  #makeRoom(bytes: number, now: number): void {
    for (const [key, entry] of this.#entries) {
      const expired = now - entry.storedAt >= this.#options.maxAgeMs;
      const full =
        this.#entries.size >= this.#options.maxEntries ||
        this.#bytes + bytes > this.#options.maxBytes;
      if (!expired && !full) return;
      this.#remove(key, entry);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** The estimated memory of the kept answers. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
