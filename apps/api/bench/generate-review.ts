import type Database from "better-sqlite3";
import { REPORT_REASONS } from "@artifact-atlas/shared";

/*
 * Issue 17's rows in the bench collection, as a community that has reviewed for a while would
 * have them: revisions spread over the collection (some showing an uploaded image), a review
 * queue of 1,000 open entries of every kind with thousands decided before them, and artifacts
 * that are pending, rejected, hidden or in the trash beside the public ones. The public reads must stay as fast with all of
 * this beside them (docs/decisions/078-bench-at-issue-17-scale.md).
 */

export const REVIEW_BENCH_SIZE = {
  /** Edits spread over the collection, besides the one deep history (HISTORY_BENCH). */
  spreadEdits: 10_000,
  /** How many artifacts those edits fall on. */
  editedArtifacts: 3_000,
  /** One spread edit in ten shows an uploaded image; these are also in the images table. */
  uploadedImages: 1_000,
  /** Uploaded images nothing refers to, older than the grace period: the clean-up's work. */
  orphanImages: 200,
  openNew: 600,
  openEdits: 250,
  openReports: 150,
  decidedEntries: 5_000,
  /** Edited after a rejection or hide: pending again, with one of the open edits. */
  pending: 100,
  rejected: 300,
  hidden: 150,
  trashed: 500,
} as const;

/** The artifact's editable fields as JSON, as revisions and queue entries keep them. */
export function fieldsJson(context: string, image = "artifact_image"): string {
  return `json_object('artifactName', artifact_name, 'artifactImage', ${image},
    'artifactType', artifact_type, 'historicalContext', ${context}, 'createdAt', created_at,
    'discoveredAt', discovered_at, 'discoveredBy', discovered_by,
    'presentLocation', present_location, 'imageAlt', image_alt)`;
}

/** A hash-shaped name for the n-th bench image (64 hex characters). */
function imageHash(n: number): string {
  return n.toString(16).padStart(64, "0");
}

/**
 * Inside the generator's transaction, after the artifacts, their first revisions and the likes.
 * `next` is its seeded random number generator; `keep` is an artifact left as it is (the one with
 * the deep history, which the history rows read).
 */
