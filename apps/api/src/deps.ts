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
  sessions: SessionStore;
  /** Sign-in and sign-up attempts per address and per account, shared by tRPC and REST. */
  authRateLimiters: AuthRateLimiters;
  /** Per-user writes a minute (WRITE_RATE_LIMIT_PER_MINUTE), shared by tRPC and REST. */
  writeRateLimiter: RateLimiter;
}

export function createDeps(env: Env, db: AppDatabase): Deps {
  return {
    env,
    db,
    artifactStore: createArtifactStore(db),
    likeStore: createLikeStore(db),
    publicArtifacts: createPublicArtifactStore(db.$client),
    sessions: createSessionStore(db, { secureCookies: env.secureCookies }),
    authRateLimiters: createAuthRateLimiters(),
    writeRateLimiter: createRateLimiter(writeRule(env.writeRateLimitPerMinute)),
  };
}
