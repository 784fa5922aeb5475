import type { Env } from "./env";
import type { AppDatabase } from "./db/client";
import { createSessionStore, type SessionStore } from "./auth/session";
import {
  createAuthRateLimiters,
  createRateLimiter,
  writeRule,
  type AuthRateLimiters,
  type RateLimiter,
} from "./rate-limit";
import { createArtifactStore, type ArtifactStore } from "./store/artifact-store";
import { createLikeStore, type LikeStore } from "./store/like-store";
import { createSlots, type Slots } from "./open-data/slots";
import { createPublicArtifactStore, type PublicArtifactStore } from "./store/public-artifacts";

/** Everything a request handler may use, built once per app and shared by tRPC and REST. */
export interface Deps {
  env: Env;
  db: AppDatabase;
  /** The artifacts' prepared statements, read cache and kept counts, made with the database. */
  artifactStore: ArtifactStore;
  likeStore: LikeStore;
  /** What anyone may see without signing in: public pages, the sitemap, the export. */
  publicArtifacts: PublicArtifactStore;
  /**
   * Exports streaming at once (MAX_CONCURRENT_EXPORTS): each holds a connection and a page of rows;
   * past it GET /export answers 503 (docs/decisions/067-export.md).
   */
  exportSlots: Slots;
  sessions: SessionStore;
  /** Sign-in and sign-up attempts per address and per account, shared by tRPC and REST. */
  authRateLimiters: AuthRateLimiters;
  /** Per-user writes a minute (WRITE_RATE_LIMIT_PER_MINUTE), shared by tRPC and REST. */
  writeRateLimiter: RateLimiter;
}

/** Exports at once: a handful keeps the process responsive while each streams at full speed. */
export const MAX_CONCURRENT_EXPORTS = 4;

export function createDeps(env: Env, db: AppDatabase): Deps {
  return {
    env,
    db,
    artifactStore: createArtifactStore(db),
    likeStore: createLikeStore(db),
    publicArtifacts: createPublicArtifactStore(db.$client),
    exportSlots: createSlots(MAX_CONCURRENT_EXPORTS),
    sessions: createSessionStore(db, { secureCookies: env.secureCookies }),
    authRateLimiters: createAuthRateLimiters(),
    writeRateLimiter: createRateLimiter(writeRule(env.writeRateLimitPerMinute)),
  };
}
