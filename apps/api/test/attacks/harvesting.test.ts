import { request as httpRequest, type IncomingMessage } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_CONCURRENT_HARVEST_ANSWERS } from "../../src/harvesting";
import { insertArtifacts } from "../support/harvesting";
import { parseXml } from "../support/oai";
import { startServer, stopServer, type ServerProcess } from "../support/server";
import {
  MEMORY_BUDGET_MB,
  healthyThroughout,
  residentMegabytes,
  withPeakResident,
} from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/*
 * Issue 34's open doors as an attacker would try them, against the real server process with npm
 * start's heap cap: forged and altered resumption tokens, huge and repeated arguments, many
 * harvests at once (fast and stalled), and POST bodies that are too large or not forms. The server
 * must answer health within a second throughout and stay within its memory budget.
 */

const ARTIFACTS = 5_000;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-harvest-attacks-"));
  const databasePath = join(dir, "atlas.db");
  // One address runs every harvester here: without a larger budget of work (decision 100), that
  // address would be answered 429 before the harvest's own slots are put to the test.
  server = await startServer({
    databasePath,
    productionNodeOptions: true,
    env: { WORK_BUDGET_MS_PER_MINUTE: "600000" },
  });
  // Long records, written beside the running server: a page of EDM is then about 400 kB.
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  insertArtifacts(db, ARTIFACTS, () => ({ imageAlt: "An image of a long object. ".repeat(20) }));
  db.close();
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

const oai = (query: string) => fetch(`${server.url}/oai?${query}`);
const codesOf = (xml: string): string[] =>
  (parseXml(xml)["OAI-PMH"]?.error ?? []).map((error: { "@code": string }) => error["@code"]);

async function firstToken(): Promise<string> {
  const answer = await oai("verb=ListRecords&metadataPrefix=edm");
  const list = parseXml(await answer.text())["OAI-PMH"].ListRecords;
  return list.resumptionToken["#text"];
}

