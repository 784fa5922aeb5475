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
 * The answers of the review, report and trash paths (issue 17), as their routes declare them. They
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
  report: z.object({ reason: z.enum(REPORT_REASONS), note: z.string().nullable() }).nullable(),
  ownArtifact: z.boolean().describe("Your own artifact: you cannot decide this entry."),
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