export function generateReviewRows(
  sqlite: Database.Database,
  next: () => number,
  sizes: { users: number; artifacts: number; now: number; keep: number },
): void {
  const size = REVIEW_BENCH_SIZE;
  const day = 24 * 3600 * 1000;
  const { now } = sizes;
  const pickArtifact = (): number => {
    for (;;) {
      const id = 1 + Math.floor(next() * sizes.artifacts);
      if (id !== sizes.keep) return id;
    }
  };

  // The artifacts no public read may show come after the public collection (ids above it), so
  // that it keeps its size and its ids: the load's reads of any id up to it answer 200.
  const insertRevision = sqlite.prepare(
    `insert into artifact_revisions (artifact_id, number, actor_id, at, summary, fields)
     select id, ?, owner_id, ?, ?, ${fieldsJson("historical_context || ?", "coalesce(?, artifact_image)")}
     from artifacts where id = ?`,
  );
  const copyAs = sqlite.prepare(
    `insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type,
       historical_context, created_at, discovered_at, discovered_by, present_location, username,
       added_at, edited_at, status, status_reason, status_note, deleted_at)
     select :id, owner_id, artifact_name || ' (' || :status || ')', artifact_image, artifact_type,
       historical_context, created_at, discovered_at, discovered_by, present_location, username,
       :at, :at, :status, :reason, :note, :deletedAt
     from artifacts where id = :from`,
  );
  let nextId = sizes.artifacts;
  const addNotPublic = (
    count: number,
    state: { status: string; reason: string | null; note: string | null; trashed: boolean },
  ): number[] => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      nextId += 1;
      const at = now - Math.floor(next() * 60 * day);
      copyAs.run({
        id: nextId,
        from: pickArtifact(),
        at,
        status: state.status,
        reason: state.reason,
        note: state.note,
        deletedAt: state.trashed ? now - Math.floor(next() * 29 * day) : null,
      });
      insertRevision.run(1, at, "Created", "", null, nextId);
      ids.push(nextId);
    }
    return ids;
  };
  const none = { reason: null, note: null, trashed: false };
  const pending = addNotPublic(size.pending, { ...none, status: "pending" });
  addNotPublic(size.rejected, { ...none, status: "rejected", reason: "Duplicate" });
  addNotPublic(size.hidden, { ...none, status: "hidden", reason: "Copyright", note: "Checked." });
  addNotPublic(size.trashed, { ...none, status: "published", trashed: true });

  // Revisions: edits spread over a few thousand artifacts, numbered after each one's first.
  const insertImage = sqlite.prepare(
    "insert into images (hash, width, height, placeholder, uploaded_at) values (?, 1600, 1200, ?, ?)",
  );
  const placeholder = "data:image/webp;base64,UklGRhIAAABXRUJQVlA4IAYAAAAwAQCdASoBAAEAAUAmJaQAA3AA";
  for (let n = 0; n < size.uploadedImages + size.orphanImages; n += 1) {
    insertImage.run(imageHash(n), placeholder, now - 2 * day - Math.floor(next() * 300 * day));
  }
  const edited = Array.from({ length: size.editedArtifacts }, pickArtifact);
  const numbers = new Map<number, number>();
  for (let edit = 0; edit < size.spreadEdits; edit += 1) {
    // Some artifacts are edited often, most once or twice.
    const artifactId = edited[Math.floor(next() ** 2 * edited.length)] as number;
    const number = (numbers.get(artifactId) ?? 1) + 1;
    numbers.set(artifactId, number);
    const showsUpload = edit % 10 === 0 && edit / 10 < size.uploadedImages;
    insertRevision.run(
      number,
      now - (size.spreadEdits - edit) * 30 * 60_000,
      showsUpload ? "Edited: artifact image" : "Edited: historical context",
      showsUpload ? "" : ` Revised ${number}.`,
      showsUpload ? `/images/${imageHash(edit / 10)}` : null,
      artifactId,
    );
  }

  // The queue: decided entries first (older), then the 1,000 open ones, oldest first.
  // A new artifact's entry is its owner's; a report is someone else's.
  const insertNew = sqlite.prepare(
    `insert into review_queue (kind, artifact_id, submitted_by, created_at, decided_at,
       decided_by, decision, decision_reason)
     select 'new', id, owner_id, ?, ?, ?, ?, ? from artifacts where id = ?`,
  );
  const insertReport = sqlite.prepare(
    `insert into review_queue (kind, artifact_id, submitted_by, created_at, report_reason,
       report_note)
     values ('report', ?, ?, ?, ?, 'See the museum''s catalogue.')`,
  );
  const insertEdit = sqlite.prepare(
    `insert into review_queue (kind, artifact_id, submitted_by, created_at, before, proposed)
     select 'edit', id, owner_id, ?, ${fieldsJson("historical_context")},
       ${fieldsJson("historical_context || ' A later edit.'")}
     from artifacts where id = ?`,
  );
  for (let i = 0; i < size.decidedEntries; i += 1) {
    const roll = next();
    const decision = roll < 0.85 ? "approve" : roll < 0.95 ? "reject" : "hide";
    const at = now - (40 + Math.floor(next() * 300)) * day;
    insertNew.run(
      at,
      at + Math.floor(next() * 3 * day),
      1 + Math.floor(next() * 20),
      decision,
      decision === "approve" ? null : "Duplicate",
      pickArtifact(),
    );
  }
  const open = size.openNew + size.openEdits + size.openReports;
  const kinds = [
    ...Array<string>(size.openNew).fill("new"),
    ...Array<string>(size.openEdits).fill("edit"),
    ...Array<string>(size.openReports).fill("report"),
  ];
  for (let i = kinds.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j] as string, kinds[i] as string];
  }
  let resubmitted = 0;
  kinds.forEach((kind, i) => {
    const createdAt = now - (open - i) * 20 * 60_000;
    if (kind === "edit") {
      // The first edits are the pending artifacts' resubmissions.
      const artifactId = resubmitted < pending.length ? pending[resubmitted++] : pickArtifact();
      insertEdit.run(createdAt, artifactId);
    } else if (kind === "report") {
      // A different account for each: one open report per person and artifact.
      const reason = REPORT_REASONS[i % REPORT_REASONS.length] as string;
      insertReport.run(pickArtifact(), 100 + i, createdAt, reason);
    } else {
      insertNew.run(createdAt, null, null, null, null, pickArtifact());
    }
  });
}
