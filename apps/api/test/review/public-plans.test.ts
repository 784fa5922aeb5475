import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppDatabase } from "../../src/db/client";
import * as schema from "../../src/db/schema";
import { getArtifact, similarArtifacts } from "../../src/services/artifacts";
import { find } from "../../src/services/find";
import { hiddenArtifactsPage } from "../../src/services/hidden";
import { createArtifactStore } from "../../src/store/artifact-store";
import { createTestApp, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession } from "../support/users";

/*
 * The public reads that are not pages of the list (artifact-search.test.ts has those) say the
 * public condition and so read the partial indexes of decision 050 (docs/benchmarks.md): covering,
 * in order, never a table scan or a sort.
 */

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
  const owner = await createUserWithSession(t);
  for (let i = 0; i < 12; i += 1) {
    await addArtifact(t, owner, { artifactType: i % 2 === 0 ? "Art" : "Tools" });
  }
  t.db.$client.prepare("update artifacts set status = 'hidden' where id % 3 = 0").run();
});

afterEach(async () => {
  await t.close();
});

/** The plans of every statement `run` sends, on a traced connection to the same file. */
function plansOf(run: (db: AppDatabase) => void): string[] {
  const statements: string[] = [];
  const sqlite = new Database(t.env.databasePath, {
    verbose: (statement) => statements.push(String(statement)),
  });
  try {
    run(drizzle(sqlite, { schema }) as AppDatabase);
    return statements.map((statement) =>
      (sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
        .map((step) => step.detail)
        .join(" | "),
    );
  } finally {
    sqlite.close();
  }
}

const scanOrSort = /\bSCAN artifacts\b(?! USING)|TEMP B-TREE/;

/** What each row adds: its uploaded image's size and placeholder, by the images' primary key. */
const IMAGE_LOOKUPS = [1, 2, 3]
  .map(
    (n) =>
      ` | CORRELATED SCALAR SUBQUERY ${n} | SEARCH images USING INDEX sqlite_autoindex_images_1 (hash=?)`,
  )
  .join("");
const noCache = { readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 } };

describe("query plans of the public reads", () => {
  it("Most Popular walks the most-liked partial index and stops at six", () => {
    const plans = plansOf(
      (db) =>
        // As artifacts.popular asks.
        find(createArtifactStore(db, noCache), null, {
          list: "collection",
          sort: "desc",
          window: { offset: 0, limit: 6 },
        }).items,
    );
    expect(plans).toEqual([`SCAN artifacts USING INDEX artifacts_likes_desc_idx${IMAGE_LOOKUPS}`]);
  });

  it("Explore Similar searches the type's partial index", () => {
    const plans = plansOf((db) =>
      similarArtifacts(createArtifactStore(db, noCache), null, { id: 2 }),
    );
    expect(plans.at(-1)).toContain("USING INDEX artifacts_type_likes_idx (artifact_type=?)");
    for (const plan of plans) expect(plan).not.toMatch(scanOrSort);
  });

  it("the REST list pages come from the partial indexes, the type's count too", () => {
    const plans = plansOf((db) => {
      const store = createArtifactStore(db, noCache);
      // As GET /artifacts asks for the spec's list, and for one type.
      const slice = { list: "collection", sort: "desc", total: true } as const;
      find(store, null, { ...slice, window: { limit: 3, offset: 2 } });
      find(store, null, { ...slice, types: ["Art"], window: { limit: 3, offset: 1 } });
    }).join("\n");
    expect(plans).toContain("COVERING INDEX artifacts_likes_desc_idx");
    expect(plans).toContain("COVERING INDEX artifacts_type_likes_idx (artifact_type=?)");
    // The only sort is of the page's own rows, once read by id.
    expect(plans).not.toMatch(/\bSCAN artifacts\b(?! USING)/);
  });

  it("the size of the collection is one lookup, not a count", () => {
    const plans = plansOf((db) => createArtifactStore(db, noCache).find.collectionSize());
    expect(plans).toEqual(["SEARCH artifact_names_version USING INTEGER PRIMARY KEY (rowid=?)"]);
  });

  it("the curators' list of hidden artifacts reads the hidden ones only, newest first (issue 29)", () => {
    const plans = plansOf((db) => hiddenArtifactsPage(db, { cursor: 9, limit: 2 }));
    expect(plans).toEqual([
      `SEARCH artifacts USING INDEX artifacts_hidden_idx (id<?)${IMAGE_LOOKUPS}`,
    ]);
    const page = hiddenArtifactsPage(t.db, { cursor: 9, limit: 2 });
    expect(page.items.map((item) => item.artifact.id)).toEqual([6, 3]);
  });

  it("an artifact by id is one lookup by primary key (and its image's), then its images by key", () => {
    const plans = plansOf((db) => getArtifact(createArtifactStore(db, noCache), null, { id: 1 }));
    expect(plans).toEqual([
      `SEARCH artifacts USING INTEGER PRIMARY KEY (rowid=?)${IMAGE_LOOKUPS}`,
      "SEARCH artifact_images USING INDEX sqlite_autoindex_artifact_images_1 (artifact_id=?) | SEARCH images USING INDEX sqlite_autoindex_images_1 (hash=?) LEFT-JOIN",
    ]);
  });
});
