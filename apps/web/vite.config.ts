import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { isWebPageLoad } from "@artifact-atlas/shared/web-paths";

/**
 * The API (apps/api) listens here in development; `pnpm dev` starts both. ATLAS_API_ORIGIN points
 * elsewhere (e2e/dev-server.test.ts runs both on free ports).
 */
const API_ORIGIN = process.env.ATLAS_API_ORIGIN ?? "http://localhost:3000";

/** What Vite serves itself: its client and modules, the sources, dependencies, public/'s files. */
const VITE_PATHS = [
  "/@",
  "/__",
  "/src/",
  "/node_modules/",
  "/index.html",
  ...readdirSync(resolve(import.meta.dirname, "public")).map((name) => `/${name}`),
];

/**
 * Under `pnpm dev` Vite answers page loads of web routes (index.html) and what it serves itself;
 * every other request goes to the API, by the rule the production server follows
 * (packages/shared/src/web-paths.ts): uploads, imports, exports, Download my data, images, REST,
 * /openapi.json, the sitemap.
 */
function servedByVite(request: IncomingMessage): boolean {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  return (
    isWebPageLoad(request.method, path, request.headers.accept) ||
    VITE_PATHS.some((prefix) => path.startsWith(prefix))
  );
}

/** Files worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes file.br and file.gz beside every compressible file of the build, at the highest levels
 * (once, at build time). The API serves them with @fastify/static's preCompressed option and
 * index.html from its own copies (apps/api/src/plugins/spa.ts); a variant that would not be
 * smaller is left out, and then the plain file is sent.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "atlas-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        if (path.startsWith(join(outDir, ".vite"))) continue;
        const plain = readFileSync(path);
        const variants = [
          [
            ".br",
            brotliCompressSync(plain, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
              },
            }),
          ],
          [".gz", gzipSync(plain, { level: 9 })],
        ] as const;
        for (const [extension, compressed] of variants) {
          if (compressed.length < plain.length) writeFileSync(path + extension, compressed);
        }
      }
    },
  };
}

/*
 * react-router's package exports only its development build, whose dev-only warnings stay in the
 * bundle; dist/production is the same code with them switched off. react-router-dom (ours)
 * re-exports it, so the production build resolves both entry points there.
 */
const reactRouterRoot = dirname(
  createRequire(import.meta.url).resolve("react-router/package.json", {
    paths: [dirname(createRequire(import.meta.url).resolve("react-router-dom/package.json"))],
  }),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: join(reactRouterRoot, "dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: join(reactRouterRoot, "dist/production/dom-export.mjs"),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    // The API checks Origin on writes: `pnpm dev` runs it with DEV_ORIGINS=http://localhost:5173.
    proxy: {
      "/": {
        target: API_ORIGIN,
        bypass: (request) => (servedByVite(request) ? request.url : undefined),
      },
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json maps routes to chunks for the first-load size budget (e2e/first-load.ts).
    manifest: true,
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // These two packages declare no "sideEffects", so their unused modules (tRPC's WebSocket
        // link among them) were kept; importing them has no side effects.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]@trpc[\\/](client|react-query)[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Everything the first page needs statically ships as one file (docs/decisions/011):
          // left alone, Rolldown split it into several chunks that the lazy screens share, each
          // compressed and requested separately. The lazy screens stay chunks of their own.
          groups: [{ name: "index", tags: ["$initial"] }],
        },
      },
    },
  },
}));
