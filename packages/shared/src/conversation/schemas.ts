import { z } from "zod";
import { MESSAGES } from "../messages";
import { reportInput, unhideInput } from "../review";
import {
  artifact,
  artifactId,
  artifactInputShape,
  ARTIFACT_FIELD_LABELS,
} from "../schemas/artifact";
import {
  isWellFormedText,
  pageCursor,
  pageLimit,
  requiredText,
  revisionNumber,
} from "../schemas/fields";
import {
  COMMENT_MAX_LENGTH,
  COMMENT_STATUSES,
  COMMENTS_PAGE_SIZE,
  DECLINE_REASON_MAX_LENGTH,
  FOLLOW_TARGET_KINDS,
  FOLLOWING_FEED_PAGE_SIZE,
  FOLLOWS_PAGE_SIZE,
  REPLIES_PAGE_SIZE,
  SUGGESTABLE_FIELDS,
  SUGGESTION_DECISIONS,
  SUGGESTION_SOURCE_MAX_LENGTH,
  SUGGESTION_STATUSES,
} from "./constants";
import { CONVERSATION_MESSAGES } from "./messages";

/*
 * Conversation's inputs and answers (issue 33), one schema each for the web app's forms, tRPC and
 * the REST routes' declarations.
 */

/** A comment's id (a suggestion's is its comment's): a positive whole number, else not found. */
export const commentId = artifactId;

/** A comment's text: Markdown without images or HTML (docs/conversation.md). */
export const commentBody = requiredText("Comment", COMMENT_MAX_LENGTH).describe(
  `Markdown: emphasis, links, code, quotes and lists; no images, no HTML. At most ${COMMENT_MAX_LENGTH} characters.`,
);

/** comments.list / GET /artifacts/{id}/comments: threads oldest first. */
export const discussionQuery = z.object({
  id: artifactId,
  cursor: pageCursor,
  limit: pageLimit(COMMENTS_PAGE_SIZE),
});
export type DiscussionQuery = z.input<typeof discussionQuery>;

/** The paging of a list that has no other input (the query string of a REST list). */
export const discussionPaging = discussionQuery.omit({ id: true });

/** comments.replies / GET /comments/{id}/replies: a thread's replies after the ones shown. */
export const repliesQuery = z.object({
  id: commentId,
  cursor: pageCursor,
  limit: pageLimit(REPLIES_PAGE_SIZE),
});
export const repliesPaging = repliesQuery.omit({ id: true });

export const commentInput = z.object({
  artifactId,
  body: commentBody,
  parentId: commentId
    .optional()
    .describe("The top-level comment this replies to; none for a new thread."),
});
export type CommentInput = z.output<typeof commentInput>;

export const commentEditInput = z.object({ id: commentId, body: commentBody });
export const commentIdInput = z.object({ id: commentId });

/** Reports of a comment take the artifact reports' reasons and note. */
export const commentReportInput = reportInput;

/** A curator hides (or shows again) a comment with a reason from the review reasons' list. */
export const commentModerationInput = unhideInput;

/** The value of one field, checked by that field's own rule of the artifact form. */
function fieldValueIssue(field: (typeof SUGGESTABLE_FIELDS)[number], value: unknown) {
  const result = artifactInputShape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid value.");
}

const suggestionShape = z.object({
  field: z
    .enum(SUGGESTABLE_FIELDS, { error: "Please choose the field to change." })
    .describe("The field the suggestion changes."),
  value: z.string({ error: "Please enter the new value." }).describe("The field's new value."),
  reason: requiredText("Reason", COMMENT_MAX_LENGTH).describe(
    "Why: Markdown, shown in the discussion as the suggestion's comment.",
  ),
  source: requiredText("Source", SUGGESTION_SOURCE_MAX_LENGTH).describe(
    "Where this comes from: a reference or a URL.",
  ),
  baseRevision: revisionNumber.describe(
    "The artifact's revision the suggestion was made on: it is accepted only while the field is as it was then.",
  ),
});

