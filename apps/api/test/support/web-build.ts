import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * A folder that stands in for the web build: the web app's own index.html (the page whose head the
 * server rewrites), without building the web app. Pass its path as WEB_DIST_PATH.
 */
export function webBuildStandIn(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), "atlas-web-"));
  copyFileSync(resolve(import.meta.dirname, "../../../web/index.html"), join(path, "index.html"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
