import type { Artifact } from "./schemas/artifact";

export interface ArtifactPage {
  items: Artifact[];
  total: number;
  page: number;
  pageCount: number;
}

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
}
