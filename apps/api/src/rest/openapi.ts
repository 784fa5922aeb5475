import { z } from "zod";
import {
  artifactId,
  BRAND,
  decisionInput,
  hiddenQuery,
  importDecisionInput,
  newAccountReportsDismissal,
  reportInput,
  unhideInput,
  IMAGE_UPLOAD_FORMATS,
  IMAGE_UPLOAD_LIMITS,
  IMAGE_WIDTHS,
  REST_MAX_PAGE_SIZE,
  restArtifactBody,
  restArtifactsQuery,
  restDeleteArtifactBody,
  restEmailQuery,
  restJwtBody,
  restLikeBody,
  restLikedArtifactsQuery,
  reviewQueueQuery,
  trashQuery,
  restPageQuery,
  restRevisionCompareQuery,
  restUpdateArtifactBody,
  revisionNumberParam,
} from "@artifact-atlas/shared";
import { ADMIN_ANSWERS, ADMIN_REQUEST_BODIES, adminOpenApiPaths } from "./openapi-admin";
import { SESSION_SECURITY_SCHEMES, signedIn } from "./openapi-security";
import {
  restArtifact,
  restConfirmed,
  restDeleted,
  restError,
  restFailure,
  restInserted,
  restLikedArtifact,
  restLikeStatus,
  restOwnArtifact,
  restRestored,
  restRevision,
  restRevisionComparison,
  restRevisionSummary,
  restUpdated,
  restUploadedImage,
} from "./schemas";
import {
  restDecision,
  restDismissedNewAccountReports,
  restHiddenPage,
  restImportDecision,
  restQueuePage,
  restReportCreated,
  restReportWithdrawn,
  restReviewGroups,
  restTrashRestored,
  restReviewReasons,
  restTrashPage,
  restUnhidden,
} from "./review-schemas";
import { openDataPaths } from "./openapi-open-data";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as OpenAPI 3.1 describes schemas (JSON Schema 2020-12, zod 4's default target).
 * Requests are described as a client sends them ("input": before trimming and coercion), answers
 * as the server sends them ("output").
 */
export function toOpenApiSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

/** The request bodies, straight from the shared schemas that the routes parse with. */
export const REQUEST_BODIES = {
  ArtifactBody: restArtifactBody,
  UpdateArtifactBody: restUpdateArtifactBody,
  DeleteArtifactBody: restDeleteArtifactBody,
  LikeBody: restLikeBody,
  JwtBody: restJwtBody,
  ReportBody: reportInput.omit({ id: true }),
  DecisionBody: decisionInput.omit({ entryId: true }),
  ImportDecisionBody: importDecisionInput.omit({ importId: true }),
  DismissNewAccountReportsBody: newAccountReportsDismissal,
  UnhideBody: unhideInput.omit({ id: true }),
  ...ADMIN_REQUEST_BODIES,
} satisfies Record<string, z.ZodType>;

const ANSWERS = {
  Artifact: restArtifact,
  OwnArtifact: restOwnArtifact,
  LikedArtifact: restLikedArtifact,
  LikeStatus: restLikeStatus,
  Inserted: restInserted,
  Updated: restUpdated,
  Deleted: restDeleted,
  Confirmed: restConfirmed,
  RevisionSummary: restRevisionSummary,
  Revision: restRevision,
  RevisionComparison: restRevisionComparison,
  Restored: restRestored,
  Error: restError,
  Failure: restFailure,
  ReportCreated: restReportCreated,
  ReportWithdrawn: restReportWithdrawn,
  QueuePage: restQueuePage,
  ReviewGroups: restReviewGroups,
  Decision: restDecision,
  ImportDecision: restImportDecision,
  DismissedNewAccountReports: restDismissedNewAccountReports,
  HiddenPage: restHiddenPage,
  Unhidden: restUnhidden,
  ReviewReasons: restReviewReasons,
  TrashPage: restTrashPage,
  TrashRestored: restTrashRestored,
  UploadedImage: restUploadedImage,
  ...ADMIN_ANSWERS,
} satisfies Record<string, z.ZodType>;

type SchemaName = keyof typeof REQUEST_BODIES | keyof typeof ANSWERS;

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ content: { "application/json": { schema } } });
const arrayOf = (name: SchemaName) => ({ type: "array", items: ref(name) });

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input; the message names each field.",
  401: "Not signed in.",
  403: "An email in the request is not the signed-in user's, or the artifact is someone else's.",
  404: "No artifact with this id (unknown or malformed).",
  409: "Already decided (the message names by whom), already reported, or not hidden; or the artifact was changed since baseRevision, or the entry or import since the revision and version you decided on: nothing was written. Read it again and send what you now saw.",
  413: "The body is larger than 64 KiB.",
  429: "Too many writes from this user (or reports from this user or address); Retry-After says how many seconds to wait.",
};

