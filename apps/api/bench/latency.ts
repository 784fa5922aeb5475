import os from "node:os";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import {
  REVISIONS_PAGE_SIZE,
  type CollectionFind,
  type FindFilters,
  type SortValue,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../src/db/client";
import * as schema from "../src/db/schema";
import { getArtifact, similarArtifacts } from "../src/services/artifacts";
import { exportRows, find } from "../src/services/find";
import { reviewQueuePage, waitingCount } from "../src/services/review";
import { trashPage } from "../src/services/trash";
import { compareRevisions, listRevisions } from "../src/services/history";
import { createArtifactStore, type ArtifactStore } from "../src/store/artifact-store";
import { createImageStore, type ImageStore } from "../src/store/image-store";
import { UNUSED_IMAGE_GRACE_MS } from "../src/services/images/prune";
import { imageRowsOf } from "../src/services/artifact-images";
import { artifactManifest } from "../src/services/iiif/manifest";
import { getPublicArtifact, getPublicArtifactDetail } from "../src/services/public-artifacts";
import { siteRights } from "../src/services/site-rights";
import { createPublicArtifactStore, type PublicArtifactStore } from "../src/store/public-artifacts";
import { HISTORY_BENCH, IMAGES_PER_ARTIFACT } from "./generate";
import { adminLatencyCases } from "./latency-admin";
import { collectionLatencyCases } from "./latency-collections";
import { harvestingSetLatencyCases } from "./latency-harvesting";
import { conversationLatencyCases } from "./latency-conversation";
import { mapLatencyCases } from "./latency-map";
import { eq } from "drizzle-orm";
import { listSessions } from "../src/auth/session";
import { EXPORT_PAGE_ROWS, EXPORT_SECTIONS } from "../src/services/account-export";
import { checkResetLink } from "../src/services/password-reset";

/** One service call measured in-process: the server-side cost without HTTP, tRPC or JSON. */
export interface LatencyRow {
  label: string;
  /** Part of the "every list, search and sort under 10 ms at p99" target. */
  listTarget: boolean;
  iterations: number;
  /** Wall-clock milliseconds: what a request waits, including time this process was not running. */
  p50: number;
  p99: number;
  max: number;
  /** CPU milliseconds of this process for the call: the query's own cost, whatever else runs. */
  cpuP50: number;
  cpuP99: number;
  total?: number;
  /** EXPLAIN QUERY PLAN of each statement the call ran. */
  plans: string[];
}

interface Case {
  label: string;
  listTarget: boolean;
  /** Before each call, move artifact_names_version as a changed name would: no cached count. */
  cold?: boolean;
  run: (store: ArtifactStore) => unknown;
}

/** Reads the queue as a curator who owns none of its artifacts. */
const BENCH_CURATOR = { id: 0, role: "curator" } as const;

/** A page of All Artifacts, as artifacts.list asks the find for it. */
function listPage(
  store: ArtifactStore,
  query: Omit<CollectionFind, "list" | "window"> & { page: number },
) {
  const { page, ...rest } = query;
  return find(store, null, { ...rest, list: "collection", window: { page }, total: true });
}

/** The facets of All Artifacts (and the timeline's histogram), as artifacts.facets asks. */
function facetsOf(store: ArtifactStore, query: Omit<CollectionFind, "list">) {
  return find(store, null, { ...query, list: "collection", facets: true });
}

const list = (search: string | undefined, sort: SortValue, page = 1, cold = false): Case => ({
  label: `list ${search === undefined ? "(no search)" : JSON.stringify(search)} sort=${sort} page=${page}${cold ? " (cold)" : ""}`,
  listTarget: true,
  cold,
  run: (store) => listPage(store, { search, sort, page }),
});

const NO_FILTERS: FindFilters = { types: [], eras: [], locations: [], rights: [], countries: [] };

/**
 * Issue 18: filters, facets, the all-fields search and the timeline's data (targets: 20 ms at
 * p99 for every filter combination, the facets and an all-fields search; 50 ms for the timeline).
 */
function findCases(): Case[] {
  const cases: Case[] = [];
  const combos: [string, FindFilters][] = [
    ["type=Art", { ...NO_FILTERS, types: ["Art"] }],
    ["type=Art,Tools", { ...NO_FILTERS, types: ["Art", "Tools"] }],
    ["era=c-5", { ...NO_FILTERS, eras: ["c-5"] }],
    ["era=m2", { ...NO_FILTERS, eras: ["m2"] }],
    ["era=c15,c16,m-1", { ...NO_FILTERS, eras: ["c15", "c16", "m-1"] }],
    ["years -500..300", { ...NO_FILTERS, fromYear: -500, toYear: 300 }],
    ["location=Louvre", { ...NO_FILTERS, locations: ["Louvre, Paris"] }],
    ["type+era", { ...NO_FILTERS, types: ["Art"], eras: ["m2"] }],
    ["type+location", { ...NO_FILTERS, types: ["Tools"], locations: ["Louvre, Paris"] }],
    ["era+location", { ...NO_FILTERS, eras: ["c-5"], locations: ["British Museum, London"] }],
    [
      "type+era+location",
      { ...NO_FILTERS, types: ["Art", "Tools"], eras: ["m2", "m-1"], locations: ["Louvre, Paris"] },
    ],
    // Issue 30: "Can I reuse it?", by the primary image's rights.
    ["rights=ask", { ...NO_FILTERS, rights: ["ask"] }],
    ["rights=free,conditions", { ...NO_FILTERS, rights: ["free", "conditions"] }],
    ["type+rights", { ...NO_FILTERS, types: ["Art"], rights: ["free"] }],
    [
      "era+location+rights",
      { ...NO_FILTERS, eras: ["m2"], locations: ["Louvre, Paris"], rights: ["ask"] },
    ],
    // Issue 31: the country of the findspot (every bench place has one).
    ["country=EG", { ...NO_FILTERS, countries: ["EG"] }],
    ["country=GB,FR,IT,EG", { ...NO_FILTERS, countries: ["EG", "FR", "GB", "IT"] }],
    ["type+era+country", { ...NO_FILTERS, types: ["Art"], eras: ["m2"], countries: ["GB"] }],
  ];
  const find = (label: string, run: Case["run"]): Case => ({ label, listTarget: false, run });
  for (const [label, filters] of combos) {
    for (const sort of ["default", "desc", "date_asc"] as const) {
      cases.push(
        find(`find ${label} sort=${sort}`, (store) =>
          listPage(store, { ...filters, sort, page: 1 }),
        ),
      );
    }
    cases.push(find(`facets ${label}`, (store) => facetsOf(store, filters)));
  }
  cases.push(
    find('find type=Art + names "bronze" sort=default', (store) =>
      listPage(store, { search: "bronze", types: ["Art"], sort: "default", page: 1 }),
    ),
    find("facets (no filter)", (store) => facetsOf(store, NO_FILTERS)),
    find("facets present places (no filter)", (store) =>
      facetsOf(store, { ...NO_FILTERS, placeKind: "presentPlace" }),
    ),
    find('facets names "ian" + country=GB', (store) =>
      facetsOf(store, { search: "ian", countries: ["GB"] }),
    ),
    find('facets all fields "bronze" + rights=free', (store) =>
      facetsOf(store, { search: "bronze", in: "all", rights: ["free"] }),
    ),
    find('facets names "ian" + rights=ask', (store) =>
      facetsOf(store, { search: "ian", rights: ["ask"] }),
    ),
  );
  for (const term of ["bronze", "temple offerings", "louvre", "zzz", "a"]) {
    cases.push(
      find(`all fields ${JSON.stringify(term)}`, (store) =>
        listPage(store, { search: term, in: "all", sort: "default", page: 1 }),
      ),
      find(`all fields ${JSON.stringify(term)} + type=Art`, (store) =>
        listPage(store, { search: term, in: "all", types: ["Art"], sort: "default", page: 1 }),
      ),
      find(`all fields ${JSON.stringify(term)} + type=Art sort=date_asc`, (store) =>
        listPage(store, { search: term, in: "all", types: ["Art"], sort: "date_asc", page: 1 }),
      ),
      find(`facets all fields ${JSON.stringify(term)}`, (store) =>
        facetsOf(store, { search: term, in: "all" }),
      ),
    );
  }
  cases.push(
    find("timeline (facets, no filter)", (store) => facetsOf(store, NO_FILTERS)),
    find("timeline span -500..300 list date_asc", (store) =>
      listPage(store, { fromYear: -500, toYear: 300, sort: "date_asc", page: 1 }),
    ),
  );
  return cases;
}

/** A member of the bench collection: about ten artifacts and a hundred likes each. */
const BENCH_MEMBER = { id: 1, role: "member" } as const;

/** The export reads its find in id order, ROWS_PER_READ (200) at a time (open-data/export.ts). */
function exportedRows(store: ArtifactStore, query: Omit<CollectionFind, "list">): number {
  const read = exportRows(store, null, { ...query, list: "collection" });
  let cursor = 50_000;
  let rows = 0;
  for (let reads = 0; reads < 25; reads += 1) {
    const items = read(cursor, 200);
    rows += items.length;
    cursor = items.at(-1)?.id ?? cursor;
  }
  return rows;
}

/**
 * Issue 27: every other list that reads through the one find: a member's own and liked
 * artifacts (tRPC keyset pages, REST pages with a count), the export's rows, issue 28's common
 * word and issue 29's names search in any order.
 */
function memberAndExportCases(): Case[] {
  const find_ = (label: string, run: Case["run"]): Case => ({ label, listTarget: true, run });
  return [
    find_("mine page 1 (keyset)", (store) =>
      find(store, BENCH_MEMBER, { list: "mine", window: { cursor: null, limit: 20 } }),
    ),
    find_("mine REST page 1 of 100 with its total", (store) =>
      find(store, BENCH_MEMBER, { list: "mine", window: { offset: 0, limit: 100 }, total: true }),
    ),
    find_("liked page 1 (keyset)", (store) =>
      find(store, BENCH_MEMBER, { list: "liked", window: { cursor: null, limit: 100 } }),
    ),
    find_("liked REST page 2 of 50 with its total", (store) =>
      find(store, BENCH_MEMBER, { list: "liked", window: { offset: 50, limit: 50 }, total: true }),
    ),
    find_("export 5,000 rows after id 50,000 (no filter)", (store) => exportedRows(store, {})),
    find_('export 5,000 rows all fields "a" + type=Art', (store) =>
      exportedRows(store, { search: "a", in: "all", types: ["Art"] }),
    ),
    find_('export 5,000 rows names "ian"', (store) => exportedRows(store, { search: "ian" })),
    find_('export 5,000 rows names "ur"', (store) => exportedRows(store, { search: "ur" })),
    find_('all fields "a" sort=desc', (store) =>
      listPage(store, { search: "a", in: "all", sort: "desc", page: 1 }),
    ),
    find_('facets names "a"', (store) => facetsOf(store, { search: "a" })),
    find_('facets names "ian"', (store) => facetsOf(store, { search: "ian" })),
    find_('list "ian nara" sort=default page=1 (two words)', (store) =>
      listPage(store, { search: "ian nara", sort: "default", page: 1 }),
    ),
    find_('list "ian nara" sort=desc page=1 (two words)', (store) =>
      listPage(store, { search: "ian nara", sort: "desc", page: 1 }),
    ),
    // A word in contexts and in no name: the names search finds nothing and counts all fields.
    find_('list names "found" + type=Art (none: allFieldsTotal)', (store) =>
      find(store, null, {
        list: "collection",
        search: "found",
        types: ["Art"],
        window: { page: 1 },
        total: true,
        allFieldsTotal: true,
      }),
    ),
  ];
}

/** Every list order, deep pages and searches of every kind the list meets. */
export function latencyCases(sampleId: number): Case[] {
  const cases: Case[] = [...findCases(), ...memberAndExportCases()];
  let publicStore: PublicArtifactStore | undefined;
  for (const sort of ["default", "asc", "desc", "date_asc", "date_desc"] as const) {
    cases.push(list(undefined, sort), list(undefined, sort, 5_000), list(undefined, sort, 10_000));
  }
  // Typical (2.5% of names), broad (27%), rare, absent, then deep pages of a broad term.
  for (const term of ["astrolabe", "ian", "nara 99", "zzz"]) {
    for (const sort of ["default", "asc", "desc"] as const) cases.push(list(term, sort));
  }
  cases.push(list("astrolabe", "default", 1, true), list("ian", "desc", 1, true));
  cases.push(list("ian", "default", 3_000), list("ian", "desc", 1_500), list("ian", "asc", 3_000));
  cases.push(list(`"Bronze*`, "default"), list("bronze", "desc", 300));
  // One and two characters (7%, 89% and none of the names), counted once per change of names.
  for (const term of ["ur", "o", "zq"]) {
    for (const sort of ["default", "asc", "desc"] as const) cases.push(list(term, sort));
    cases.push(list(term, "desc", 1, true));
  }
  cases.push(list("ur", "asc", 800), list("o", "desc", 5_000));
  cases.push(
    {
      label: "REST list limit=6 (mostLiked)",
      listTarget: true,
      run: (store) =>
        find(store, null, {
          list: "collection",
          sort: "desc",
          window: { offset: 0, limit: 6 },
          total: true,
        }),
    },
    {
      label: "REST list type=Art page 1000 of 10",
      listTarget: true,
      run: (store) =>
        find(store, null, {
          list: "collection",
          types: ["Art"],
          sort: "desc",
          window: { offset: 9_990, limit: 10 },
          total: true,
        }),
    },
    {
      label: "popular",
      listTarget: false,
      run: (store) =>
        find(store, null, { list: "collection", sort: "desc", window: { offset: 0, limit: 6 } }),
    },
    // Issue 17: the review queue's first page and its count, a page of the trash (500 in it).
    {
      label: "review queue page 1 (1,000 waiting)",
      listTarget: false,
      run: (store) => reviewQueuePage(store.db, BENCH_CURATOR, { limit: 20 }),
    },
    {
      label: "review waiting count",
      listTarget: false,
      run: (store) => waitingCount(store.db),
    },
    {
      label: "trash page 1",
      listTarget: false,
      run: (store) => trashPage(store.db, { page: 1, limit: 20 }),
    },
    {
      label: "byId",
      listTarget: false,
      run: (store) => getArtifact(store, null, { id: sampleId }),
    },
    // Issue 30: the public page's artifact with its three images, and its IIIF manifest.
    {
      label: `public page with its ${IMAGES_PER_ARTIFACT} images`,
      listTarget: false,
      run: (store) => {
        publicStore ??= createPublicArtifactStore(store.db.$client);
        return getPublicArtifactDetail(publicStore, store.db, { id: sampleId });
      },
    },
    {
      label: `IIIF manifest (${IMAGES_PER_ARTIFACT} images)`,
      listTarget: false,
      run: (store) => {
        publicStore ??= createPublicArtifactStore(store.db.$client);
        return artifactManifest({
          artifact: getPublicArtifact(publicStore, { id: sampleId }),
          images: imageRowsOf(store.db, sampleId),
          origin: "https://atlas.example",
          metadataLicense: siteRights(store.db).metadataLicense,
        });
      },
    },
    {
      label: "similar",
      listTarget: false,
      run: (store) => similarArtifacts(store, null, { id: sampleId }),
    },
  );
  // Issue 17: a page of an artifact's history, newest, middle and oldest, and a comparison.
  const viewer = { id: 1, role: "member" as const };
  const history = (page: number): Case => ({
    label: `history page ${page} (${HISTORY_BENCH.edits.toLocaleString("en")} revisions)`,
    listTarget: false,
    run: (store) =>
      listRevisions(store, viewer, {
        id: HISTORY_BENCH.artifactId,
        limit: REVISIONS_PAGE_SIZE,
        offset: (page - 1) * REVISIONS_PAGE_SIZE,
      }),
  });
  const lastPage = Math.ceil((HISTORY_BENCH.edits + 1) / REVISIONS_PAGE_SIZE);
  cases.push(history(1), history(Math.ceil(lastPage / 2)), history(lastPage), {
    label: "history of an artifact with one revision",
    listTarget: false,
    run: (store) =>
      listRevisions(store, viewer, { id: sampleId, limit: REVISIONS_PAGE_SIZE, offset: 0 }),
  });
  cases.push({
    label: "history compare version 1 with the newest",
    listTarget: false,
    run: (store) =>
      compareRevisions(store, viewer, {
        id: HISTORY_BENCH.artifactId,
        from: 1,
        to: HISTORY_BENCH.edits + 1,
      }),
  });
  let images: ImageStore | undefined;
  // Issue 19 with issue 17's history: what a round of the image clean-up reads (decision 076), on
  // 110,000 revisions of which 1,000 show an uploaded image. Read only: the rows stay.
  cases.push({
    label: "image clean-up: unused images (revisions' images in use)",
    listTarget: false,
    run: (store) => {
      images ??= createImageStore(store.db, { dir: os.tmpdir() });
      return images.statements.unused.all({
        before: Date.now() - UNUSED_IMAGE_GRACE_MS,
        limit: 500,
      });
    },
  });
  for (const { label, run } of adminLatencyCases(sampleId)) {
    cases.push({ label, listTarget: false, run: (store) => run(store.db) });
  }
  for (const { label, run } of conversationLatencyCases(sampleId)) {
    cases.push({ label, listTarget: true, run });
  }
  for (const { label, run } of mapLatencyCases()) cases.push({ label, listTarget: false, run });
  for (const { label, run } of collectionLatencyCases()) {
    cases.push({ label, listTarget: false, run });
  }
  for (const { label, run } of harvestingSetLatencyCases()) {
    cases.push({ label, listTarget: false, run });
  }
  // Your account (issue 20): a page of Download my data for the sample artifact's owner, the
  // sessions of "Where you're signed in", and the check of a reset link.
  const ownerOf = (store: ArtifactStore) =>
    store.db
      .select({ ownerId: schema.artifacts.ownerId })
      .from(schema.artifacts)
      .where(eq(schema.artifacts.id, sampleId))
      .get()?.ownerId ?? 1;
  for (const section of EXPORT_SECTIONS) {
    cases.push({
      label: `account data: a page of ${EXPORT_PAGE_ROWS} ${section.name}`,
      listTarget: true,
      run: (store) => section.pages(store.db, ownerOf(store)).next().value,
    });
  }
  cases.push(
    {
      label: "account sessions",
      listTarget: true,
      run: (store) => listSessions(store.db, ownerOf(store), Date.now()),
    },
    {
      label: "reset link state",
      listTarget: false,
      run: (store) => checkResetLink({ db: store.db, now: Date.now }, "A".repeat(43)),
    },
  );
  return cases;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * Runs each case `iterations` times (or for at most `budgetMs`) on its own connection to the
 * bench database, opened with the production pragmas, and records the plans of what it ran.
 */
export function measureServiceLatency(
  path: string,
  sampleId: number,
  options: {
    iterations: number;
    budgetMs: number;
    /** Only the cases whose label matches (BENCH_ONLY): a quicker look at a few queries. */
    only?: RegExp;
  },
): LatencyRow[] {
  let traced: string[] | null = null;
  const sqlite = new Database(path, {
    readonly: false,
    verbose: (statement) => traced?.push(String(statement)),
  });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  const db = drizzle(sqlite, { schema }) as AppDatabase;
  // The queries themselves: the server keeps repeated answers (src/db/read-cache.ts), this keeps none.
  const store = createArtifactStore(db, { readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 } });
  const explain = sqlite.prepare.bind(sqlite);
  const bumpNamesVersion = sqlite.prepare(
    "update artifact_names_version set version = version + 1 where id = 1",
  );
  const rows: LatencyRow[] = [];
  try {
    const cases = latencyCases(sampleId).filter((c) => options.only?.test(c.label) ?? true);
    for (const testCase of cases) {
      if (testCase.cold) bumpNamesVersion.run();
      traced = [];
      const result = testCase.run(store) as { total?: number };
      const statements = traced;
      traced = null;
      const plans = statements.map((statement) =>
        (explain(`explain query plan ${statement}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join(" → "),
      );
      for (let i = 0; i < 5; i += 1) testCase.run(store);
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const deadline = performance.now() + options.budgetMs;
      while (times.length < options.iterations && performance.now() < deadline) {
        if (testCase.cold) bumpNamesVersion.run();
        const cpu = process.cpuUsage();
        const started = performance.now();
        testCase.run(store);
        times.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpuTimes.sort((a, b) => a - b);
      rows.push({
        label: testCase.label,
        listTarget: testCase.listTarget,
        iterations: times.length,
        p50: percentile(times, 0.5),
        p99: percentile(times, 0.99),
        max: times.at(-1) ?? 0,
        cpuP50: percentile(cpuTimes, 0.5),
        cpuP99: percentile(cpuTimes, 0.99),
        ...(typeof result?.total === "number" ? { total: result.total } : {}),
        plans,
      });
    }
  } finally {
    sqlite.close();
  }
  return rows;
}
