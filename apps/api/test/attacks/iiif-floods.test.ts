import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { MAX_CONNECTIONS_PER_CLIENT } from "../../src/connections";
import { ClientMachines } from "../support/client-machines";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { healthyThroughout, MEMORY_BUDGET_MB, withPeakResident } from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/*
 * Floods of the IIIF doors (issue 30) against the real server process with npm start's heap cap:
 * one client asking for a public image's tiles over and over on as many connections as it may
 * open, and for sizes the level-0 pyramid never made. Tiles are files written at upload, so no
 * request decodes anything: the server stays within its memory budget, answers /healthz within a
 * second throughout, and what it refuses it refuses with the one "too busy" answer. The flooding
 * client is a machine of its own (its own loopback address) holding as many connections as the
 * server allows one address; the health checks come from another.
 */

/** The flooding client's machine: every connection the server allows one address. */
const machines = new ClientMachines(MAX_CONNECTIONS_PER_CLIENT);

let dir: string;
let server: ServerProcess;
let service: string;
let tiles: string[];

/** A photo-like upload: coloured noise, so that its tiles are as large as a detailed photo's. */
function noisyPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 110, sigma: 40 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

interface Info {
  width: number;
  height: number;
  tiles: { width: number; height?: number; scaleFactors: number[] }[];
}

/** Every tile a level-0 info.json lists, as paths below its service. */
function tilePaths(info: Info): string[] {
  const paths = [];
  for (const { width: tileWidth, height = tileWidth, scaleFactors } of info.tiles) {
    for (const scale of scaleFactors) {
      for (let y = 0; y < info.height; y += height * scale) {
        for (let x = 0; x < info.width; x += tileWidth * scale) {
          const w = Math.min(tileWidth * scale, info.width - x);
          const h = Math.min(height * scale, info.height - y);
          const whole = w === info.width && h === info.height;
          const region = whole ? "full" : `${x},${y},${w},${h}`;
          paths.push(`${region}/${Math.ceil(w / scale)},${Math.ceil(h / scale)}/0/default.jpg`);
        }
      }
    }
  }
  return paths;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-iiif-floods-"));
  server = await startServer({ databasePath: join(dir, "atlas.db"), productionNodeOptions: true });
  const cookie = await signUpOn(server.url, "photographer@example.com");
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await noisyPhoto(3000, 2000))]), "mirror.jpg");
  const uploaded = await fetch(`${server.url}/images`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await request(server.url, "POST", "/trpc/artifacts.create", {
    cookie,
    body: {
      artifactName: "Bronze Mirror",
      artifactImage: url,
      artifactType: "Tools",
      historicalContext: "A polished bronze mirror.",
      createdAt: "100 BC",
      discoveredAt: "1902",
      discoveredBy: "A field survey",
      presentLocation: "A regional museum",
      imageAlt: "",
    },
  });
  expect(created.status).toBe(200);
  service = `${server.url}/iiif/images/${url.slice("/images/".length)}`;
  const info = (await (await fetch(`${service}/info.json`)).json()) as Info;
  tiles = tilePaths(info);
});

afterAll(async () => {
  await machines.close();
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * `workers` connections of one client, each asking for `paths[i]` in turn until `total` asks
 * were made; answers each status with whether a refusal said when to come back.
 */
async function flood(paths: string[], workers: number, total: number) {
  let next = 0;
  const answers: { status: number; retryAfter: boolean }[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        const path = paths[next % paths.length] as string;
        next += 1;
        const response = await fetch(`${service}/${path}`, {
          dispatcher: machines.for("flooder"),
        });
        await response.arrayBuffer();
        answers.push({
          status: response.status,
          retryAfter: response.headers.get("retry-after") !== null,
        });
      }
    }),
  );
  return answers;
}

const pid = () => server.child.pid as number;

describe("IIIF floods against the production server", () => {
  it("serves a public image's tiles to a client on every connection it may open, within budget", async () => {
    expect(tiles.length).toBeGreaterThan(30);
    const workers = MAX_CONNECTIONS_PER_CLIENT;
    const { result, peakMb } = await withPeakResident(pid(), async () => {
      const answers = flood(tiles, workers, 3_000);
      await healthyThroughout(server.url, answers);
      return answers;
    });
    const statuses = new Set(result.map((answer) => answer.status));
    // Every tile, or the one "too busy" answer that says when to come back; nothing else.
    expect([...statuses].filter((status) => ![200, 429, 503].includes(status))).toEqual([]);
    expect(result.filter((answer) => answer.status !== 200 && !answer.retryAfter)).toEqual([]);
    expect(result.filter((answer) => answer.status === 200).length).toBeGreaterThan(tiles.length);
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
  });

  it("answers sizes the pyramid never made with a 404 each, decoding nothing", async () => {
    const made = new Set(tiles);
    const unmade: string[] = [];
    for (let width = 64; unmade.length < 500; width += 1) {
      const path = `full/${width},${Math.round((width * 2) / 3)}/0/default.jpg`;
      if (!made.has(path)) unmade.push(path);
    }
    const { result, peakMb } = await withPeakResident(pid(), async () => {
      const answers = flood(unmade, 16, 2_000);
      await healthyThroughout(server.url, answers);
      return answers;
    });
    expect(new Set(result.map((answer) => answer.status))).toEqual(new Set([404]));
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
  });
});