describe("forged resumption tokens", () => {
  it("are refused with badResumptionToken, however they are made", async () => {
    const token = await firstToken();
    const [payload, signature] = token.split(".") as [string, string];
    const state = JSON.parse(Buffer.from(payload, "base64url").toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const forgeries = [
      // Skip ahead, widen the list, lengthen its life, point past the end: the signature no longer fits.
      `${encode({ ...state, cursor: 4_000, afterId: 4_000 })}.${signature}`,
      `${encode({ ...state, set: "type:Tools", completeListSize: 1 })}.${signature}`,
      `${encode({ ...state, expiresAt: Number.MAX_SAFE_INTEGER })}.${signature}`,
      // A signature of the right length but another key, none, or two.
      `${payload}.${Buffer.alloc(16).toString("base64url")}`,
      payload,
      `${payload}.${signature}.${signature}`,
      // Not JSON, JSON of the wrong shape, a huge number.
      `${Buffer.from("{").toString("base64url")}.${signature}`,
      `${encode({ ...state, cursor: "0" })}.${signature}`,
      `${encode({ ...state, afterDatestamp: 1e308 })}.${signature}`,
    ];
    const attack = Promise.all(
      forgeries.map(async (forged) => {
        const answer = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(forged)}`);
        expect(answer.status).toBe(200);
        expect(codesOf(await answer.text())).toEqual(["badResumptionToken"]);
      }),
    );
    await healthyThroughout(server.url, attack);
  });
});

describe("huge and repeated arguments", () => {
  it("are refused before anything is read, and the server stays up", async () => {
    const attack = (async () => {
      const long = await oai(
        `verb=GetRecord&metadataPrefix=oai_dc&identifier=${"x".repeat(12_000)}`,
      );
      expect(codesOf(await long.text())).toEqual(["badArgument"]);
      const token = await oai(`verb=ListRecords&resumptionToken=${"A".repeat(12_000)}`);
      expect(codesOf(await token.text())).toEqual(["badResumptionToken"]);
      const repeated = await oai(`verb=ListRecords&metadataPrefix=edm${"&set=type".repeat(1_000)}`);
      expect(codesOf(await repeated.text())).toEqual(["badArgument"]);
      const many = await oai(
        `verb=Identify${Array.from({ length: 1_000 }, (_, i) => `&a${i}=1`).join("")}`,
      );
      expect(codesOf(await many.text())).toEqual(["badArgument"]);
      // Past Node's header limit (16 KB) the request never reaches the routes.
      const tooLong = await oai(`verb=Identify&x=${"y".repeat(40_000)}`);
      expect(tooLong.status).toBe(431);
    })();
    await healthyThroughout(server.url, attack);
  });
});

describe("POST bodies", () => {
  const post = (body: string | Buffer, type = "application/x-www-form-urlencoded") =>
    fetch(`${server.url}/oai`, { method: "POST", headers: { "content-type": type }, body });

  it("take a form of a few kilobytes, and refuse more or anything else", async () => {
    const form = await post("verb=ListIdentifiers&metadataPrefix=oai_dc&set=type:Tools");
    expect(codesOf(await form.text())).toEqual([]);
    expect((await post(`verb=Identify&padding=${"z".repeat(64 * 1024)}`)).status).toBe(413);
    expect((await post(JSON.stringify({ verb: "Identify" }), "application/json")).status).toBe(415);
    expect((await post(Buffer.alloc(4_000, 0xff))).status).toBe(200);
    const binary = await post(Buffer.alloc(4_000, 0xff));
    expect(codesOf(await binary.text())).toEqual(["badVerb"]);
  });
});

/** Starts a ListRecords page and stops reading once its headers are in. */
function stalledHarvest(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/oai?verb=ListRecords&metadataPrefix=edm`,
      (response) => {
        response.pause();
        resolve(response);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("many harvests at once", () => {
  it("share a bounded pool of slots: the rest are told to retry, nothing else fails", async () => {
    const before = residentMegabytes(server.child.pid!);
    let harvests: number[][] = [];
    const { peakMb } = await withPeakResident(server.child.pid!, async () => {
      await healthyThroughout(
        server.url,
        Promise.all(
          // Three times the slots, within the connections one address may hold (64).
          Array.from({ length: 3 * MAX_CONCURRENT_HARVEST_ANSWERS }, async () => {
            // A whole harvest of the collection, 50 pages, as fast as it goes.
            let query = "verb=ListRecords&metadataPrefix=edm";
            const seen: number[] = [];
            for (let page = 0; page < 200; page += 1) {
              const answer = await oai(query);
              seen.push(answer.status);
              if (answer.status === 503) {
                // As a harvester does: wait as long as Retry-After says, and ask again.
                expect(answer.headers.get("retry-after")).toBe("5");
                await answer.arrayBuffer();
                await new Promise((wait) => setTimeout(wait, 5_000));
                continue;
              }
              // The token alone, by a pattern: parsing each page would load the two cores more
              // than the server does (the protocol tests read pages with a parser).
              const token = /<resumptionToken[^>]*>([^<]+)</.exec(await answer.text())?.[1];
              if (!token) break;
              query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
            }
            return seen;
          }),
        ).then((seen) => (harvests = seen)),
      );
    });
    // Every harvest got every page, some after being told to retry; no other status.
    for (const statuses of harvests) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(ARTIFACTS / 100);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    }
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
    expect(before).toBeLessThan(MEMORY_BUDGET_MB);
  });

  it("stalled readers hold no more than their pages, and every other request is answered", async () => {
    const pid = server.child.pid!;
    const { peakMb } = await withPeakResident(pid, async () => {
      const stalled = await Promise.all(
        Array.from({ length: 3 * MAX_CONCURRENT_HARVEST_ANSWERS }, () => stalledHarvest()),
      );
      try {
        // The feeds and the rest of the site do not wait for harvests.
        const feed = await fetch(`${server.url}/feeds/artifacts.atom`);
        expect(feed.status).toBe(200);
        await feed.arrayBuffer();
        await healthyThroughout(server.url, new Promise((wait) => setTimeout(wait, 1_000)));
      } finally {
        for (const response of stalled) response.destroy();
      }
    });
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
    // Whatever slots the stalled readers held come back when they go.
    await new Promise((wait) => setTimeout(wait, 200));
    const after = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_HARVEST_ANSWERS }, () => oai("verb=Identify")),
    );
    expect(after.map((answer) => answer.status)).toEqual(
      Array.from({ length: MAX_CONCURRENT_HARVEST_ANSWERS }, () => 200),
    );
  });
});
