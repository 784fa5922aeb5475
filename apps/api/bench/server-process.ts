import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

/* What the benchmark's tools need to start the product's server as production does. */

const ROOT = resolve(import.meta.dirname, "../../..");

/** A port on 127.0.0.1 that nothing listens on right now, for a server the benchmark starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Node's options for the server, as scripts/start.sh passes them (package.json "config"). */
export function serverNodeOptions(): string[] {
  const rootPackage = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    config: { serverNodeOptions: string };
  };
  return rootPackage.config.serverNodeOptions.split(" ");
}
