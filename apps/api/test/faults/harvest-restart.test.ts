import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { expectValidOai, parseXml, tokenOf } from "../support/oai";
import { insertArtifacts } from "../support/harvesting";
import { startServer, stopServer, type ServerProcess } from "../support/server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/*
 * Issue 34's "done when": a harvest of the whole collection whose resumption tokens outlive the
 * server. The real server process is stopped and started again between pages (on the same port,
 * as a service manager restarts it), and the harvest goes on with the token it had.
 */

const ARTIFACTS = 350;

let dir: string;
let databasePath: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-harvest-restart-"));
  databasePath = join(dir, "atlas.db");
  server = await startServer({ databasePath });
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  insertArtifacts(db, ARTIFACTS);
  db.close();
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

it("goes on after a restart with the token it had, and gets every record once", async () => {
  const identifiers: string[] = [];
  const answers: string[] = [];
  let query = "verb=ListRecords&metadataPrefix=edm";
  let restarts = 0;
  for (let page = 0; page < 10; page += 1) {
    const answer = await fetch(`${server.url}/oai?${query}`);
    expect(answer.status).toBe(200);
    const body = await answer.text();
    answers.push(body);
    const list = parseXml(body)["OAI-PMH"].ListRecords;
    expect(list, body).toBeDefined();
    identifiers.push(
      ...list.record.map(
        (record: { header: [{ identifier: string }] }) => record.header[0].identifier,
      ),
    );
    const token = tokenOf(list)?.token;
    if (!token) break;
    // Between every two pages, a new server process on the same database and port.
    await stopServer(server);
    server = await startServer({ databasePath, port: server.port });
    restarts += 1;
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
  }
  expect(restarts).toBe(3);
  expect(identifiers).toHaveLength(ARTIFACTS);
  expect(new Set(identifiers).size).toBe(ARTIFACTS);
  await expectValidOai(answers);
});
