import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  freePort,
  SERVER_FROM_BUILD,
  startServer,
  stopServer,
} from "../test/support/server-process";
import { generateBenchDatabase } from "./generate";
import { runLoad, scenarios } from "./load";

const WEB = resolve(import.meta.dirname, "../../web");
const base = ["--max-old-space-size=128", "--heap-growing-percent=200"];
const variants: Record<string, [string[], Record<string, string>]> = {
  current: [base, {}],
  semi4: [[...base, "--max-semi-space-size=4"], {}],
  arena2: [base, { MALLOC_ARENA_MAX: "2" }],
  semi4arena2: [[...base, "--max-semi-space-size=4"], { MALLOC_ARENA_MAX: "2" }],
};
const dir = mkdtempSync(join(tmpdir(), "rss-"));
const databasePath = join(dir, "bench.db");
const port0 = await freePort();
const data = await generateBenchDatabase(databasePath, {
  sessions: 200,
  imageUrl: `http://127.0.0.1:${port0}/x.svg`,
});
console.log("generated");
const peaks: Record<string, number[]> = {};
for (let round = 0; round < 3; round += 1) {
  for (const [name, [nodeOptions, extraEnv]] of Object.entries(variants)) {
    const port = await freePort();
    const app = await startServer({
      name,
      entry: SERVER_FROM_BUILD,
      nodeOptions,
      port,
      env: {
        NODE_ENV: "production",
        DATABASE_PATH: databasePath,
        WEB_DIST_PATH: join(WEB, "dist"),
        SEED_DEMO_COLLECTION: "false",
        LOG_LEVEL: "info",
        ...extraEnv,
      },
      onStdout: () => {},
      timeoutMs: 60_000,
    });
    let peak = 0;
    const list = scenarios(data.sampleIds, data.sessionCookies, "astrolabe", data.artifacts).filter(
      (s) => s.server === "app",
    );
    for (const scenario of list) {
      const r = await runLoad(app.url, scenario, {
        connections: 50,
        seconds: 3,
        watchPid: app.child.pid as number,
      });
      peak = Math.max(peak, r.rssMb ?? 0);
    }
    (peaks[name] ??= []).push(Math.round(peak));
    console.log(name, Math.round(peak), "MB");
    await stopServer(app);
  }
}
console.log(JSON.stringify(peaks));
