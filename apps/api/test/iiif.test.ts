import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { normalize } from "@iiif/parser";
import { presentation3StrictUpgrade } from "@iiif/parser/strict";
import { NOT_EVALUATED, type ArtifactDetail } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Deep zoom with IIIF (issue 30): a three-image artifact's Presentation 3 manifest, read with a IIIF
 * library, and every tile its image services list, fetched and measured.
 */

let t: TestApp;
let alice: SignedInUser;
let artifact: ArtifactDetail;
let wide: UploadAnswer;
let tall: UploadAnswer;
const ELSEWHERE = "https://images.example.org/in-situ.jpg";
const CC_BY = "http://creativecommons.org/licenses/by/4.0/";
const PDM = "http://creativecommons.org/publicdomain/mark/1.0/";

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { name: "Alice Archivist" });
  const upload = async (file: Buffer) => {
    const response = await uploadImage(t.app, file, { cookie: alice.cookie });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as UploadAnswer;
  };
  wide = await upload(await jpeg(2600, 1700));
  tall = await upload(await jpeg(900, 1400));
  artifact = await addArtifact(t, alice, {
    artifactName: "Bronze Mirror",
    artifactImage: wide.url,
    imageAlt: "The polished face",
    images: [
      {
        url: wide.url,
        alt: "The polished face",
        caption: "Front",
        rights: CC_BY,
        credit: "Photo: Alice Archivist",
      },
      { url: ELSEWHERE, alt: "Where it was found", caption: "", credit: "" },
      { url: tall.url, alt: "The decorated back", caption: "Back", rights: PDM, credit: "" },
    ],
  });
});

afterAll(async () => {
  await t.close();
});

const manifestUrl = () => `/iiif/artifacts/${artifact.id}/manifest.json`;
const ORIGIN = "http://localhost:3000";

/** A path of this server from one of its absolute URLs. */
const pathOf = (url: string) => {
  expect(url.startsWith(ORIGIN), url).toBe(true);
  return url.slice(ORIGIN.length);
};

/** What these tests read of a manifest as served. */
interface Manifest {
  items: {
    width: number;
    height: number;
    items?: { items?: { body: unknown }[] }[];
  }[];
}

type LanguageMap = Record<string, string[]>;

/** What these tests read of the parser's normalized entities. */
interface Normalized {
  Manifest: Record<
    string,
    {
      label: LanguageMap;
      homepage: { id: string }[];
      metadata: { label: LanguageMap }[];
      items: { id: string }[];
    }
  >;
  Canvas: Record<
    string,
    {
      rights: string | null;
      label: LanguageMap;
      requiredStatement: unknown;
      width: number;
      height: number;
    }
  >;
  ContentResource: Record<string, unknown>;
}

interface Info {
  id: string;
  type: string;
  profile: string;
  width: number;
  height: number;
  tiles: { width: number; height?: number; scaleFactors: number[] }[];
}

/**
 * Every tile a level-0 info.json points to (IIIF Image API 3, "Image Tiles"), with the size its
 * path states: regions of tile × scale factor, the last ones cut at the image's edge.
 */
function tilesOf(info: Info): { path: string; width: number; height: number }[] {
  const tiles = [];
  for (const { width: tileWidth, height = tileWidth, scaleFactors } of info.tiles) {
    for (const scale of scaleFactors) {
      for (let y = 0; y < info.height; y += height * scale) {
        for (let x = 0; x < info.width; x += tileWidth * scale) {
          const w = Math.min(tileWidth * scale, info.width - x);
          const h = Math.min(height * scale, info.height - y);
          const whole = x === 0 && y === 0 && w === info.width && h === info.height;
          const region = whole ? "full" : `${x},${y},${w},${h}`;
          const size = { width: Math.ceil(w / scale), height: Math.ceil(h / scale) };
          tiles.push({ path: `${region}/${size.width},${size.height}/0/default.jpg`, ...size });
        }
      }
    }
  }
  return tiles;
}

