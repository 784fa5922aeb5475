import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { MESSAGES } from "@artifact-atlas/shared";
import { jpeg } from "../support/images";
import { signUpOn } from "../support/server";
import {
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process";
import { healthyThroughout, MEMORY_BUDGET_MB, withPeakResident } from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/*
 * Image bombs (issue 28): small files that describe images whose decoding took the server to
 * 1.36 GB (a 1 KB 12-bit AVIF of 7071 × 7071, under the 50 megapixels allowed), 630 MB (a 16-bit
 * interlaced PNG), and four at once to 1.4 GB for minutes while every other upload got 503. Each
 * is sent to the production build started as npm start starts it (`pnpm build` first), whose
 * peak resident memory, read from the kernel's high-water mark, must stay under the server's
 * budget while a member's own photo still goes through.
 */

const BUNDLE = resolve(import.meta.dirname, "../../dist/server.js");

let dir: string;
let server: ServerProcess;
let attackers: string[];
let member: string;

function grey(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: "#808080" } });
}

/** A PNG whose header says `width` × `height` and whose data is a few bytes, written by hand. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface Bomb {
  name: string;
  make: () => Promise<Buffer>;
  message: string;
}

/** Each bomb, with what it did before issue 28: its size, and the server's peak from 123 MB. */
const BOMBS: Bomb[] = [
  {
    // 0.9 KB; 1,353 MB.
    name: "a 12-bit AVIF of 7071 × 7071",
    make: () => grey(7071, 7071).avif({ bitdepth: 12, effort: 0 }).toBuffer(),
    message: MESSAGES.imageTooLargeToOpen("12-bit AVIF", "50.0", "2.7"),
  },
  {
    // 2.2 MB; 646 MB.
    name: "a 16-bit interlaced PNG of 7071 × 7071",
    make: () => grey(7071, 7071, 4).toColourspace("rgb16").png({ progressive: true }).toBuffer(),
    message: MESSAGES.imageTooLargeToOpen("16-bit interlaced PNG", "50.0", "6.7"),
  },
  {
    // 74 bytes; refused as "not an image we can use", which did not say why.
    name: "a PNG declaring 20,000 × 20,000",
    make: async () => pngDeclaring(20_000, 20_000),
    message: MESSAGES.imageTooManyPixels,
  },
  {
    // A decompression bomb: 0.6 MB whose coefficients take 300 MB until its last scan; 452 MB.
    name: "a progressive JPEG of 7071 × 7071 that keeps all its colour",
    make: () => grey(7071, 7071).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer(),
    message: MESSAGES.imageTooLargeToOpen("progressive JPEG", "50.0", "10.1"),
  },
  {
    // 34 KB drawn on a canvas of 200 MB; 410 MB.
    name: "a GIF of 7071 × 7071",
    make: () => grey(7071, 7071).gif().toBuffer(),
    message: MESSAGES.imageTooLargeToOpen("GIF", "50.0", "13.4"),
  },
  {
    // 2.1 MB of 50 megapixels, which libvips reads in strips of rows of 280 KB each.
    name: "a 16-bit PNG of 35000 × 1428",
    make: () => grey(35_000, 1428, 4).toColourspace("rgb16").png().toBuffer(),
    message: MESSAGES.imageTooWideToOpen("16-bit PNG", 35_000, 5592),
  },
];

/** The bombs' files, made once. */
const files = new Map<Bomb, Buffer>();

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run pnpm build first`);
  dir = mkdtempSync(join(tmpdir(), "atlas-image-bombs-"));
  const starting = startServer({
    name: "the production server",
    entry: SERVER_FROM_BUILD,
    nodeOptions: serverNodeOptions(),
    env: {
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "http://localhost:3000",
      LOG_LEVEL: "warn",
      SEED_DEMO_COLLECTION: "false",
      WEB_DIST_PATH: join(dir, "no-web-build"),
      WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_PATH: join(dir, "atlas.db"),
    },
  });
  for (const bomb of BOMBS) files.set(bomb, await bomb.make());
  server = await starting;
  attackers = [];
  for (let index = 0; index < 4; index += 1) {
    attackers.push(await signUpOn(server.url, `attacker${index}@example.com`));
  }
  member = await signUpOn(server.url, "member@example.com");
});

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

function post(file: Buffer, cookie: string, filename = "photo.jpg") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  return fetch(`${server.url}/images`, { method: "POST", headers: { cookie }, body: form });
}

const pid = () => server.child.pid as number;

describe("image bombs against the production server", () => {
  it.each(BOMBS)("refuses $name from its header, saying why, within the budget", async (bomb) => {
    const { result, peakMb } = await withPeakResident(pid(), async () => {
      const response = await post(files.get(bomb) as Buffer, attackers[0] as string);
      return { status: response.status, body: await response.json() };
    });
    expect(result).toEqual({ status: 413, body: { error: bomb.message } });
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
  });

  it("lets a member's photo through while four accounts send every bomb at once", async () => {
    const photo = await jpeg(4000, 3000);
    const { result, peakMb } = await withPeakResident(pid(), async () => {
      const attacks = Promise.all(
        attackers.map(async (cookie) => {
          const statuses: number[] = [];
          for (const file of files.values()) statuses.push((await post(file, cookie)).status);
          return statuses;
        }),
      );
      const uploaded = post(photo, member);
      await healthyThroughout(server.url, Promise.all([attacks, uploaded]));
      return { attacks: await attacks, uploaded: (await uploaded).status };
    });
    expect(result.uploaded).toBe(201);
    for (const statuses of result.attacks) expect(statuses).toEqual(BOMBS.map(() => 413));
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
  });

  it("stays within the budget for images made to sit just under each kind's limit", async () => {
    const files = await Promise.all([
      grey(1930, 1930).avif({ effort: 0 }).toBuffer(),
      grey(1670, 1670).avif({ bitdepth: 12, effort: 0 }).toBuffer(),
      grey(2590, 2590, 4).toColourspace("rgb16").png({ progressive: true }).toBuffer(),
      grey(3660, 3660, 4).png({ progressive: true }).toBuffer(),
      grey(3180, 3180).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer(),
      grey(3660, 3660).gif().toBuffer(),
      grey(5590, 5590, 4).toColourspace("rgb16").png().toBuffer(),
      grey(7071, 7071).jpeg().toBuffer(),
    ]);
    const { result, peakMb } = await withPeakResident(pid(), async () => {
      const statuses: number[] = [];
      for (const file of files) statuses.push((await post(file, member)).status);
      return statuses;
    });
    expect(result).toEqual(files.map(() => 201));
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
  });
});