/** The value checked, and stored, as the artifact form's rule for its field has it. */
function withValueRule<Shape extends typeof suggestionShape>(schema: Shape) {
  return schema
    .superRefine((input, context) => {
      const issue = fieldValueIssue(input.field, input.value);
      if (issue) context.addIssue({ code: "custom", path: ["value"], message: issue });
    })
    .transform((input) => ({
      ...input,
      value: (artifactInputShape[input.field].parse(input.value) ?? "") as string,
    }));
}

/** POST /artifacts/{id}/suggestions. */
export const suggestionBody = withValueRule(suggestionShape);
export const suggestionInput = withValueRule(suggestionShape.extend({ artifactId }));
export type SuggestionInput = z.output<typeof suggestionInput>;

const decisionShape = z.object({
  decision: z.enum(SUGGESTION_DECISIONS, { error: "Please choose accept or decline." }),
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX_LENGTH, MESSAGES.fieldTooLong("Reason", DECLINE_REASON_MAX_LENGTH))
    .refine(isWellFormedText, MESSAGES.brokenCharacter("Reason"))
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe("Why it is declined (required to decline)."),
  revision: revisionNumber.describe(
    "The discussion's `revision` as read: refused (409) when the artifact changed since.",
  ),
});

function withDeclineReason<Shape extends typeof decisionShape>(schema: Shape) {
  return schema.refine((input) => input.decision !== "decline" || input.reason !== undefined, {
    path: ["reason"],
    message: CONVERSATION_MESSAGES.declineReasonRequired,
  });
}

/** POST /suggestions/{id}. */
export const suggestionDecisionBody = withDeclineReason(decisionShape);
export const suggestionDecisionInput = withDeclineReason(decisionShape.extend({ id: commentId }));
export type SuggestionDecisionInput = z.output<typeof suggestionDecisionInput>;

export const followTarget = z.object({
  kind: z.enum(FOLLOW_TARGET_KINDS, { error: "kind must be artifact, member or collection." }),
  id: artifactId.describe("The artifact's, the member's or the collection's id."),
});
export type FollowTarget = z.output<typeof followTarget>;

/** What a follow tells: the bell, a daily email, or both; at least one. */
export const followChannels = z
  .object({
    bell: z.boolean().describe("Tell me in the bell."),
    email: z.boolean().describe("Tell me in a daily email digest (when mail is on)."),
  })
  .refine((channels) => channels.bell || channels.email, {
    message: CONVERSATION_MESSAGES.followNeedsChannel,
    path: ["bell"],
  });

export const followInput = z.object({
  target: followTarget,
  channels: followChannels,
});
export type FollowInput = z.output<typeof followInput>;

export const followsQuery = z
  .object({ cursor: pageCursor, limit: pageLimit(FOLLOWS_PAGE_SIZE) })
  .prefault({});
export const followingFeedQuery = z
  .object({ cursor: pageCursor, limit: pageLimit(FOLLOWING_FEED_PAGE_SIZE) })
  .prefault({});

export const unsubscribeInput = z.object({
  token: z
    .string({ error: CONVERSATION_MESSAGES.unsubscribeInvalid })
    .max(200, CONVERSATION_MESSAGES.unsubscribeInvalid)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, CONVERSATION_MESSAGES.unsubscribeInvalid)
    .describe("The token of the digest mail's unsubscribe link (after #)."),
});

/* Answers. */

export const discussionSuggestion = z.object({
  field: z.enum(SUGGESTABLE_FIELDS),
  fieldLabel: z.string().describe("The field as the artifact form labels it."),
  before: z.string().describe("The field's value on the revision the suggestion was made on."),
  value: z.string().describe("The value suggested."),
  source: z.string(),
  baseRevision: z.number().int(),
  status: z.enum(SUGGESTION_STATUSES),
  ownerAccepted: z
    .boolean()
    .describe("Accepted by the owner, waiting for a curator's approval (REVIEW_MODE=pre)."),
  declineReason: z.string().nullable(),
  decidedAt: z.number().int().nullable().describe("ms since the epoch."),
  agreements: z.number().int().min(0).describe("How many members agree."),
  agreed: z.boolean().describe("You agree."),
});
export type DiscussionSuggestion = z.output<typeof discussionSuggestion>;

