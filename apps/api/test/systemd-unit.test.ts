import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MEMORY_BUDGET_MB } from "./attacks/support";

/** deploy/artifact-atlas.service: what a self-hoster copies to /etc/systemd/system. */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const UNIT = readFileSync(join(ROOT, "deploy/artifact-atlas.service"), "utf8");

function setting(name: string): string[] {
  return UNIT.split("\n")
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1));
}

describe("the systemd unit", () => {
  it("starts node with the same options as npm start", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(setting("ExecStart")).toEqual([
      `/opt/artifact-atlas/.node/bin/node ${pkg.config.serverNodeOptions} apps/api/dist/server.js`,
    ]);
  });

  it("gives node the same environment settings as npm start", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const assignment of pkg.config.serverEnvironment.split(" ")) {
      expect(setting("Environment")).toContain(assignment);
    }
  });

  it("restarts the server, bounds its memory and runs it with little privilege", () => {
    expect(setting("Restart")).toEqual(["always"]);
    // The server's heartbeats (watchdog.ts) reach systemd, which restarts a server that hangs.
    expect(setting("Type")).toEqual(["notify"]);
    expect(setting("NotifyAccess")).toEqual(["main"]);
    expect(setting("WatchdogSec")).toEqual(["30s"]);
    expect(setting("User")).toEqual(["atlas"]);
    expect(setting("MemoryMax")).toHaveLength(1);
    expect(setting("NoNewPrivileges")).toEqual(["yes"]);
    expect(setting("ProtectSystem")).toEqual(["strict"]);
    expect(setting("ReadWritePaths")).toEqual(["/opt/artifact-atlas/data"]);
    expect(setting("CapabilityBoundingSet")).toEqual([""]);
    expect(setting("UMask")).toEqual(["0077"]);
  });

  it("keeps the server's memory budget well under its memory limits", () => {
    const megabytes = (value: string) => Number(/^(\d+)M$/.exec(value)?.[1]);
    const [high] = setting("MemoryHigh").map(megabytes);
    const [max] = setting("MemoryMax").map(megabytes);
    expect(high).toBeGreaterThanOrEqual(MEMORY_BUDGET_MB + 64);
    expect(max).toBeGreaterThan(high as number);
  });

  it("is a unit systemd reads without a complaint", () => {
    // verify needs ExecStart's program to exist: point the unit at this checkout.
    const dir = mkdtempSync(join(tmpdir(), "atlas-unit-"));
    try {
      const local = join(dir, "artifact-atlas.service");
      writeFileSync(
        local,
        UNIT.replaceAll("/opt/artifact-atlas/.node/bin/node", process.execPath).replaceAll(
          "/opt/artifact-atlas",
          ROOT.replace(/\/$/, ""),
        ),
      );
      const result = spawnSync("systemd-analyze", ["verify", local], { encoding: "utf8" });
      expect(result.error).toBeUndefined();
      expect(result.stderr.trim()).toBe("");
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
