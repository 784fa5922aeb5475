import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { newAccount } from "./support/auth";
import { startServer, stopServer, type ServerProcess } from "./support/server";

/*
 * Issue 29: started as the README starts it (no PUBLIC_ORIGIN), the server printed
 * http://127.0.0.1:PORT, and every write from that address was refused ("An error occurred during
 * signup"). Both loopback names are now the site's; a refused origin says what to set.
 */

const dir = mkdtempSync(join(tmpdir(), "atlas-printed-address-"));
let server: ServerProcess;

// A real start migrates and seeds a new database: on the shared two cores that can pass 10 s.
beforeAll(async () => {
  server = await startServer({
    databasePath: join(dir, "atlas.db"),
    env: { PUBLIC_ORIGIN: "" },
  });
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

function signUpFrom(origin: string) {
  return fetch(`${server.url}/trpc/auth.signup`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify(newAccount()),
  });
}

/** The log lines, parsed, once the server has had a moment to write them. */
async function logEntries(): Promise<Record<string, unknown>[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return server.stdout.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe("the address the start prints", () => {
  it("is named, with the address people open, in the start log", async () => {
    const messages = (await logEntries()).map((entry) => entry.msg);
    expect(messages).toContain(`Server listening at http://127.0.0.1:${server.port}`);
    expect(messages).toContain(`Artifact Atlas is at http://localhost:${server.port}`);
  });

  it("takes writes, as localhost does", async () => {
    for (const host of ["127.0.0.1", "localhost"]) {
      const answer = await signUpFrom(`http://${host}:${server.port}`);
      expect(answer.status, await answer.text()).toBe(200);
      expect(answer.headers.getSetCookie().join()).toContain("atlas_session=");
    }
  });

  it("refuses another address, saying what to set, and logs it once", async () => {
    const elsewhere = `http://192.0.2.7:${server.port}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await signUpFrom(elsewhere);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: MESSAGES.crossOriginRefused });
    }
    expect(MESSAGES.crossOriginRefused).toContain("PUBLIC_ORIGIN");
    const warnings = (await logEntries()).filter((entry) => entry.origin === elsewhere);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      allowedOrigins: [`http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`],
    });
    expect(String(warnings[0]!.msg)).toContain("set PUBLIC_ORIGIN");
  });
});