/** POST /images answers these besides the usual ones. */
const UPLOAD_FAILURES = {
  "413": {
    description: `The file is over ${IMAGE_UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB, or the image over ${IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels.`,
    ...json(ref("Error")),
  },
  "415": {
    description: `Not an image in one of the accepted formats (${IMAGE_UPLOAD_FORMATS.join(", ")}), judged by its bytes.`,
    ...json(ref("Error")),
  },
  "503": {
    description:
      "Too many uploads are being received or processed; Retry-After says how many seconds to wait.",
    ...json(ref("Error")),
  },
};

const imageHashParameter = {
  name: "hash",
  in: "path",
  required: true,
  description: "The image's SHA-256 in hex, from the url that POST /images answered.",
  schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
};

const IMAGE_FILE = {
  description:
    "The image file, cached for a year (Cache-Control: public, max-age=31536000, immutable).",
  content: {
    "image/webp": { schema: { type: "string", contentMediaType: "image/webp" } },
    "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } },
  },
};

function failures(codes: number[], shape: "Error" | "Failure" = "Error") {
  return Object.fromEntries(
    codes.map((code) => [String(code), { description: STATUS_TEXT[code], ...json(ref(shape)) }]),
  );
}

function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...fieldSchema } = toOpenApiSchema(field as z.ZodType, "input");
    return {
      name,
      in: "query",
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(description === undefined ? {} : { description }),
      schema: fieldSchema,
    };
  });
}

const idParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The artifact's _id. Anything that is not a positive integer is answered 404.",
  schema: toOpenApiSchema(artifactId, "input"),
};

const revisionParameter = {
  name: "number",
  in: "path",
  required: true,
  description:
    "A revision number (1 is the artifact as it was created). Anything else is answered 404.",
  schema: toOpenApiSchema(revisionNumberParam, "input"),
};

const body = (name: keyof typeof REQUEST_BODIES, required = true) => ({
  requestBody: { required, ...json(ref(name)) },
});

const pageHeaders = {
  "X-Total-Count": {
    description: "How many items the list holds, over all pages.",
    schema: { type: "integer", minimum: 0 },
  },
  Link: {
    description: 'RFC 8288 links: rel="first", "prev", "next", "last".',
    schema: { type: "string" },
  },
};

