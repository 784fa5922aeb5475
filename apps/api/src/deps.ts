import type { Env } from "./env";
import type { AppDatabase } from "./db/client";
import { createSessionStore, type SessionStore } from "./auth/session";
import { createAuthRateLimiter, type AuthRateLimiter } from "./auth/rate-limit";
import { createWriteRateLimiter, type WriteRateLimiter } from "./services/write-limit";

/** Everything a request handler may use, built once per app and shared by tRPC and REST. */
export interface Deps {
  env: Env;
  db: AppDatabase;
  sessions: SessionStore;
  authRateLimiter: AuthRateLimiter;
  /** Per-user writes a minute (WRITE_RATE_LIMIT_PER_MINUTE), shared by tRPC and REST. */
  writeRateLimiter: WriteRateLimiter;
}

export function createDeps(env: Env, db: AppDatabase): Deps {
  return {
    env,
    db,
    sessions: createSessionStore(db, { secureCookies: env.secureCookies }),
    authRateLimiter: createAuthRateLimiter(),
    writeRateLimiter: createWriteRateLimiter(env.writeRateLimitPerMinute),
  };
}
