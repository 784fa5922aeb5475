import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, likes, users } from "../db/schema";
import { artifactColumns } from "../store/artifact-columns";

/*
 * Download my data (issue 20): one JSON file of everything the account holds, written a page at a
 * time so that a member with thousands of artifacts costs the server one page of memory, not the
 * whole file.
 *
 * The file is { exportedAt, account, <section>: [...] for each of EXPORT_SECTIONS }. A new kind of
 * data a member owns (reports, an artifact's history) is one more entry in EXPORT_SECTIONS.
 */

/** Rows read per query: a page of maximal artifacts is about 400 KB of JSON, a few ms of work. */
export const EXPORT_PAGE_ROWS = 50;

interface ExportSection {
  /** The key of the section in the file. */
  name: string;
  /** Up to `limit` of the account's rows after the one with key `after`, in key order. */
  page(db: AppDatabase, userId: number, after: number, limit: number): { key: number }[];
}

/** The member's artifacts, whole, with when they were added and last edited. */
const artifactsSection: ExportSection = {
  name: "artifacts",
  page: (db, userId, after, limit) =>
    db
      .select({
        key: artifacts.id,
        ...artifactColumns,
        addedAt: artifacts.addedAt,
        editedAt: artifacts.editedAt,
      })
      .from(artifacts)
      .where(and(eq(artifacts.ownerId, userId), gt(artifacts.id, after)))
      .orderBy(asc(artifacts.id))
      .limit(limit)
      .all(),
};

/** The artifacts the member likes, oldest like first. */
const likesSection: ExportSection = {
  name: "likes",
  page: (db, userId, after, limit) => {
    const likeId = sql<number>`${likes}.rowid`;
    return db
      .select({
        key: likeId,
        artifactId: likes.artifactId,
        artifactName: artifacts.artifactName,
        likedAt: likes.likedAt,
      })
      .from(likes)
      .innerJoin(artifacts, eq(artifacts.id, likes.artifactId))
      .where(and(eq(likes.userId, userId), gt(likeId, after)))
      .orderBy(asc(likeId))
      .limit(limit)
      .all();
  },
};

export const EXPORT_SECTIONS: readonly ExportSection[] = [artifactsSection, likesSection];

/** The account itself: what the member gave and when they joined; never a hash or a token. */
function accountPart(db: AppDatabase, userId: number) {
  const row = db
    .select({
      email: users.email,
      name: users.name,
      photoUrl: users.photoUrl,
      joinedAt: users.joinedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
      signsInWithGoogle: sql<boolean>`${users.googleSubject} is not null`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ?? null;
}

/** The rows of one section as JSON array items, a page per query, yielding between pages. */
async function* sectionItems(
  db: AppDatabase,
  userId: number,
  section: ExportSection,
): AsyncGenerator<string> {
  let after = 0;
  let first = true;
  for (;;) {
    const rows = section.page(db, userId, after, EXPORT_PAGE_ROWS);
    if (rows.length > 0) {
      const items = rows.map(({ key: _key, ...row }) => JSON.stringify(row));
      yield `${first ? "" : ","}\n    ${items.join(",\n    ")}`;
      first = false;
      after = (rows.at(-1) as { key: number }).key;
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    // Other requests are served between pages.
    await nextTurn();
  }
}

/** The whole file as text chunks, for a streamed answer. */
export async function* exportAccountData(
  db: AppDatabase,
  actor: Pick<SessionUser, "id">,
  now: number,
): AsyncGenerator<string> {
  const account = accountPart(db, actor.id);
  yield `{\n  "exportedAt": ${JSON.stringify(new Date(now))},\n  "account": ${JSON.stringify(account)}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,\n  ${JSON.stringify(section.name)}: [`;
    yield* sectionItems(db, actor.id, section);
    yield "\n  ]";
  }
  yield "\n}\n";
}