/** The OpenAPI 3.1 description of the REST paths, served at GET /openapi.json. */
export function buildOpenApiDocument() {
  const schemas = Object.fromEntries([
    ...Object.entries(REQUEST_BODIES).map(([name, schema]) => [
      name,
      toOpenApiSchema(schema, "input"),
    ]),
    ...Object.entries(ANSWERS).map(([name, schema]) => [name, toOpenApiSchema(schema, "output")]),
  ]);

  return {
    openapi: "3.1.0",
    info: {
      title: `${BRAND} REST API`,
      version: "1.0.0",
      description:
        "The calls of the original single-page client, for scripts and other front ends. Identity is the session cookie set by POST /trpc/auth.login; an email in a request is accepted only when it is the signed-in user's own. Writes from browsers must come from an allowed origin. Every error is JSON: { error } (and success: false on PUT and DELETE /artifacts/{id}).",
    },
    components: {
      schemas,
      securitySchemes: SESSION_SECURITY_SCHEMES,
    },
    paths: {
      ...openDataPaths(queryParameters),
      "/artifacts": {
        get: {
          operationId: "listArtifacts",
          summary: "The collection, most liked first; or with email, your own artifacts",
          description: `Without email: artifacts most liked first (ties by id). With email (signed in, your own): your own artifacts, newest first, each with userEmail; email cannot be combined with type. Either way at most ${REST_MAX_PAGE_SIZE} per answer; limit and pageSize choose fewer, page moves on. The total is in X-Total-Count and the neighbouring pages in Link.`,
          security: [{}, ...signedIn],
          parameters: queryParameters(restArtifactsQuery),
          responses: {
            "200": {
              description: "A JSON array of artifacts.",
              headers: pageHeaders,
              ...json({ anyOf: [arrayOf("Artifact"), arrayOf("OwnArtifact")] }),
            },
            ...failures([400, 401, 403]),
          },
        },
        post: {
          operationId: "createArtifact",
          summary: "Add an artifact",
          description:
            "Owner, contributor name, id and like count come from the session and the server; any sent are ignored.",
          security: signedIn,
          ...body("ArtifactBody"),
          responses: {
            "201": { description: "Added.", ...json(ref("Inserted")) },
            ...failures([400, 401, 403, 413, 429]),
          },
        },
      },
      "/artifacts/{id}": {
        parameters: [idParameter],
        get: {
          operationId: "getArtifact",
          summary: "One artifact",
          description:
            "A browser navigation (Accept includes text/html) gets the web app's page instead, when the web app is built; any other Accept gets JSON.",
          responses: {
            "200": {
              description: "The artifact, or the web app's page for a navigation.",
              content: {
                "application/json": { schema: ref("Artifact") },
                "text/html": { schema: { type: "string" } },
              },
            },
            ...failures([404]),
          },
        },
        put: {
          operationId: "updateArtifact",
          summary: "Update your own artifact",
          description:
            "Send baseRevision, the revision your edit started from, and a save over someone else's newer change is refused with 409 instead of overwriting it. Without baseRevision the save overwrites whatever is there.",
          security: signedIn,
          ...body("UpdateArtifactBody"),
          responses: {
            "200": { description: "Updated.", ...json(ref("Updated")) },
            ...failures([400, 401, 403, 404, 409, 413, 429], "Failure"),
          },
        },
        delete: {
          operationId: "deleteArtifact",
          summary: "Delete your own artifact (its likes go with it)",
          security: signedIn,
          ...body("DeleteArtifactBody", false),
          responses: {
            "200": { description: "Deleted.", ...json(ref("Deleted")) },
            ...failures([400, 401, 403, 404, 413, 429], "Failure"),
          },
        },
      },
      "/artifacts/{id}/revisions": {
        parameters: [idParameter],
        get: {
          operationId: "listRevisions",
          summary: "The artifact's history, newest first",
          description: `Every create, edit, restore and decision, newest first: its number, time, summary and author. Whoever may see the artifact may read its history. At most ${REST_MAX_PAGE_SIZE} per answer; pageSize chooses fewer, page moves on. The total (the newest revision's number) is in X-Total-Count and the neighbouring pages in Link. The first item's number is the baseRevision for PUT /artifacts/{id}.`,
          security: signedIn,
          parameters: queryParameters(restPageQuery),
          responses: {
            "200": {
              description: "Revisions.",
              headers: pageHeaders,
              ...json(arrayOf("RevisionSummary")),
            },
            ...failures([400, 401, 404]),
          },
        },
      },
      "/artifacts/{id}/revisions/compare": {
        parameters: [idParameter, ...queryParameters(restRevisionCompareQuery)],
        get: {
          operationId: "compareRevisions",
          summary: "What changed from one revision to another, field by field",
          security: signedIn,
          responses: {
            "200": {
              description: "Both revisions and the changes.",
              ...json(ref("RevisionComparison")),
            },
            ...failures([400, 401, 404]),
          },
        },
      },
      "/artifacts/{id}/revisions/{number}": {
        parameters: [idParameter, revisionParameter],
        get: {
          operationId: "getRevision",
          summary: "One revision: the artifact's fields as they then were",
          security: signedIn,
          responses: {
            "200": { description: "The revision.", ...json(ref("Revision")) },
            ...failures([401, 404]),
          },
        },
      },
      "/artifacts/{id}/revisions/{number}/restore": {
        parameters: [idParameter, revisionParameter],
        post: {
          operationId: "restoreRevision",
          summary: "Put this version back, as a new revision",
          description:
            "The artifact's owner, curators and admins only. The artifact takes the revision's fields; a new revision (\"Restored version N\") records it and the audit log names who did it. A member's restore goes through review like an edit: queued, and in REVIEW_MODE=pre, for a published artifact, it waits for a curator (`waiting`: true) and changes nothing yet. No body.",
          security: signedIn,
          responses: {
            "200": { description: "Restored.", ...json(ref("Restored")) },
            ...failures([401, 403, 404, 429], "Failure"),
          },
        },
      },
      "/liked-artifacts": {
        post: {
          operationId: "likeArtifact",
          summary: "Like an artifact (idempotent: a second like answers 200 with the same state)",
          security: signedIn,
          ...body("LikeBody"),
          responses: {
            "200": { description: "Liked.", ...json(ref("LikeStatus")) },
            ...failures([400, 401, 403, 404, 413, 429]),
          },
        },
      },
      "/liked-artifacts/{id}": {
        parameters: [idParameter, ...queryParameters(restEmailQuery)],
        get: {
          operationId: "likeStatus",
          summary: "Whether you like the artifact",
          security: signedIn,
          responses: {
            "200": { description: "The like state.", ...json(ref("LikeStatus")) },
            ...failures([400, 401, 403, 404]),
          },
        },
        delete: {
          operationId: "unlikeArtifact",
          summary: "Unlike an artifact (idempotent)",
          security: signedIn,
          responses: {
            "200": { description: "Not liked.", ...json(ref("LikeStatus")) },
            ...failures([400, 401, 403, 404, 429]),
          },
        },
      },
      "/liked-artifact": {
        get: {
          operationId: "likedArtifacts",
          summary: "Your liked artifacts, most recently liked first",
          description: `At most ${REST_MAX_PAGE_SIZE} per answer; pageSize chooses fewer, page moves on. The total is in X-Total-Count and the neighbouring pages in Link.`,
          security: signedIn,
          parameters: queryParameters(restLikedArtifactsQuery),
          responses: {
            "200": {
              description: "Liked artifacts.",
              headers: pageHeaders,
              ...json(arrayOf("LikedArtifact")),
            },
            ...failures([400, 401, 403]),
          },
        },
      },
      ...reviewPaths(),
      "/images": {
        post: {
          operationId: "uploadImage",
          summary: "Upload an image for an artifact",
          description: `One file in the form field "file" (multipart/form-data), at most ${IMAGE_UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB and ${IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels, in ${IMAGE_UPLOAD_FORMATS.join(", ")} (GIF: its first frame). The server turns it upright from its EXIF orientation, removes every metadata block (GPS included) and keeps WebP and JPEG derivatives about ${IMAGE_WIDTHS.join(", ")} pixels wide; the original is not kept. Put the answered url in artifactImage; an image that no artifact refers to is removed an hour after its upload. Counts as a write for the rate limit.`,
          security: signedIn,
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: {
                    file: { type: "string", contentMediaType: "application/octet-stream" },
                  },
                },
              },
            },
          },
          responses: {
            "201": { description: "Stored.", ...json(ref("UploadedImage")) },
            ...failures([400, 401, 403, 429]),
            ...UPLOAD_FAILURES,
          },
        },
      },
      "/images/{hash}": {
        parameters: [imageHashParameter],
        get: {
          operationId: "getImage",
          summary: "An uploaded image: its largest JPEG",
          responses: {
            "200": IMAGE_FILE,
            "404": { description: "No such image.", ...json(ref("Error")) },
          },
        },
      },
      "/images/{hash}/{file}": {
        parameters: [
          imageHashParameter,
          {
            name: "file",
            in: "path",
            required: true,
            description:
              "<width>.webp or <width>.jpg: the standard widths below the image's width, and its width.",
            schema: { type: "string", pattern: "^[1-9][0-9]{0,3}\\.(webp|jpg)$" },
          },
        ],
        get: {
          operationId: "getImageDerivative",
          summary: "One derivative of an uploaded image",
          responses: {
            "200": IMAGE_FILE,
            "404": { description: "No such image or width.", ...json(ref("Error")) },
          },
        },
      },
      "/jwt": {
        post: {
          operationId: "confirmSession",
          summary: "Confirm that the session is this email's; issues no token",
          security: signedIn,
          ...body("JwtBody"),
          responses: {
            "200": { description: "The session is this email's.", ...json(ref("Confirmed")) },
            ...failures([400, 401, 403, 413]),
          },
        },
      },
      "/account/data": {
        get: {
          operationId: "downloadMyData",
          summary:
            "Download my data: the signed-in account, its artifacts with their history, its likes and its reports",
          description:
            "One JSON file, sent as an attachment: { exportedAt, account, artifacts, history, likes, reports }. Only the signed-in person's own data; never a password hash, a token or anyone else's rows: a revision someone else saved of your artifact says byYou: false and names no one, and a report says how it was decided but not by whom.",
          security: signedIn,
          responses: {
            "200": {
              description: "The file.",
              headers: {
                "Content-Disposition": {
                  description: 'attachment; filename="artifact-atlas-my-data.json"',
                  schema: { type: "string" },
                },
              },
              content: { "application/json": { schema: { type: "object" } } },
            },
            ...failures([401]),
          },
        },
      },
      ...adminOpenApiPaths({ toSchema: toOpenApiSchema, queryParameters }),
    },
  };
}

