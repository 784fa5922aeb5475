import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type BuildAppOptions } from "../../src/app";
import { closeDatabase, openDatabase, type AppDatabase } from "../../src/db/client";
import { loadEnv, type Env } from "../../src/env";
import type { LogStream } from "../../src/logging";
import type { LoadSheddingOptions } from "../../src/plugins/load-shedding";
import { UNBOUNDED_WORK_BUDGET } from "./server-process";
import { copyTemplateDatabase } from "./template-database";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: FastifyInstance;
  db: AppDatabase;
  env: Env;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Receives the JSON log lines (set LOG_LEVEL in the overrides to see any). */
  logStream?: LogStream;
  /** The database's busy timeout, shortened to see what happens after it. */
  busyTimeoutMs?: number;
  /**
   * When the app turns requests away. Off unless given (0 turns a bound off): an app in the test
   * process shares its event loop and heap with Vitest, whose pauses are not the app's load.
   * test/load-shedding.test.ts turns it on; spawned servers use the production bounds.
   */
  loadShedding?: LoadSheddingOptions;
  /** The app's one clock (sessions, reset links, edits, the periodic jobs); Date.now when not given. */
  now?: () => number;
  /** The periodic jobs' timer (jobs.ts); a test passes its own to run them when it chooses. */
  every?: BuildAppOptions["every"];
  /** Waits before each new try of a failed mail. */
  mailRetryDelaysMs?: readonly number[];
}

/** A fresh copy of the migrated template database and the real app on it; nothing is shared between tests. */
export async function createTestApp(
  overrides: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "atlas-test-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATABASE_PATH: join(dir, "test.db"),
    PUBLIC_ORIGIN: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    WEB_DIST_PATH: join(dir, "no-web-build"),
    // Tests write faster than people; test/security/write-rate-limit.test.ts sets its own limit.
    WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    // And ask more of the server's time than people; test/work-budget.test.ts sets its own.
    WORK_BUDGET_MS_PER_MINUTE: UNBOUNDED_WORK_BUDGET,
    ...overrides,
  });
  copyTemplateDatabase(env.databasePath);
  const db = openDatabase(
    env.databasePath,
    options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs },
  );
  const app = await buildApp({
    env,
    db,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    loadShedding: options.loadShedding ?? { maxHeapUsedBytes: 0, maxEventLoopDelayMs: 0 },
    ...(options.now ? { now: options.now } : {}),
    ...(options.mailRetryDelaysMs ? { mailRetryDelaysMs: options.mailRetryDelaysMs } : {}),
    ...(options.every ? { every: options.every } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    env,
    close: async () => {
      await app.close();
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The session cookie from a response, as a Cookie header value ("name=value"). */
export function sessionCookieFrom(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === "atlas_session" && c.value !== "");
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** Calls a tRPC procedure over HTTP the way the web app's httpBatchLink does (unbatched form). */
export async function trpc(
  app: FastifyInstance,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
  cookie?: string,
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  const response =
    kind === "query"
      ? await app.inject({
          method: "GET",
          url: `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: "POST",
          url: `/trpc/${path}`,
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify(input ?? {}),
        });
  const body = response.json() as {
    result?: { data: unknown };
    error?: { message: string; data: { code: string; httpStatus: number } };
  };
  return { response, status: response.statusCode, data: body.result?.data, error: body.error };
}
