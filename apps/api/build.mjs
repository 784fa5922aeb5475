// Bundles the server into dist/ (entry dist/server.js). Our workspace package (shared) is bundled in because it
// ships TypeScript source; every npm dependency stays external and loads from node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter(
  (name) => !name.startsWith("@artifact-atlas/"),
);

await build({
  // dist/server.js checks the Node version before it loads the server (a chunk of its own).
  // The gazetteer's index is built in a worker thread, from a file of its own (gazetteer.ts).
  entryPoints: [
    { in: "src/main.ts", out: "server" },
    "src/db/cli.ts",
    { in: "src/services/places/gazetteer-index.ts", out: "gazetteer-index" },
  ],
  outdir: "dist",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node26",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: "warning",
});