/** Reports, the review queue and the trash (issue 17; docs/community-editing.md). */
function reviewPaths() {
  const curators = "Curators and admins only (403 for members).";
  const entryParameter = {
    name: "entryId",
    in: "path",
    required: true,
    description: "The entry's id, from GET /review-queue.",
    schema: { type: "integer", minimum: 1 },
  };
  return {
    "/artifacts/{id}/reports": {
      parameters: [idParameter],
      post: {
        operationId: "reportArtifact",
        summary: "Report a public artifact; one open report per person and artifact",
        description:
          "The report waits in the review queue. Spam reports from three established accounts (older than three days, with something a curator approved) hide the artifact until a curator decides; the hide is undone when those reports are dismissed or withdrawn. Ten reports an hour per account and thirty per address (429).",
        security: signedIn,
        ...body("ReportBody"),
        responses: {
          "201": { description: "Reported.", ...json(ref("ReportCreated")) },
          ...failures([400, 401, 404, 409, 413, 429]),
        },
      },
      delete: {
        operationId: "withdrawReport",
        summary: "Withdraw your open report about an artifact",
        description: "404 when you have none open. No body.",
        security: signedIn,
        responses: {
          "200": { description: "Withdrawn.", ...json(ref("ReportWithdrawn")) },
          ...failures([401, 404, 429]),
        },
      },
    },
    "/artifacts/{id}/unhide": {
      parameters: [idParameter],
      post: {
        operationId: "unhideArtifact",
        summary: "Publish a hidden artifact again, with a reason from GET /review-reasons",
        description: `${curators} Also settles the open spam reports about it. Not your own artifact (403); 409 when it is not hidden.`,
        security: signedIn,
        ...body("UnhideBody"),
        responses: {
          "200": { description: "Unhidden.", ...json(ref("Unhidden")) },
          ...failures([400, 401, 403, 404, 409, 413, 429]),
        },
      },
    },
    "/hidden-artifacts": {
      get: {
        operationId: "hiddenArtifacts",
        summary: "Hidden artifacts, newest first, with the reason",
        description: `${curators} automatic: hidden by the server after spam reports. Pass nextCursor as cursor for the next page.`,
        security: signedIn,
        parameters: queryParameters(hiddenQuery.unwrap()),
        responses: {
          "200": { description: "A page of hidden artifacts.", ...json(ref("HiddenPage")) },
          ...failures([400, 401, 403]),
        },
      },
    },
    "/review-queue": {
      get: {
        operationId: "reviewQueue",
        summary: "The entries waiting for a decision, oldest first",
        description: `${curators} The queue itself, one import's rows (importId), or the reports from new accounts (group=new-accounts). Pass nextCursor as cursor for the next page.`,
        security: signedIn,
        parameters: queryParameters(reviewQueueQuery.unwrap()),
        responses: {
          "200": { description: "A page of the queue.", ...json(ref("QueuePage")) },
          ...failures([400, 401, 403]),
        },
      },
    },
    "/review-queue/groups": {
      get: {
        operationId: "reviewGroups",
        summary: "The imports with rows waiting, and the reports from new accounts as one group",
        description: `${curators} Each is decided at once: POST /review-queue/imports/{importId}, POST /review-queue/new-account-reports/dismiss.`,
        security: signedIn,
        responses: {
          "200": { description: "The groups.", ...json(ref("ReviewGroups")) },
          ...failures([401, 403]),
        },
      },
    },
    "/review-queue/{entryId}": {
      parameters: [entryParameter],
      post: {
        operationId: "decideEntry",
        summary:
          "Decide an entry: approve, reject, hide, unhide (new artifacts, edits), uphold, dismiss (reports)",
        description: `${curators} Send the entry's revision and version as you read them: when it changed since, 409 and nothing is decided. reject, hide and unhide need a reason from GET /review-reasons (any letter case). Rejecting an edit undoes it as a new revision (409 when later edits changed the same fields). An entry is decided once: a second decision answers 409 naming who decided. Nobody decides about their own artifact or entry (403).`,
        security: signedIn,
        ...body("DecisionBody"),
        responses: {
          "200": { description: "Decided.", ...json(ref("Decision")) },
          ...failures([400, 401, 403, 404, 409, 413, 429]),
        },
      },
    },
    "/review-queue/imports/{importId}": {
      parameters: [
        {
          name: "importId",
          in: "path",
          required: true,
          description: "The import's id, from GET /review-queue/groups.",
          schema: { type: "integer", minimum: 1 },
        },
      ],
      post: {
        operationId: "decideImport",
        summary: "Approve or reject every row of an import still waiting, at once",
        description: `${curators} Send waiting and lastRevisionId as read from GET /review-queue/groups: when a row was decided, edited or removed since, 409. reject needs a reason. One notification to the importer, one audit line. Not your own import (403).`,
        security: signedIn,
        ...body("ImportDecisionBody"),
        responses: {
          "200": { description: "Decided.", ...json(ref("ImportDecision")) },
          ...failures([400, 401, 403, 404, 409, 413, 429]),
        },
      },
    },
    "/review-queue/new-account-reports/dismiss": {
      post: {
        operationId: "dismissNewAccountReports",
        summary: "Dismiss the open reports from new accounts, up to the newest you were shown",
        description: `${curators} At most 1,000 at a time (remaining says how many are left); none about your own artifacts. One audit line.`,
        security: signedIn,
        ...body("DismissNewAccountReportsBody"),
        responses: {
          "200": { description: "Dismissed.", ...json(ref("DismissedNewAccountReports")) },
          ...failures([400, 401, 403, 413, 429]),
        },
      },
    },
    "/review-reasons": {
      get: {
        operationId: "reviewReasons",
        summary: "The reasons a decision may give",
        description: curators,
        security: signedIn,
        responses: {
          "200": { description: "The list.", ...json(ref("ReviewReasons")) },
          ...failures([401, 403]),
        },
      },
    },
    "/trash": {
      get: {
        operationId: "trash",
        summary: "Deleted artifacts, most recently deleted first; purged after 30 days",
        description: curators,
        security: signedIn,
        parameters: queryParameters(trashQuery.unwrap()),
        responses: {
          "200": { description: "A page of the trash.", ...json(ref("TrashPage")) },
          ...failures([400, 401, 403]),
        },
      },
    },
    "/trash/{id}/restore": {
      parameters: [idParameter],
      post: {
        operationId: "restoreArtifact",
        summary: "Restore an artifact from the trash, with its id, likes and history",
        description: curators,
        security: signedIn,
        responses: {
          "200": { description: "Restored.", ...json(ref("TrashRestored")) },
          ...failures([401, 403, 404, 429]),
        },
      },
    },
  };
}
