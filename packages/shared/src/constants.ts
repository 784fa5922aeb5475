/** Business constants from the specification (section 9), shared by the API and the web app. */

export const BRAND = "Artifact Atlas";

export const ARTIFACT_TYPES = [
  "Tools",
  "Monument",
  "Art",
  "Sculptures",
  "Technology",
  "Documents",
  "Writings",
  "Others",
] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** The spec's sorts (default, asc, desc by likes), then by date created (issue 18). */
export const SORT_VALUES = ["default", "asc", "desc", "date_asc", "date_desc"] as const;
export type SortValue = (typeof SORT_VALUES)[number];

export const PAGE_SIZE = 8;
/**
 * The most tRPC calls one request may batch: the web app's busiest screen sends a handful, and the
 * server refuses more (400) so that one request cannot ask for hundreds of answers at once.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
/**
 * A member's own lists come a page at a time, so that no answer grows with the member's history:
 * My Artifacts' rows are whole artifacts (up to about 8 KB of JSON each), the liked list's rows
 * four short fields, hence the two sizes. Each is also the most a caller may ask for.
 */
export const MY_ARTIFACTS_PAGE_SIZE = 20;
export const LIKED_ARTIFACTS_PAGE_SIZE = 100;
export const POPULAR_COUNT = 6;
export const SIMILAR_COUNT = 3;
export const CONTEXT_PREVIEW_LENGTH = 100;

export const USERNAME_MIN_LENGTH = 5;
export const PASSWORD_MIN_LENGTH = 6;

export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

export const ARTIFACT_ADDED_TIMER_MS = 2000;
export const ARTIFACT_UPDATED_TIMER_MS = 1500;
export const PROFILE_PREVIEW_SIZE_PX = 80;

export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";

/** Upper bounds that keep one row small; the spec names none, these are ours (docs/decisions). */
export const LIMITS = {
  name: 120,
  userName: 80,
  shortText: 200,
  historicalContext: 5000,
  url: 2048,
  /** An image description (alt text): a sentence or two, as screen-reader guides advise. */
  imageAlt: 250,
  /** An image's caption and credit line (issue 30): a sentence, a name with a holder. */
  imageCaption: 300,
  imageCredit: 200,
  search: 100,
  email: 254,
  password: 128,
  /** Highest page a list query accepts; deeper pages of 8 are never useful and cost a scan. */
  page: 10_000,
} as const;
