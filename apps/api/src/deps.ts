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
import { createImageStore, type ImageStore } from "./store/image-store";
import { createLikeStore, type LikeStore } from "./store/like-store";

/** Everything a request handler may use, built once per app and shared by tRPC and REST. */
export interface Deps {
  env: Env;
  db: AppDatabase;
  /** The artifacts' prepared statements, read cache and kept counts, made with the database. */
  artifactStore: ArtifactStore;
  likeStore: LikeStore;
  /** Uploaded images: their rows, files and processing line (issue 19). */
  images: ImageStore;
  sessions: SessionStore;
  /** Sign-in and sign-up attempts per address and per account, shared by tRPC and REST. */
  authRateLimiters: AuthRateLimiters;
  /** Per-user writes a minute (WRITE_RATE_LIMIT_PER_MINUTE), shared by tRPC and REST. */
  writeRateLimiter: RateLimiter;
}

export interface DepsOptions {
  /** The clock of the images' clean-up; tests pass their own. */
  now?: () => number;
}

export function createDeps(env: Env, db: AppDatabase, options: DepsOptions = {}): Deps {
  return {
    env,
    db,
    artifactStore: createArtifactStore(db),
    likeStore: createLikeStore(db),
    images: createImageStore(db, {
      dir: env.imagesDir,
      ...(options.now ? { now: options.now } : {}),
    }),
    sessions: createSessionStore(db, { secureCookies: env.secureCookies }),
    authRateLimiters: createAuthRateLimiters(),
    writeRateLimiter: createRateLimiter(writeRule(env.writeRateLimitPerMinute)),
  };
}
