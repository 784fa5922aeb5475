import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REQUIRED_NODE_VERSION, unsupportedNodeMessage } from "../src/node-version";
import { failToStart } from "./support/server";

const ROOT = new URL("../../../", import.meta.url);

describe("the Node.js version", () => {
  it("is named the same in .nvmrc, package.json engines and the server", () => {
    expect(readFileSync(new URL(".nvmrc", ROOT), "utf8").trim()).toBe(REQUIRED_NODE_VERSION);
    const engines = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).engines;
    expect(engines.node).toBe(`^${REQUIRED_NODE_VERSION}`);
  });

  it("accepts that version and newer releases of its line, nothing older or of another line", () => {
    const [major, minor, patch] = REQUIRED_NODE_VERSION.split(".").map(Number) as number[];
    for (const ok of [
      `${major}.${minor}.${patch}`,
      `${major}.${minor}.${patch! + 1}`,
      `${major}.${minor! + 1}.0`,
    ]) {
      expect(unsupportedNodeMessage(ok)).toBeNull();
    }
    for (const old of [
      "20.20.2",
      "22.22.0",
      "24.21.0",
      `${major}.${minor! - 1}.9`,
      `${major! + 1}.0.0`,
    ]) {
      expect(unsupportedNodeMessage(old)).toContain(`needs Node.js ${REQUIRED_NODE_VERSION}`);
      expect(unsupportedNodeMessage(old)).toContain(`this is ${old}`);
    }
  });

  describe("a start on Node 20", () => {
    const dir = mkdtempSync(join(tmpdir(), "atlas-node-version-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("stops at once with a message naming the version needed, touching nothing", async () => {
      const databasePath = join(dir, "atlas.db");
      const preload = new URL("./support/fixtures/node-20.mjs", import.meta.url).href;
      const result = await failToStart({ databasePath, preload: [preload] }, 15_000);

      expect(result.code).toBe(1);
      expect(result.listened).toBe(false);
      expect(result.stderr).toContain(`needs Node.js ${REQUIRED_NODE_VERSION}`);
      expect(result.stderr).toContain("this is 20.20.2");
      expect(existsSync(databasePath)).toBe(false);
    });
  });
});
