import type { FastifyBaseLogger } from "fastify";
import type { ClientAddressRule } from "./client-address";
import type { Env } from "./env";
import type { AppDatabase } from "./db/client";
import { createSessionStore, type SessionStore } from "./auth/session";
import { createOutbox, smtpTransport, type Outbox } from "./mail/outbox";
import {
  createAuthRateLimiters,
  createConversationRateLimiters,
  createRateLimiter,
  createReportRateLimiters,
  createResetRateLimiters,
  perMinute,
  type AuthRateLimiters,
  type ConversationRateLimiters,
  type RateLimiter,
  type ReportRateLimiters,
  type ResetRateLimiters,
} from "./rate-limit";
import {
  prepareDiscussionStatements,
  type DiscussionStatements,
} from "./services/conversation/statements";
import { createArtifactStore, type ArtifactStore } from "./store/artifact-store";
import { createImageStore, type ImageStore } from "./store/image-store";
import { createLikeStore, type LikeStore } from "./store/like-store";
import { createSlots, type Slots } from "./open-data/slots";
import { createPublicArtifactStore, type PublicArtifactStore } from "./store/public-artifacts";
import { createBackups, type Backups } from "./backups/service";
import type { BackupTarget } from "./backups/targets/target";
import { createHarvesting, type Harvesting } from "./harvesting";

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
   * Long public streams at once (MAX_CONCURRENT_EXPORTS), exports and sitemaps alike: each holds a
   * connection and a page of rows; past it they answer 503 (docs/decisions/067-export.md).
   */
  exportSlots: Slots;
  /** Imports checked or run at once: one (a file of up to IMPORT_MAX_BYTES and its rows in memory). */
  importSlots: Slots;
  /** OAI-PMH, feeds and the Harvesting screen's reads, and the harvest's slots (issue 34). */
  harvesting: Harvesting;
  /** Uploaded images: their rows, files and processing line (issue 19). */
  images: ImageStore;
  sessions: SessionStore;
  /** Sign-in and sign-up attempts per address and per account, shared by tRPC and REST. */
  authRateLimiters: AuthRateLimiters;
  /** Per-user writes a minute (WRITE_RATE_LIMIT_PER_MINUTE), shared by tRPC and REST. */
  writeRateLimiter: RateLimiter;
  /** Each client's budget of the server's time, in ms (WORK_BUDGET_MS_PER_MINUTE; work-budget.ts). */
  workBudget: RateLimiter;
  /** Requests for a reset link per client and per address typed. */
  resetRateLimiters: ResetRateLimiters;
  /** Reports per account and per client (issue 28). */
  reportRateLimiters: ReportRateLimiters;
  /** Comments, edits and suggestions per account and per client (issue 33). */
  conversationRateLimiters: ConversationRateLimiters;
  /** The discussions' prepared reads (issue 33). */
  discussions: DiscussionStatements;
  /** Outgoing mail, sent off the request path; null when SMTP_URL and MAIL_FROM are not set. */
  outbox: Outbox | null;
  /** The one clock, in milliseconds since the epoch: everything that stamps or expires reads it. */
  now: () => number;
  /** Who sent a request, by TRUST_PROXY: the rate limits' key, as the logs name it. */
  clientAddress: ClientAddressRule;
  /** Scheduled, manual and pre-migration backups, their sends and restores (issue 35). */
  backups: Backups;
}

/**
 * Exports at once: each streams as fast as its reader takes it, and its garbage counts against the
 * heap until collected; 4 at full speed reached load shedding in pnpm bench:open-data, 2 did not.
 */
export const MAX_CONCURRENT_EXPORTS = 2;

export interface DepsOptions {
  log: FastifyBaseLogger;
  clientAddress: ClientAddressRule;
  now?: () => number;
  /** Waits before each new try of a failed mail (tests shorten them). */
  mailRetryDelaysMs?: readonly number[];
  /** Where backups are sent, instead of BACKUP_TARGET's (tests). */
  backupTarget?: BackupTarget | null;
  /** Stops the server for its supervisor to start it again (a restore). */
  restart?: () => void;
}

export function createDeps(env: Env, db: AppDatabase, options: DepsOptions): Deps {
  const now = options.now ?? Date.now;
  return {
    env,
    db,
    artifactStore: createArtifactStore(db),
    likeStore: createLikeStore(db),
    publicArtifacts: createPublicArtifactStore(db.$client),
    exportSlots: createSlots(MAX_CONCURRENT_EXPORTS),
    importSlots: createSlots(1),
    harvesting: createHarvesting(db.$client),
    images: createImageStore(db, { dir: env.imagesDir, now }),
    sessions: createSessionStore(db, { secureCookies: env.secureCookies, now }),
    // The limits measure how fast a client asks, on the wall's clock, not the app's (which tests
    // move to expire links and sessions).
    authRateLimiters: createAuthRateLimiters(),
    writeRateLimiter: createRateLimiter(perMinute(env.writeRateLimitPerMinute)),
    workBudget: createRateLimiter(perMinute(env.workBudgetMsPerMinute)),
    resetRateLimiters: createResetRateLimiters(),
    reportRateLimiters: createReportRateLimiters(),
    conversationRateLimiters: createConversationRateLimiters(),
    discussions: prepareDiscussionStatements(db.$client),
    outbox: env.mail
      ? createOutbox({
          transport: smtpTransport(env.mail.smtpUrl),
          from: env.mail.from,
          log: options.log.child({ component: "mail" }),
          ...(options.mailRetryDelaysMs ? { retryDelaysMs: options.mailRetryDelaysMs } : {}),
        })
      : null,
    now,
    clientAddress: options.clientAddress,
    backups: createBackups({
      env,
      db,
      log: options.log,
      now,
      ...(options.backupTarget !== undefined ? { target: options.backupTarget } : {}),
      ...(options.restart ? { restart: options.restart } : {}),
    }),
  };
}
