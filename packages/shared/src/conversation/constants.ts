import type { ARTIFACT_FIELD_NAMES } from "../schemas/artifact";

/*
 * Conversation (issue 33): comments under every artifact, suggestions of a change to one field,
 * and following artifacts and members (docs/conversation.md, docs/decisions/113).
 */

/** The longest comment, in characters of its Markdown: a few paragraphs, never a document. */
export const COMMENT_MAX_LENGTH = 5000;
/** Threads (top-level comments with their first replies) per page of a discussion, oldest first. */
export const COMMENTS_PAGE_SIZE = 20;
/** Replies shown with each thread; the rest come a page at a time ("Show more replies"). */
export const REPLIES_SHOWN = 3;
export const REPLIES_PAGE_SIZE = 50;
/**
 * A new account (younger than COMMENT_TRUST_DAYS, or with nothing a curator approved yet) may
 * put at most this many links in one comment, in either review mode.
 */
export const NEW_ACCOUNT_LINKS_MAX = 2;
/** An account is new for its comments for a week, and until a curator approved something of it. */
export const COMMENT_TRUST_DAYS = 7;
/** The most members one comment notifies by @name; more mentions are shown but tell no one. */
export const MENTIONS_NOTIFIED_MAX = 5;
/** How many words a name after @ may have ("@Mary Anning", "@Jean-François Champollion"). */
export const MENTION_MAX_WORDS = 4;

export const COMMENT_STATUSES = ["published", "held", "hidden", "deleted"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What a discussion says of a comment it does not show. */
export const COMMENT_PLACEHOLDERS = {
  hidden: "Hidden by a curator",
  deleted: "This comment was deleted.",
} as const;

/** The fields a member may suggest a change to: every editable field but the image itself. */
export const SUGGESTABLE_FIELDS = [
  "artifactName",
  "artifactType",
  "historicalContext",
  "createdAt",
  "discoveredAt",
  "discoveredBy",
  "presentLocation",
  "imageAlt",
] as const satisfies readonly (typeof ARTIFACT_FIELD_NAMES)[number][];
export type SuggestableField = (typeof SUGGESTABLE_FIELDS)[number];

export const SUGGESTION_STATUSES = ["open", "accepted", "declined"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const SUGGESTION_DECISIONS = ["accept", "decline"] as const;
export type SuggestionDecision = (typeof SUGGESTION_DECISIONS)[number];

/** Where a suggestion's claim comes from: a citation or a URL. */
export const SUGGESTION_SOURCE_MAX_LENGTH = 500;
/** Why a suggestion was declined, in the decider's words. */
export const DECLINE_REASON_MAX_LENGTH = 500;

/**
 * What a member can follow. The follows table keeps a kind and an id; triggers remove the follows
 * of an artifact, a member or a collection with it.
 */
export const FOLLOW_TARGET_KINDS = ["artifact", "member", "collection"] as const;
export type FollowTargetKind = (typeof FOLLOW_TARGET_KINDS)[number];

/** The most follows one member keeps: the Following feed and the digest read them all. */
export const FOLLOWS_MAX = 1000;
export const FOLLOWS_PAGE_SIZE = 50;
export const FOLLOWING_FEED_PAGE_SIZE = 20;
/** The lines of one digest mail; more say "and N more" with a link. */
export const DIGEST_LINES_MAX = 50;
