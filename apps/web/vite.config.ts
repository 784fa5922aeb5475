import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API (apps/api) listens here in development; `pnpm dev` starts both. */
const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    // The API checks Origin on writes: run it with DEV_ORIGINS=http://localhost:5173.
    proxy: {
      "/trpc": API_ORIGIN,
      "/auth": API_ORIGIN,
      "/healthz": API_ORIGIN,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json maps routes to chunks for the first-load size budget (e2e/first-load.ts, measured by pnpm bench).
    manifest: true,
  },
});
