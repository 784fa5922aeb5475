import type { Artifact, ArtifactImageView, LikedArtifact } from "./schemas/artifact";
import type { ArtifactFacets, ArtifactHighlights } from "./find-values";
import type { ReviewedArtifact } from "./review";
import type { Role } from "./roles";

export interface ArtifactPage {
  items: Artifact[];
  total: number;
  page: number;
  pageCount: number;
  /** An all-fields search's matches in each item, in the items' order (never HTML). */
  highlights?: ArtifactHighlights[];
  /** `total` (and so pageCount) is an estimate: the search matches most of the collection. */
  estimated?: true;
  /** A names search that found nothing: how many artifacts a search in all fields finds. */
  allFieldsTotal?: number;
  /** `allFieldsTotal` is an estimate, counted from a sample of the matches (about N). */
  allFieldsEstimated?: true;
}

/** What find() answers: what the query asked for (apps/api/src/services/find.ts). */
export interface FindAnswer<Item> {
  items: Item[];
  total?: number;
  /** The counts (total, facets) come from a sample of the matches (issue 28). */
  estimated?: true;
  facets?: ArtifactFacets;
  highlights?: ArtifactHighlights[];
  /** With a cursor window: the next call's cursor, null after the last item. */
  nextCursor?: number | null;
  /** A names search that found nothing: how many artifacts a search in all fields finds. */
  allFieldsTotal?: number;
  /** `allFieldsTotal` is an estimate, counted from a sample of the matches. */
  allFieldsEstimated?: true;
}

/**
 * One page of a keyset-paged list: `nextCursor` goes in the next call's `cursor`, and is null
 * when this page is the last.
 */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor: number | null;
}

/** A member's own artifacts carry their review state (issue 17). */
export type MyArtifactsPage = CursorPage<ReviewedArtifact>;
export type LikedArtifactsPage = CursorPage<LikedArtifact>;

export interface LikeStatus {
  liked: boolean;
  likeCount: number;
}

/** The signed-in user as the session reveals them to their own browser. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  photoUrl: string | null;
  role: Role;
}

/** One artifact with all its images (issue 30): the detail page, the public page, the edit form. */
export type WithImages<T extends Artifact> = T & { images: ArtifactImageView[] };
export type ArtifactDetail = WithImages<ReviewedArtifact>;
