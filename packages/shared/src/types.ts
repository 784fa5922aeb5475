import type { Artifact, ArtifactImageView, LikedArtifact } from "./schemas/artifact";
import type { ArtifactHighlights } from "./find-values";
import type { ReviewedArtifact } from "./review";
import type { Role } from "./roles";

export interface ArtifactPage {
  items: Artifact[];
  total: number;
  page: number;
  pageCount: number;
  /** An all-fields search's matches in each item, in the items' order (never HTML). */
  highlights?: ArtifactHighlights[];
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
