import type { Artifact } from "../schemas/artifact";
import type {
  CollectionAction,
  CollectionKind,
  CollectionStatus,
  CollectionVisibility,
} from "./constants";
import type { SavedSearch } from "./schemas";
import type { ReportReason } from "../review";

export interface CollectionMember {
  id: number;
  name: string;
}

/** A collection as lists show it. `artifactCount` counts only what the viewer is shown. */
export interface CollectionSummary {
  id: number;
  title: string;
  kind: CollectionKind;
  visibility: CollectionVisibility;
  status: CollectionStatus;
  owner: CollectionMember;
  /** The cover artifact's image (null when no shown artifact has one). */
  cover: { url: string; alt: string } | null;
  artifactCount: number;
  likeCount: number;
  createdAt: number;
  updatedAt: number;
}

/** What the viewer may do with a collection. */
export interface CollectionRights {
  /** Add, remove, order and annotate (owner and collaborators). */
  edit: boolean;
  /** Delete, change visibility, invite (owner). */
  own: boolean;
  /** Hide and unhide (curators). */
  moderate: boolean;
}

export interface CollectionDetail extends CollectionSummary {
  description: string;
  /** The description rendered once to sanitised HTML (the conversation's Markdown subset). */
  descriptionHtml: string;
  collaborators: CollectionMember[];
  query: SavedSearch | null;
  coverArtifactId: number | null;
  hiddenReason: string | null;
  deletedAt: number | null;
  rights: CollectionRights;
}

export interface CollectionItem {
  artifact: Artifact;
  note: string;
}

export interface CollectionItemsPage {
  items: CollectionItem[];
  /** How many are shown in all (hidden, pending or trashed artifacts are not counted). */
  total: number;
  page: number;
  pageCount: number;
}

export interface CollectionPage {
  items: CollectionSummary[];
  total: number;
  page: number;
  pageCount: number;
}

export interface CollectionHistoryEntry {
  id: number;
  action: CollectionAction;
  actor: CollectionMember | null;
  artifactId: number | null;
  detail: string | null;
  at: number;
}

/** One member's open report of a collection, as curators read it. */
export interface CollectionReport {
  id: number;
  reason: ReportReason;
  note: string | null;
  /** Made by an account that was not yet established (REPORT_TRUST_DAYS). */
  fromNewAccount: boolean;
  createdAt: number;
}

/** A collection with open reports, on the curators' review screen. */
export interface ReportedCollection {
  collection: CollectionSummary;
  hiddenReason: string | null;
  /** All its open reports; `reports` holds the newest few. */
  reportCount: number;
  reports: CollectionReport[];
}

export interface ReportedCollectionPage {
  items: ReportedCollection[];
  total: number;
  page: number;
  pageCount: number;
}
