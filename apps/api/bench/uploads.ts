import sharp from "sharp";
import { folderBytes } from "../src/services/images/storage";
import { rssMb } from "./load";

/*
 * Uploads (issues 19 and 30): 10 photos of 24 megapixels posted one after another to POST /images
 * of the production server, timing each and sampling the server's resident memory every 50 ms.
 * libvips works outside the JavaScript heap, so RSS is what shows whether one-image-at-a-time keeps
 * it in budget. Each becomes a master, 8 derivatives, a placeholder and a IIIF tile pyramid: what
 * they take on disk is measured per image.
 */

export const UPLOAD_BENCH = {
  images: 10,
  width: 6000,
  height: 4000,
  /** systemd's MemoryHigh for the server (docs/operations.md): the budget RSS must stay under. */
  memoryHighMb: 384,
};

export interface UploadBench {
  images: number;
  width: number;
  height: number;
  totalMb: number;
  seconds: number;
  perImageMsP50: number;
  perImageMsMax: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  failures: number;
  /** What one upload's files (master, derivatives, tiles) take on disk, on average. */
  diskMbPerImage: number;
}

/** A 24-megapixel JPEG of coloured noise: large, as a camera's photos are, and each different. */
function largePhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: UPLOAD_BENCH.width,
      height: UPLOAD_BENCH.height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 110 + seed, sigma: 40 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A new member's session cookie, signed up through tRPC as the web app does. */
export async function signUpForUploads(origin: string): Promise<string> {
  const response = await fetch(`${origin}/trpc/auth.signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userName: "Bench Uploader",
      email: `uploader-${Date.now()}@example.com`,
      password: "Uploads123",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .find((value) => /^(__Host-)?atlas_session=./.test(value));
  if (!response.ok || !cookie) throw new Error(`sign-up for the upload bench: ${response.status}`);
  return cookie;
}

/** Uploads one photo and answers the path of its 640 px WebP, for the read scenarios. */
export async function uploadOne(origin: string, cookie: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await largePhoto(99))]), "IMG_0002.jpg");
  const response = await fetch(`${origin}/images`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  const body = (await response.json()) as { url?: string };
  if (response.status !== 201 || !body.url)
    throw new Error(`upload for the bench: ${response.status}`);
  return `${body.url}/640.webp`;
}

export async function measureUploads(
  origin: string,
  cookie: string,
  pid: number,
  /** The server's images folder, whose growth is the uploads' disk use. */
  imagesDir: string,
): Promise<UploadBench> {
  const diskBefore = await folderBytes(imagesDir);
  const photos: Buffer[] = [];
  for (let index = 0; index < UPLOAD_BENCH.images; index += 1) photos.push(await largePhoto(index));
  const rssBeforeMb = rssMb(pid) ?? Number.NaN;
  let rssPeakMb = rssBeforeMb;
  const sampling = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid) ?? 0);
  }, 50);
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  try {
    for (const photo of photos) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(photo)]), "IMG_0001.jpg");
      const before = performance.now();
      const response = await fetch(`${origin}/images`, {
        method: "POST",
        headers: { cookie },
        body: form,
      });
      await response.arrayBuffer();
      times.push(performance.now() - before);
      if (response.status !== 201) failures += 1;
    }
  } finally {
    clearInterval(sampling);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    images: photos.length,
    width: UPLOAD_BENCH.width,
    height: UPLOAD_BENCH.height,
    totalMb: photos.reduce((sum, photo) => sum + photo.length, 0) / 1e6,
    seconds,
    perImageMsP50: median(times),
    perImageMsMax: Math.max(...times),
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb: rssMb(pid) ?? Number.NaN,
    failures,
    diskMbPerImage: ((await folderBytes(imagesDir)) - diskBefore) / 1e6 / photos.length,
  };
}

/** The report's section on uploads. */
export function renderUploads(result: UploadBench | undefined): string[] {
  if (!result) return [];
  const fixed = (value: number, digits = 1) => value.toFixed(digits);
  const met = result.rssPeakMb < UPLOAD_BENCH.memoryHighMb && result.failures === 0;
  return [
    "## Image uploads (POST /images)",
    "",
    `${result.images} JPEGs of ${result.width} × ${result.height} pixels (${fixed(result.totalMb)} MB in all, ` +
      "coloured noise, so each is as large as a detailed photo) posted one after another by one " +
      "signed-in client to the production server, which makes each into a master, 8 derivatives, " +
      "a placeholder and a IIIF tile pyramid (apps/api/bench/uploads.ts).",
    "",
    "| images | MB | seconds | images/s | MB/s | per image p50 ms | max ms | RSS before MB | RSS peak MB | RSS after MB | disk MB per image | failures |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${result.images} | ${fixed(result.totalMb)} | ${fixed(result.seconds)} | ` +
      `${fixed(result.images / result.seconds, 2)} | ${fixed(result.totalMb / result.seconds, 2)} | ` +
      `${fixed(result.perImageMsP50, 0)} | ${fixed(result.perImageMsMax, 0)} | ${fixed(result.rssBeforeMb, 0)} | ` +
      `${fixed(result.rssPeakMb, 0)} | ${fixed(result.rssAfterMb, 0)} | ` +
      `${Number.isFinite(result.diskMbPerImage) ? fixed(result.diskMbPerImage) : "-"} | ${result.failures} |`,
    "",
    `- Server RSS while processing stays under its memory budget (systemd MemoryHigh ` +
      `${UPLOAD_BENCH.memoryHighMb} MB): ${fixed(result.rssPeakMb, 0)} MB at the peak — ` +
      (met ? "**met**" : "**missed**"),
    "",
  ];
}