export const discussionComment = z.object({
  id: z.number().int(),
  artifactId: z.number().int(),
  parentId: z.number().int().nullable(),
  authorId: z.number().int().nullable().describe("Null for a deleted comment."),
  authorName: z.string().nullable(),
  status: z.enum(COMMENT_STATUSES),
  html: z
    .string()
    .nullable()
    .describe(
      "The comment rendered and sanitised; null when hidden (but to its author and curators) or deleted.",
    ),
  body: z.string().nullable().describe("The Markdown it was written in; null with html."),
  createdAt: z.number().int().describe("ms since the epoch."),
  editedAt: z.number().int().nullable().describe("When it was last edited; null if never."),
  hiddenReason: z.string().nullable().describe("Why a curator hid it: to its author and curators."),
  mine: z.boolean(),
  suggestion: discussionSuggestion.nullable().describe("A suggested change, when it is one."),
});
export type DiscussionComment = z.output<typeof discussionComment>;

export const discussionThread = discussionComment.extend({
  replies: z.array(discussionComment).describe("Its first replies, oldest first."),
  moreReplies: z.boolean().describe("More replies follow: GET /comments/{id}/replies."),
});
export type DiscussionThread = z.output<typeof discussionThread>;

export const discussionPage = z.object({
  items: z.array(discussionThread),
  nextCursor: z.number().int().nullable(),
  revision: z
    .number()
    .int()
    .describe("The artifact's newest revision: a suggestion and a decision send it back."),
  may: z.object({
    comment: z.boolean(),
    suggest: z.boolean(),
    decideSuggestions: z.boolean(),
    moderate: z.boolean(),
  }),
});
export type DiscussionPage = z.output<typeof discussionPage>;

export const repliesPage = z.object({
  items: z.array(discussionComment),
  nextCursor: z.number().int().nullable(),
});
export type RepliesPage = z.output<typeof repliesPage>;

export const commentRevision = z.object({
  body: z.string(),
  writtenAt: z.number().int().describe("When this text was written, ms since the epoch."),
  replacedAt: z.number().int().describe("When an edit replaced it."),
});
export const commentHistory = z.object({
  current: z.string(),
  earlier: z.array(commentRevision).describe("Newest first."),
});
export type CommentHistory = z.output<typeof commentHistory>;

export const followItem = z.object({
  id: z.number().int().describe("The follow's id: the list's cursor."),
  kind: z.enum(FOLLOW_TARGET_KINDS),
  targetId: z.number().int(),
  name: z
    .string()
    .nullable()
    .describe(
      "The artifact's or member's name, or the collection's title; null when it cannot be shown now.",
    ),
  bell: z.boolean(),
  email: z.boolean(),
  createdAt: z.number().int(),
});
export type FollowItem = z.output<typeof followItem>;

export const followState = z.object({
  following: z.boolean(),
  bell: z.boolean(),
  email: z.boolean(),
  mailEnabled: z.boolean().describe("Whether this site sends email at all."),
});
export type FollowState = z.output<typeof followState>;

/**
 * Who added a public artifact, to follow them by: their member id (as a comment's authorId names
 * its author) and their name now. Never an email or any other account data.
 */
export const artifactOwner = z.object({
  id: z.number().int().describe("The member's id: PUT /follows/member/{id} follows them."),
  name: z.string().describe("The member's name now."),
});
export type ArtifactOwner = z.output<typeof artifactOwner>;

/** A followed member's new public artifact, with its contributor. */
export const followingFeedItem = artifact.extend({ ownerName: z.string() });
export type FollowingFeedItem = z.output<typeof followingFeedItem>;

/** The suggestable fields' labels, for the form's select and the discussion. */
export const SUGGESTABLE_FIELD_LABELS = Object.fromEntries(
  SUGGESTABLE_FIELDS.map((field) => [field, ARTIFACT_FIELD_LABELS[field]]),
) as Record<(typeof SUGGESTABLE_FIELDS)[number], string>;
