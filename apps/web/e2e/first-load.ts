import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/*
 * What a browser downloads as JavaScript before a page can run, read from the production build:
 * every script of dist/index.html (the module entry, its modulepreload links, the theme snippet),
 * everything the entry imports statically (Vite's manifest), and the page's own route chunk with
 * its static imports when the route is lazy. Used by `pnpm bench` and by e2e/bundle-budget.test.ts.
 */

/**
 * The first load of the public pages may not grow past this, gzipped. Issue 27 asks for 110 kB;
 * the libraries alone (React DOM, React Router, TanStack Query, tRPC) take 102 kB of it. 125 kB
 * held 124.0 kB; six capabilities later the first load is 127.3 kB, and this holds that with under a
 * kilobyte of room (docs/decisions/011-web-first-load-and-compression.md, 2026-11-28 amendment).
 */
export const FIRST_LOAD_BUDGET_KB = 128;

/** The route modules of the public pages whose first load is budgeted. */
export const PUBLIC_PAGES = {
  "/": "src/routes/home.tsx",
  "/allartifacts": "src/routes/allartifacts.tsx",
} as const;

/** Screens behind the login (and the forms): each must be a chunk of its own, loaded on demand. */
export const PROTECTED_SCREENS = [
  "src/routes/artifacts.$id.tsx",
  "src/routes/likedartifacts.tsx",
  "src/routes/addartifacts.tsx",
  "src/routes/myartifacts.tsx",
  "src/routes/update-artifact.$id.tsx",
  "src/routes/artifacts.$id.history.tsx",
  "src/routes/profile.tsx",
  "src/routes/update-profile.tsx",
] as const;

/** Public screens that still load on demand, outside the first load (issue 18's timeline). */
export const LAZY_PUBLIC_SCREENS = ["src/routes/timeline.tsx"] as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  path: string;
  files: string[];
  gzipBytes: number;
}

export function readManifest(dist: string): Manifest {
  const path = join(dist, ".vite", "manifest.json");
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: build the web app first (pnpm build; vite.config.ts sets build.manifest).`,
    );
  }
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** The chunk and every chunk it imports statically, as files under dist/. */
function staticClosure(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
}

/** The scripts index.html loads itself: classic and module scripts, and modulepreload links. */
function htmlScripts(html: string): string[] {
  const found = [
    ...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g),
  ];
  return found.map((match) => match[1] as string);
}

export function firstLoad(dist: string, manifest: Manifest, path: keyof typeof PUBLIC_PAGES) {
  const files = new Set(htmlScripts(readFileSync(join(dist, "index.html"), "utf8")));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) staticClosure(manifest, key, files);
  }
  // A lazy route's chunk comes right after the entry; an eager one is inside the entry already.
  const route = manifest[PUBLIC_PAGES[path]];
  if (route?.isDynamicEntry) staticClosure(manifest, PUBLIC_PAGES[path], files);
  const list = [...files].filter((file) => file.endsWith(".js")).sort();
  const gzipBytes = list.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  return { path, files: list, gzipBytes } satisfies FirstLoad;
}

/** Every budgeted page, for the test and the benchmark. */
export function publicFirstLoads(dist: string): FirstLoad[] {
  const manifest = readManifest(dist);
  return (Object.keys(PUBLIC_PAGES) as (keyof typeof PUBLIC_PAGES)[]).map((path) =>
    firstLoad(dist, manifest, path),
  );
}