describe("a public artifact's IIIF manifest", () => {
  it("is a Presentation 3 manifest a IIIF library reads without a warning, one canvas per image", async () => {
    const response = await rest(t.app, "GET", manifestUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(
      /^application\/ld\+json; ?profile="http:\/\/iiif\.io\/api\/presentation\/3\/context\.json"/,
    );
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const manifest = response.json() as Parameters<typeof presentation3StrictUpgrade>[0];

    const warnings: string[] = [];
    presentation3StrictUpgrade(structuredClone(manifest), { warnings });
    expect(warnings).toEqual([]);
    const normalized = normalize(manifest);
    const resource = normalized.resource as { id: string; type: string };
    const entities = normalized.entities as unknown as Normalized;
    expect(resource).toEqual({ id: `${ORIGIN}${manifestUrl()}`, type: "Manifest" });
    const parsed = entities.Manifest[resource.id]!;
    expect(parsed.label).toEqual({ none: ["Bronze Mirror"] });
    expect(parsed.homepage).toHaveLength(1);
    expect(entities.ContentResource[parsed.homepage[0]!.id]).toMatchObject({
      id: `${ORIGIN}/a/${artifact.id}/bronze-mirror`,
      type: "Text",
    });
    expect(parsed.metadata.map((pair) => pair.label.en?.[0])).toEqual([
      "Type",
      "Created",
      "Discovered",
      "Discovered by",
      "Present location",
      "Metadata licence",
    ]);
    expect(parsed.items).toHaveLength(3);

    const canvases = parsed.items.map((ref) => entities.Canvas[ref.id]!);
    expect(canvases.map((canvas) => canvas.rights)).toEqual([CC_BY, NOT_EVALUATED, PDM]);
    expect(canvases.map((canvas) => canvas.label)).toEqual([
      { none: ["Front"] },
      { none: ["Where it was found"] },
      { none: ["Back"] },
    ]);
    expect(canvases[0]!.requiredStatement).toEqual({
      label: { en: ["Credit"] },
      value: { none: ["Photo: Alice Archivist"] },
    });
    expect(canvases[2]!.requiredStatement).toBeNull();
    // The uploads' canvases have their masters' sizes; the one elsewhere a 4:3 box.
    expect(canvases.map((canvas) => [canvas.width, canvas.height])).toEqual([
      [2600, 1700],
      [1200, 900],
      [900, 1400],
    ]);
  });

  it("serves every tile its image services point to, each of the size its path states", async () => {
    const manifest = (await rest(t.app, "GET", manifestUrl())).json() as Manifest;
    const bodies = manifest.items.map(
      (canvas) => canvas.items![0]!.items![0]!.body as { id: string; service?: { id: string }[] },
    );
    expect(bodies[1]).toEqual({ id: ELSEWHERE, type: "Image" });
    let served = 0;
    for (const [index, upload] of [
      [0, wide],
      [2, tall],
    ] as const) {
      const body = bodies[index]!;
      const derivative = await rest(t.app, "GET", pathOf(body.id));
      expect(derivative.statusCode).toBe(200);
      const service = body.service![0]!;
      expect(service).toEqual({
        id: `${ORIGIN}/iiif/images/${upload.url.slice("/images/".length)}`,
        type: "ImageService3",
        profile: "level0",
      });
      const infoAnswer = await rest(t.app, "GET", `${pathOf(service.id)}/info.json`);
      expect(infoAnswer.statusCode).toBe(200);
      expect(infoAnswer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const info = infoAnswer.json() as Info;
      expect(info).toMatchObject({ id: service.id, type: "ImageService3", profile: "level0" });
      const canvas = manifest.items[index]!;
      expect([info.width, info.height]).toEqual([canvas.width, canvas.height]);
      const tiles = tilesOf(info);
      expect(tiles.length).toBeGreaterThan(4);
      for (const tile of tiles) {
        const answer = await rest(t.app, "GET", `${pathOf(service.id)}/${tile.path}`);
        expect(answer.statusCode, tile.path).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/jpeg");
        const { width, height, format } = await sharp(answer.rawPayload).metadata();
        expect({ width, height, format }, tile.path).toEqual({
          width: tile.width,
          height: tile.height,
          format: "jpeg",
        });
        served += 1;
      }
    }
    expect(served).toBeGreaterThan(20);
  });

  it("is linked from the artifact's answer: each upload's service, none for an image elsewhere", async () => {
    const answer = (await rest(t.app, "GET", `/artifacts/${artifact.id}`)).json() as {
      images: { url: string; service: string | null }[];
    };
    expect(answer.images.map((image) => [image.url, image.service])).toEqual([
      [wide.url, `/iiif/images/${wide.url.slice("/images/".length)}`],
      [ELSEWHERE, null],
      [tall.url, `/iiif/images/${tall.url.slice("/images/".length)}`],
    ]);
  });

  it("refuses paths that name no tile", async () => {
    const service = `/iiif/images/${wide.url.slice("/images/".length)}`;
    for (const path of [
      `${service}/full/max/0/default.jpg`,
      `${service}/0,0,512,512/512,512/90/default.jpg`,
      `${service}/0,0,512,512/512,512/0/gray.jpg`,
      `${service}/0,0,512,512/512,512/0/default.png`,
      `${service}/1,0,512,512/512,512/0/default.jpg`,
      `${service}/..%2F..%2F1600.jpg/512,512/0/default.jpg`,
      `/iiif/images/${"f".repeat(64)}/info.json`,
      `/iiif/images/..%2F..%2Ftest.db/info.json`,
    ]) {
      const response = await rest(t.app, "GET", path);
      expect(response.statusCode, path).toBe(404);
    }
  });
});
