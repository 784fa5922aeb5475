import type { ArtifactType } from "./constants";

/** An artifact as every client sees it: never the contributor's email or any account data. */
export interface Artifact {
  id: number;
  artifactName: string;
  artifactImage: string;
  artifactType: ArtifactType;
  historicalContext: string;
  createdAt: string;
  discoveredAt: string;
  discoveredBy: string;
  presentLocation: string;
  likeCount: number;
  /** The contributor's name as it was when the artifact was added. */
  username: string;
}

export interface ArtifactPage {
  items: Artifact[];
  total: number;
  page: number;
  pageCount: number;
}

/** One row of the liked list (spec: artifactName, artifactType, createdAt). */
export interface LikedArtifact {
  id: number;
  artifactName: string;
  artifactType: ArtifactType;
  createdAt: string;
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
