import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITS, NOT_EVALUATED } from "@artifact-atlas/shared";
import { MAX_CONNECTIONS_PER_CLIENT } from "../../src/connections";
import { closeDatabase, openDatabase } from "../../src/db/client";
import { artifactRevisions, artifacts, users } from "../../src/db/schema";
import { signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { copyTemplateDatabase } from "../support/template-database";
import { healthyThroughout, residentMegabytes } from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/*
 * GET /account/data for a member with thousands of maximal artifacts (a file of tens of MB),
 * downloaded by many clients at once from the server as npm start runs it (heap capped at 128 MB).
 * Built whole in memory, a few such answers would fill the heap; streamed a page at a time, the
 * server stays up and small, and every download is whole.
 */

const ARTIFACTS = 1_500;
const DOWNLOADERS = 6;
const ROUNDS = 2;
/** Resident memory the server may reach meanwhile (the budget of docs/operations.md). */
const RSS_MAX_MB = 300;

let dir: string;
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-data-downloads-"));
  const databasePath = join(dir, "atlas.db");
  copyTemplateDatabase(databasePath);
  server = await startServer({ databasePath, productionNodeOptions: true });
  cookie = await signUpOn(server.url, "hoarder@example.com");
  // Thousands of maximal artifacts, written straight into the database (the API would take long).
  const db = openDatabase(databasePath);
  const owner = db.select({ id: users.id }).from(users).all()[0]!.id;
  const long = (length: number) => "abcdefghij".repeat(length / 10 + 1).slice(0, length);
  db.transaction((tx) => {
    for (let i = 0; i < ARTIFACTS; i += 1) {
      const fields = {
        artifactName: `Maximal ${i} ${long(LIMITS.name - 20)}`,
        artifactImage: `https://images.example.org/${long(LIMITS.url - 40)}.jpg`,
        artifactType: "Documents" as const,
        historicalContext: long(LIMITS.historicalContext),
        createdAt: long(LIMITS.shortText),
        discoveredAt: long(LIMITS.shortText),
        discoveredBy: long(LIMITS.shortText),
        presentLocation: long(LIMITS.shortText),
        imageAlt: "",
      };
      const { id } = tx
        .insert(artifacts)
        .values({ ...fields, ownerId: owner, username: "Fault Tester" })
        .returning({ id: artifacts.id })
        .get();
      // Each with its first revision, as the API writes it: the history doubles the file.
      const images = [
        { url: fields.artifactImage, alt: "", caption: "", rights: NOT_EVALUATED, credit: "" },
      ];
      tx.insert(artifactRevisions)
        .values({
          artifactId: id,
          number: 1,
          actorId: owner,
          summary: "Created",
          fields: { ...fields, images },
        })
        .run();
    }
  });
  closeDatabase(db);
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

/** One download read as it arrives (the test process must stay free to watch the server). */
async function download(): Promise<{ status: number; bytes: number; end: string }> {
  const response = await fetch(`${server.url}/account/data`, { headers: { cookie } });
  let bytes = 0;
  let end = "";
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    end = (end + Buffer.from(chunk).toString("latin1")).slice(-8);
  }
  return { status: response.status, bytes, end };
}

describe("many downloads of a large account's data at once", () => {
  it("are each whole, and the server stays up and small", async () => {
    let peakMb = 0;
    const watchMemory = setInterval(() => {
      peakMb = Math.max(peakMb, residentMegabytes(server.child.pid!));
    }, 50);
    const attack = (async () => {
      const results = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        results.push(...(await Promise.all(Array.from({ length: DOWNLOADERS }, download))));
      }
      return results;
    })();
    try {
      const checks = await healthyThroughout(server.url, attack);
      const results = await attack;
      expect(checks).toBeGreaterThan(0);
      const whole = await fetch(`${server.url}/account/data`, { headers: { cookie } });
      const text = await whole.text();
      const data = JSON.parse(text) as { artifacts: unknown[]; history: unknown[] };
      expect(data.artifacts).toHaveLength(ARTIFACTS);
      expect(data.history).toHaveLength(ARTIFACTS);
      for (const result of results) {
        expect(result).toMatchObject({
          status: 200,
          bytes: Buffer.byteLength(text),
          end: text.slice(-8),
        });
      }
    } finally {
      clearInterval(watchMemory);
    }
    expect(peakMb).toBeGreaterThan(0);
    expect(peakMb).toBeLessThan(RSS_MAX_MB);
  });

  it("answers 401 to a client without a session, however many; past its share it is refused", async () => {
    // 200 at once from one address: each is answered 401, or its connection is closed at once
    // when the address already holds its share of connections (connections.ts).
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${server.url}/account/data`).then(
          (r) => r.status,
          () => "refused" as const,
        ),
      ),
    );
    const answered = outcomes.filter((outcome) => outcome !== "refused");
    expect(new Set(answered)).toEqual(new Set([401]));
    // The address's other connections (earlier tests' kept-alive ones) count towards its share.
    expect(answered.length).toBeGreaterThan(MAX_CONNECTIONS_PER_CLIENT / 2);
    expect((await fetch(`${server.url}/account/data`)).status).toBe(401);
  });
});
