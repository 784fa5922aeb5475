import { ARTIFACT_TYPES, NAMED_PERIODS } from "@artifact-atlas/shared";
import { createSessionStore } from "../src/auth/session";
import { closeDatabase, openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { refreshParsedDates } from "../src/store/artifact-dates";
import { generateCollectionRows } from "./generate-collections";
import { generatePlaceRows } from "./generate-places";
import { generateConversationRows } from "./generate-conversation";
import { generateAdminRows } from "./generate-admin";
import { fieldsJson, generateReviewRows } from "./generate-review";

/** The size the issue asks for: far more than a small community needs today. */
/** Where `pnpm bench:queries` and `pnpm bench:memory` keep a generated collection between runs. */
export const KEPT_BENCH_DATABASE = process.env.BENCH_DATABASE ?? "/tmp/atlas-bench-queries.db";

export const BENCH_SIZE = { artifacts: 100_000, users: 10_000, likes: 1_000_000 } as const;

/**
 * Issue 30: every artifact shows three images, its own (artifactImage) and two elsewhere, each
 * with a caption, rights and credit, so that the reads are measured with the rows they will meet.
 */
export const IMAGES_PER_ARTIFACT = 3;
const BENCH_RIGHTS = [
  "http://creativecommons.org/licenses/by/4.0/",
  "http://creativecommons.org/publicdomain/zero/1.0/",
  "http://rightsstatements.org/vocab/InC/1.0/",
  "http://rightsstatements.org/vocab/CNE/1.0/",
];
/**
 * The primary images' rights, as a collection that has begun to say them might hold: four in ten
 * not evaluated, three reusable with conditions, two free, one to ask for. Chosen by the id
 * scrambled, not by the random sequence, so that every row drawn after stays as it was.
 */
const PRIMARY_RIGHTS = [
  "http://rightsstatements.org/vocab/CNE/1.0/",
  "http://rightsstatements.org/vocab/CNE/1.0/",
  "http://rightsstatements.org/vocab/CNE/1.0/",
  "http://rightsstatements.org/vocab/CNE/1.0/",
  "http://creativecommons.org/licenses/by/4.0/",
  "http://creativecommons.org/licenses/by-sa/4.0/",
  "http://creativecommons.org/licenses/by-nc/4.0/",
  "http://creativecommons.org/publicdomain/zero/1.0/",
  "http://creativecommons.org/publicdomain/mark/1.0/",
  "http://rightsstatements.org/vocab/InC/1.0/",
];
const primaryRights = (id: number) =>
  PRIMARY_RIGHTS[Math.floor((id * 2654435761) / 65536) % PRIMARY_RIGHTS.length] as string;

/**
 * Issue 17's history: every artifact has its first revision (as the migration gives it), and this
 * one artifact has 10,000 more, the deepest history the bench reads; 10,000 more edits are spread
 * over the collection (generate-review.ts).
 */
export const HISTORY_BENCH = { artifactId: 1, edits: 10_000 } as const;

const CULTURES = [
  "Roman", "Greek", "Etruscan", "Egyptian", "Minoan", "Mycenaean", "Phoenician", "Assyrian",
  "Babylonian", "Sumerian", "Persian", "Han", "Tang", "Ming", "Maya", "Aztec", "Inca", "Olmec",
  "Viking", "Celtic", "Byzantine", "Ottoman", "Mughal", "Khmer", "Benin", "Nok", "Jomon",
  "Scythian", "Hittite", "Nabataean",
]; // prettier-ignore
const MATERIALS = [
  "Bronze", "Gold", "Silver", "Iron", "Jade", "Marble", "Terracotta", "Ivory", "Obsidian",
  "Limestone", "Bone", "Copper", "Glass", "Amber", "Basalt", "Alabaster", "Porcelain", "Papyrus",
  "Wooden", "Lapis",
]; // prettier-ignore
const OBJECTS = [
  "Amphora", "Astrolabe", "Bust", "Chalice", "Coin", "Dagger", "Figurine", "Helmet", "Mask",
  "Mirror", "Oil Lamp", "Pendant", "Plaque", "Relief", "Ring", "Sarcophagus", "Scroll", "Seal",
  "Shield", "Statue", "Stele", "Sword", "Tablet", "Torc", "Urn", "Vase", "Idol", "Brooch", "Comb",
  "Bowl", "Codex", "Compass", "Loom Weight", "Spearhead", "Ewer", "Goblet", "Diadem", "Frieze",
  "Mosaic", "Censer",
]; // prettier-ignore
const PLACES = [
  "Ur", "Thebes", "Knossos", "Carthage", "Nineveh", "Pompeii", "Delphi", "Xi'an", "Cuzco",
  "Tikal", "Uppsala", "Hallstatt", "Petra", "Angkor", "Nara", "Troy", "Memphis", "Susa",
]; // prettier-ignore
const MUSEUMS = [
  "British Museum, London", "Louvre, Paris", "Egyptian Museum, Cairo", "Met, New York",
  "National Museum, Beijing", "Pergamon Museum, Berlin", "Hermitage, St Petersburg",
  "National Museum of Anthropology, Mexico City", "Rijksmuseum, Amsterdam", "Private collection",
]; // prettier-ignore
const SENTENCES = [
  "Found in a sealed chamber beneath the later floor levels.",
  "The decoration shows a procession of figures bearing offerings.",
  "Traces of pigment suggest it was once brightly painted.",
  "It was probably made for a temple rather than a household.",
  "Wear on the edges points to long use before it was buried.",
  "An inscription names a ruler otherwise known only from king lists.",
  "Comparable pieces come from sites several hundred kilometres away.",
  "Its workmanship reflects a well-organised workshop tradition.",
]; // prettier-ignore

/**
 * A created date as contributors write them (issue 18), so that the era filters, the date sorts
 * and the timeline meet a realistic spread: years BC and AD, circa, ranges, centuries, decades,
 * named periods, and some text the parser does not recognise. Most objects are from the last
 * three millennia, as in museum collections.
 */
function historicalDate(next: () => number): string {
  const year = () => {
    const roll = next();
    if (roll < 0.1) return -(3000 + Math.floor(next() * 7000));
    if (roll < 0.45) return -(1 + Math.floor(next() * 3000));
    return 1 + Math.floor(next() * 1950);
  };
  const written = (value: number) =>
    value < 0 ? `${-value} BC` : value < 1000 ? `AD ${value}` : String(value);
  const kind = next();
  if (kind < 0.25) return written(year());
  if (kind < 0.45) return `c. ${written(year())}`;
  if (kind < 0.62) {
    const century = Math.ceil(Math.abs(year()) / 100);
    const ordinal =
      century % 10 === 1 && century !== 11
        ? "st"
        : century % 10 === 2 && century !== 12
          ? "nd"
          : century % 10 === 3 && century !== 13
            ? "rd"
            : "th";
    const part = pick(next, ["", "", "Early ", "Late ", "Mid-"]);
    return `${part}${century}${ordinal} century${next() < 0.4 ? " BC" : ""}`;
  }
  if (kind < 0.74) {
    const start = year();
    const length = 5 + Math.floor(next() * 200);
    return start < 0 && -start > length
      ? `c. ${-start}–${-start - length} BC`
      : `${written(Math.max(1, start))}–${Math.max(1, start) + length}`;
  }
  if (kind < 0.84) return pick(next, NAMED_PERIODS).names[0] as string;
  if (kind < 0.92) return `${1500 + 10 * Math.floor(next() * 45)}s`;
  return pick(next, ["Unknown", "Never lost", "Date disputed", "Undated"]);
}

/** A small deterministic PRNG (mulberry32), so every run builds the same collection. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)] as T;

/** Likes per artifact: Zipf-like (exponent 0.6) over a shuffled ranking, summing to `total`. */
function likeCounts(next: () => number, artifacts: number, users: number, total: number) {
  const weights = Array.from({ length: artifacts }, (_, rank) => 1 / (rank + 1) ** 0.6);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(users, Math.floor((total * w) / sum)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let i = counts.length - 1; missing > 0; i = i === 0 ? counts.length - 1 : i - 1) {
    if ((counts[i] as number) < users) {
      counts[i] = (counts[i] as number) + 1;
      missing -= 1;
    }
  }
  // Shuffle so that popularity is unrelated to age (id).
  for (let i = counts.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [counts[i], counts[j]] = [counts[j] as number, counts[i] as number];
  }
  return counts;
}

export interface GeneratedDatabase {
  seconds: number;
  artifacts: number;
  users: number;
  likes: number;
  /**
   * Rows of artifact_revisions: one per artifact, HISTORY_BENCH.edits more on one, and
   * REVIEW_BENCH_SIZE.spreadEdits over others.
   */
  revisions: number;
  /** Artifacts beside them that no public read shows (ids above `artifacts`). */
  notPublic: number;
  /** Session cookies ("atlas_session=…") of bench users, one per load-test connection. */
  sessionCookies: string[];
  /** A few existing artifact ids spread over the collection. */
  sampleIds: number[];
  fileBytes: number;
}

/**
 * Builds the bench collection in a fresh file: the schema from the migrations, then every row in
 * one transaction through prepared better-sqlite3 statements. The like-count and search-index
 * triggers fire as for any other write; the counts are verified afterwards.
 */
export async function generateBenchDatabase(
  path: string,
  options: {
    /** How many bench users get a session (one cookie each). */
    sessions: number;
    /** The image URL of every artifact. */
    imageUrl: string;
  },
): Promise<GeneratedDatabase> {
  const started = performance.now();
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    const sqlite = db.$client;
    // One big transaction. With the default 2 MB page cache it would spill to the WAL again and
    // again, and each trigger-firing insert writes a statement journal: keep both in memory.
    sqlite.pragma("cache_size = -262144");
    sqlite.pragma("temp_store = MEMORY");
    // A throwaway file: no fsync per session row below (the server opens it with its own pragmas).
    sqlite.pragma("synchronous = OFF");
    const next = random(20_261_122);
    const insertUser = sqlite.prepare(
      "insert into users (id, email, name, joined_at) values (?, ?, ?, ?)",
    );
    const insertArtifact = sqlite.prepare(
      `insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type,
         historical_context, created_at, discovered_at, discovered_by, present_location, username,
         added_at, edited_at, image_rights)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertLike = sqlite.prepare(
      "insert into likes (artifact_id, user_id, liked_at) values (?, ?, ?)",
    );
    const insertImage = sqlite.prepare(
      `insert into artifact_images (artifact_id, position, url, alt, caption, rights, credit)
       values (?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertRevision = sqlite.prepare(
      `insert into artifact_revisions (artifact_id, number, actor_id, at, summary, fields)
       select id, ?, owner_id, ?, ?, ${fieldsJson("historical_context || ?")}
       from artifacts where id = ?`,
    );
    const now = Date.now();
    const year = 365 * 24 * 3600 * 1000;
    const { artifacts, users, likes } = BENCH_SIZE;
    const counts = likeCounts(next, artifacts, users, likes);

    sqlite.transaction(() => {
      const names: string[] = [];
      for (let id = 1; id <= users; id += 1) {
        const name = `Member ${id} ${pick(next, CULTURES)}`;
        names.push(name);
        insertUser.run(id, `member${id}@bench.example`, name, now - Math.floor(next() * 3 * year));
      }
      for (let id = 1; id <= artifacts; id += 1) {
        const ownerId = 1 + Math.floor(next() * users);
        const place = next() < 0.4 ? ` of ${pick(next, PLACES)}` : "";
        const name = `${pick(next, CULTURES)} ${pick(next, MATERIALS)} ${pick(next, OBJECTS)}${place} ${id}`;
        const context = Array.from({ length: 2 + Math.floor(next() * 4) }, () =>
          pick(next, SENTENCES),
        ).join(" ");
        const added = now - Math.floor(((artifacts - id) / artifacts) * 2 * year);
        insertArtifact.run(
          id,
          ownerId,
          name,
          options.imageUrl,
          pick(next, ARTIFACT_TYPES),
          context,
          historicalDate(next),
          String(1800 + Math.floor(next() * 220)),
          `Expedition ${1 + Math.floor(next() * 500)}`,
          pick(next, MUSEUMS),
          names[ownerId - 1] as string,
          added,
          added,
          primaryRights(id),
        );
        for (let position = 0; position < IMAGES_PER_ARTIFACT; position += 1) {
          insertImage.run(
            id,
            position,
            position === 0 ? options.imageUrl : `https://images.example.org/${id}/${position}.jpg`,
            "",
            position === 0 ? "" : `View ${position} of ${name}`,
            position === 0 ? primaryRights(id) : pick(next, BENCH_RIGHTS),
            position === 0 ? "" : `Photo: ${pick(next, MUSEUMS)}`,
          );
        }
      }
      for (let id = 1; id <= artifacts; id += 1) insertRevision.run(1, now, "Created", "", id);
      for (let edit = 1; edit <= HISTORY_BENCH.edits; edit += 1) {
        const summary = "Edited: historical context";
        insertRevision.run(1 + edit, now, summary, ` Edit ${edit}.`, HISTORY_BENCH.artifactId);
      }
      for (let artifactId = 1; artifactId <= artifacts; artifactId += 1) {
        const count = counts[artifactId - 1] as number;
        // Distinct users: an arithmetic progression modulo `users` with a step coprime to it.
        const start = Math.floor(next() * users);
        let step = 1 + 2 * Math.floor(next() * 2000);
        if (step % 5 === 0) step += 2;
        for (let j = 0; j < count; j += 1) {
          insertLike.run(
            artifactId,
            1 + ((start + j * step) % users),
            now - Math.floor(next() * year),
          );
        }
      }
      generateAdminRows(sqlite, next, { users, artifacts, now });
      generateReviewRows(sqlite, next, {
        users,
        artifacts,
        now,
        keep: HISTORY_BENCH.artifactId,
      });
      generatePlaceRows(sqlite, random(20_261_131), { artifacts });
      // Its own random sequence, so that the rows and samples drawn after stay as they were.
      generateConversationRows(sqlite, random(20_261_128), {
        users,
        artifacts,
        now,
        busiest: HISTORY_BENCH.artifactId,
      });
      // Issue 32: 10,000 collections, 20 of them full; its own random sequence as well.
      generateCollectionRows(sqlite, random(20_261_132), { users, artifacts, now });
    })();

    const mismatched = sqlite
      .prepare(
        `select count(*) as n from artifacts a
         where a.like_count != (select count(*) from likes l where l.artifact_id = a.id)`,
      )
      .get() as { n: number };
    if (mismatched.n !== 0) throw new Error(`${mismatched.n} artifacts have a wrong like_count`);
    // The parsed years, as the server writes them at start (docs/decisions/041).
    refreshParsedDates(db);
    sqlite.pragma("optimize");
    const totals = sqlite
      .prepare(
        `select (select count(*) from artifacts where status = 'published' and deleted_at is null)
                  as artifacts,
                (select count(*) from artifacts) - (select count(*) from artifacts
                  where status = 'published' and deleted_at is null) as notPublic,
                (select count(*) from users) as users,
                (select count(*) from likes) as likes,
                (select count(*) from artifact_revisions) as revisions`,
      )
      .get() as {
      artifacts: number;
      notPublic: number;
      users: number;
      likes: number;
      revisions: number;
    };
    sqlite.pragma("wal_checkpoint(TRUNCATE)");

    const store = createSessionStore(db, { secureCookies: false });
    const sessionCookies: string[] = [];
    for (let i = 0; i < options.sessions; i += 1) {
      const cookie = await store.create(users - i);
      sessionCookies.push(`${cookie.name}=${cookie.value}`);
    }
    const sampleIds = Array.from({ length: 512 }, () => 1 + Math.floor(next() * artifacts));
    const fileBytes = (
      sqlite
        .prepare("select page_count * page_size as b from pragma_page_count(), pragma_page_size()")
        .get() as { b: number }
    ).b;
    return {
      seconds: (performance.now() - started) / 1000,
      ...totals,
      sessionCookies,
      sampleIds,
      fileBytes,
    };
  } finally {
    closeDatabase(db);
  }
}
