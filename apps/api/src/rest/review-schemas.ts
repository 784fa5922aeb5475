import { z } from "zod";
import {
  artifact,
  ARTIFACT_FIELD_NAMES,
  QUEUE_ENTRY_KINDS,
  REPORT_REASONS,
  REVIEW_DECISIONS,
  reviewedArtifact,
} from "@artifact-atlas/shared";

/*
 * The answers of the review, report, hidden and trash paths (issues 17, 28, 29), as their routes
 * declare them. They
 * are the services' own answers, as tRPC sends them to the web app.
 */

/** The editable fields as stored with an edit. */
const fields = artifact.pick(
  Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, true])) as {
    [Name in (typeof ARTIFACT_FIELD_NAMES)[number]]: true;
  },
);

export const restReportCreated = z
  .object({
    entryId: z.number().int().describe("The report's entry in the review queue."),
    message: z.string(),
  })
  .meta({ id: "ReportCreated" });

export const restQueueEntry = z.object({
  id: z.number().int().describe("The entry's id: POST /review-queue/{entryId} decides it."),
  kind: z.enum(QUEUE_ENTRY_KINDS),
  createdAt: z.number().int().describe("When it entered the queue, in ms since the epoch."),
  artifact: reviewedArtifact,
  submittedByName: z.string().nullable(),
  before: fields.nullable().describe("An edit: the fields before it."),
  proposed: fields.nullable().describe("An edit: the fields as saved, or proposed when waiting."),
  waiting: z.boolean().describe("The edit waits for approval; the published text stays."),
  report: z
    .object({
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      fromNewAccount: z.boolean().describe("Counts for nothing towards the automatic hide."),
    })
    .nullable(),
  ownArtifact: z.boolean().describe("Your own artifact or entry: you cannot decide it."),
  revision: z.number().int().describe("The artifact's newest revision: send it with a decision."),
  version: z.number().int().describe("The entry's version: send it with a decision."),
  importId: z.number().int().nullable().describe("The import this row under review came from."),
  hiddenAutomatically: z.boolean().describe("Hidden by the server after spam reports."),
});

export const restQueuePage = z
  .object({
    items: z.array(restQueueEntry),
    nextCursor: z.number().int().nullable().describe("Pass as cursor for the next page."),
  })
  .meta({ id: "QueuePage" });

export const restDecision = z
  .object({
    entryId: z.number().int(),
    decision: z.enum(REVIEW_DECISIONS),
    decidedByName: z.string().nullable(),
    decidedAt: z.number().int(),
  })
  .meta({ id: "Decision" });

export const restReviewReasons = z
  .array(z.object({ id: z.number().int(), label: z.string() }))
  .meta({ id: "ReviewReasons" });

export const restTrashPage = z
  .object({
    items: z.array(
      z.object({
        artifact: reviewedArtifact,
        deletedAt: z.number().int(),
        purgeAt: z.number().int().describe("When the server deletes it for good."),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: "TrashPage" });

export const restTrashRestored = z.object({ id: z.number().int() }).meta({ id: "TrashRestored" });

export const restReportWithdrawn = z
  .object({ message: z.string() })
  .meta({ id: "ReportWithdrawn" });

export const restReviewGroups = z
  .object({
    imports: z.array(
      z.object({
        importId: z.number().int(),
        fileName: z.string(),
        importerName: z.string().nullable(),
        importedAt: z.number().int().describe("ms since the epoch."),
        waiting: z.number().int().describe("Entries waiting: send it back with the decision."),
        lastRevisionId: z.number().int().describe("Send it back with the decision."),
        ownImport: z.boolean().describe("Yours: another curator decides it."),
      }),
    ),
    newAccountReports: z
      .object({
        reports: z.number().int(),
        accounts: z.number().int(),
        artifacts: z.number().int(),
        firstAt: z.number().int(),
        lastAt: z.number().int(),
        upTo: z.number().int().describe("Send it to dismiss them: newer ones stay."),
      })
      .nullable(),
  })
  .meta({ id: "ReviewGroups" });

export const restImportDecision = z
  .object({
    importId: z.number().int(),
    decision: z.enum(["approve", "reject"]),
    decided: z.number().int().describe("How many entries the decision closed."),
  })
  .meta({ id: "ImportDecision" });

export const restDismissedNewAccountReports = z
  .object({
    dismissed: z.number().int(),
    remaining: z.number().int().describe("Open reports from new accounts up to upTo still left."),
  })
  .meta({ id: "DismissedNewAccountReports" });

export const restHiddenPage = z
  .object({
    items: z.array(
      z.object({
        artifact: reviewedArtifact,
        automatic: z.boolean().describe("Hidden by the server after spam reports."),
      }),
    ),
    nextCursor: z.number().int().nullable().describe("Pass as cursor for the next page."),
  })
  .meta({ id: "HiddenPage" });

export const restUnhidden = z.object({ id: z.number().int() }).meta({ id: "Unhidden" });
