import { Readable } from "node:stream";
import { z } from "zod";
import {
  COLLECTION_MESSAGES,
  decisionInput,
  importDecisionInput,
  markNotificationsReadInput,
  MESSAGES,
  reportInput,
  restArtifactBody,
  restDeleteArtifactBody,
  restJwtBody,
  restLikeBody,
  restSetRoleBody,
  restSuspendBody,
  restUpdateArtifactBody,
  newAccountReportsDismissal,
  unhideInput,
} from "@artifact-atlas/shared";
import { restError, restFailure } from "./schemas";

/*
 * What the REST routes' declarations share: their path parameters, their request bodies under the
 * names /openapi.json gives them, and the shapes of an answer and of the usual failures.
 */

/**
 * A number in a path that names something: anything but a whole number from 1 to `max` names
 * nothing and is answered 404 with `notFound`, as an unknown one (decision 004).
 */
export function pathNumber(notFound: string, description: string, max = Number.MAX_SAFE_INTEGER) {
  return z.coerce
    .number({ error: notFound })
    .int(notFound)
    .min(1, notFound)
    .max(max, notFound)
    .describe(description);
}

const artifactId = pathNumber(
  MESSAGES.artifactNotFound,
  "The artifact's _id. Anything that is not a positive integer is answered 404.",
);

export const artifactParams = z.object({ id: artifactId });

export const revisionParams = z.object({
  id: artifactId,
  number: pathNumber(
    MESSAGES.revisionNotFound,
    "A revision number (1 is the artifact as it was created). Anything else is answered 404.",
  ),
});

export const collectionParams = z.object({
  id: pathNumber(COLLECTION_MESSAGES.notFound, "The collection's id."),
});

export const accountParams = z.object({
  id: pathNumber(MESSAGES.accountNotFound, "The account's id."),
});

export const entryParams = z.object({
  entryId: pathNumber(
    "No such entry in the review queue.",
    "The entry's id, from GET /review-queue.",
  ),
});

export const importParams = z.object({
  importId: pathNumber(
    MESSAGES.importNotWaiting,
    "The import's id, from GET /review-queue/groups.",
  ),
});

/** The request bodies, each a component of /openapi.json under its id. */
export const bodies = {
  artifact: restArtifactBody.meta({ id: "ArtifactBody" }),
  updateArtifact: restUpdateArtifactBody.meta({ id: "UpdateArtifactBody" }),
  deleteArtifact: restDeleteArtifactBody.meta({ id: "DeleteArtifactBody" }),
  like: restLikeBody.meta({ id: "LikeBody" }),
  jwt: restJwtBody.meta({ id: "JwtBody" }),
  report: reportInput.omit({ id: true }).meta({ id: "ReportBody" }),
  decision: decisionInput.omit({ entryId: true }).meta({ id: "DecisionBody" }),
  importDecision: importDecisionInput.omit({ importId: true }).meta({ id: "ImportDecisionBody" }),
  dismissNewAccountReports: newAccountReportsDismissal.meta({
    id: "DismissNewAccountReportsBody",
  }),
  unhide: unhideInput.omit({ id: true }).meta({ id: "UnhideBody" }),
  suspend: restSuspendBody.meta({ id: "SuspendBody" }),
  setRole: restSetRoleBody.meta({ id: "SetRoleBody" }),
  markRead: markNotificationsReadInput.unwrap().meta({ id: "MarkReadBody" }),
};

/** A response header, as /openapi.json describes it. */
interface HeaderDoc {
  description: string;
  type: string;
  minimum?: number;
}

/** A JSON answer for a route's `response`: what it means, and its shape. */
export function json<S extends z.ZodType>(
  description: string,
  schema: S,
  headers?: Record<string, HeaderDoc>,
) {
  return {
    description,
    content: { "application/json": { schema } },
    ...(headers === undefined ? {} : { headers }),
  };
}

/** An answer the handler streams (a file): documented as what the stream holds. */
export function streamed(documented: Record<string, unknown>) {
  return z.instanceof(Readable).meta(documented);
}

/** What the failures of most paths mean; a path with other reasons says its own. */
const FAILURE_TEXT = {
  400: "Invalid input; the message names each field.",
  401: "Not signed in.",
  403: "An email in the request is not the signed-in user's, or the artifact is someone else's.",
  404: "No artifact with this id (unknown or malformed).",
  409: "Already decided (the message names by whom), already reported, or not hidden; or the artifact was changed since baseRevision, or the entry or import since the revision and version you decided on: nothing was written. Read it again and send what you now saw.",
  413: "The body is larger than 64 KiB.",
  415: "Not in a format this path accepts.",
  429: "Too many writes from this user (or reports from this user or address); Retry-After says how many seconds to wait.",
  503: "Too busy right now; Retry-After says how many seconds to wait.",
};

type FailureCode = keyof typeof FAILURE_TEXT;

/**
 * The failures a path may answer, each { error } (or { success: false, error } on the paths with
 * successFlag), with the usual meanings unless `reasons` gives the path's own.
 */
export function failures<Code extends FailureCode, Shape extends z.ZodType = typeof restError>(
  codes: readonly Code[],
  options: { shape?: Shape; reasons?: Partial<Record<Code, string>> } = {},
) {
  const shape = options.shape ?? restError;
  return Object.fromEntries(
    codes.map((code) => [code, json(options.reasons?.[code] ?? FAILURE_TEXT[code], shape)]),
  ) as Record<Code, ReturnType<typeof json<Shape>>>;
}

/** The paths with successFlag fail as { success: false, error }. */
export const FLAGGED = { shape: restFailure };

/** X-Total-Count and Link, of a list answered a page at a time (http.ts pageHeaders). */
export const PAGE_HEADERS = {
  "X-Total-Count": {
    description: "How many items the list holds, over all pages.",
    type: "integer",
    minimum: 0,
  },
  Link: { description: 'RFC 8288 links: rel="first", "prev", "next", "last".', type: "string" },
};

/** Link rel="next" of a keyset page (admin.ts nextPageLink). */
export const NEXT_PAGE_HEADER = {
  Link: {
    description:
      'RFC 8288 rel="next": the next page (the same query with cursor), when there is one.',
    type: "string",
  },
};
