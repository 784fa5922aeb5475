import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../src/db/client";
import { setRole } from "../src/services/roles";
import {
  freePort,
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
} from "../test/support/server-process";
import { BENCH_SIZE, generateBenchDatabase } from "./generate";

/*
 * `pnpm bench:backup` (issue 35): reads while the server backs up the bench collection. The
 * production build on the generated 100,000 artifacts; one reader asks, one request after another
 * as a browser tab does, for an artifact, a list page and the health answer, first with no backup
 * running, then through BACKUPS backups made one after another (Back up now: the scheduled job's
 * own code). A backup that held the event loop would show in the reads' p99 and maximum.
 * `pnpm build` first.
 */

const BACKUPS = Number(process.env.BENCH_BACKUPS ?? 3);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(label: string, values: number[]): string {
  const figure = (ms: number) => ms.toFixed(1).padStart(7);
  return (
    `${label.padEnd(34)} ${String(values.length).padStart(5)} reads  p50 ${figure(percentile(values, 50))}` +
    `  p99 ${figure(percentile(values, 99))}  max ${figure(Math.max(...values))} ms`
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), "atlas-bench-backup-"));
  try {
    const databasePath = join(dir, "bench.db");
    console.log(`[bench] generating ${BENCH_SIZE.artifacts.toLocaleString("en")} artifacts`);
    const data = await generateBenchDatabase(databasePath, {
      sessions: 1,
      imageUrl: "/favicon.svg",
    });
    console.log(
      `[bench] generated in ${data.seconds.toFixed(1)} s (${(data.fileBytes / 1e6).toFixed(0)} MB)`,
    );
    const db = openDatabase(databasePath);
    setRole(db, { actorId: null, userId: data.users, role: "admin", source: "bench" });
    closeDatabase(db);

    const port = await freePort();
    const server = await startServer({
      name: "the product",
      entry: SERVER_FROM_BUILD,
      nodeOptions: serverNodeOptions(),
      port,
      env: {
        NODE_ENV: "production",
        DATABASE_PATH: databasePath,
        SEED_DEMO_COLLECTION: "false",
        BACKUP_SCHEDULE: "off",
        LOG_LEVEL: "warn",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      },
      onStdout: () => {},
      timeoutMs: 120_000,
    });
    try {
      const [cookie] = data.sessionCookies;
      const paths = [`/artifacts/${data.sampleIds[0]}`, "/artifacts?page=1&limit=20", "/healthz"];
      let turn = 0;
      const readOnce = async (into: number[]) => {
        const path = paths[turn++ % paths.length] as string;
        const started = performance.now();
        const answer = await fetch(`${server.url}${path}`, {
          headers: { cookie: cookie as string },
        });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        into.push(performance.now() - started);
      };

      const idle: number[] = [];
      for (let i = 0; i < 600; i += 1) await readOnce(idle);

      const during: number[] = [];
      const backupSeconds: number[] = [];
      for (let i = 0; i < BACKUPS; i += 1) {
        const started = performance.now();
        const made = fetch(`${server.url}/trpc/backups.backUpNow`, {
          method: "POST",
          headers: {
            cookie: cookie as string,
            origin: `http://127.0.0.1:${port}`,
            "content-type": "application/json",
          },
          body: "{}",
        });
        let done = false;
        void made.finally(() => (done = true));
        while (!done) await readOnce(during);
        const answer = await made;
        if (answer.status !== 200) throw new Error(`Back up now answered ${answer.status}`);
        backupSeconds.push((performance.now() - started) / 1000);
      }

      console.log(
        `[bench] load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(", ")}`,
      );
      console.log(
        `[bench] ${BACKUPS} backups of ${(data.fileBytes / 1e6).toFixed(0)} MB: ` +
          backupSeconds.map((s) => `${s.toFixed(1)} s`).join(", "),
      );
      console.log(summary("reads, no backup running", idle));
      console.log(summary("reads while a backup is made", during));
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
