import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  freePort,
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
} from "@artifact-atlas/api/test-support/server-process";

export interface RunningServer {
  origin: string;
  databasePath: string;
  stop: () => Promise<void>;
}

/**
 * The production build (`pnpm build`, done by the test command) started as `pnpm start` starts it,
 * on a free port with a fresh database that migrates and seeds itself.
 */
export async function startProductServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "atlas-e2e-"));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const databasePath = join(dir, "atlas.db");
  const server = await startServer({
    name: "the production server",
    entry: SERVER_FROM_BUILD,
    nodeOptions: serverNodeOptions(),
    port,
    env: { PUBLIC_ORIGIN: origin, DATABASE_PATH: databasePath, LOG_LEVEL: "warn", ...env },
  });
  return {
    origin,
    databasePath,
    stop: async () => {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
