import { readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PUBLIC_CACHE_CONTROL } from "../public-pages/plugin";
import { imageRowsOf, iiifImageServicePath } from "../services/artifact-images";
import { ServiceError } from "../services/errors";
import { iiifCollection } from "../services/iiif/collection";
import { artifactManifest, PRESENTATION_CONTEXT } from "../services/iiif/manifest";
import { imageAccess } from "../services/images/access";
import { isImageHash } from "../services/images/storage";
import { siteRights } from "../services/site-rights";
import { getPublicArtifact } from "../services/public-artifacts";
import { artifactParams, collectionParams, failures } from "./declarations";
import { IMAGE_CACHE_CONTROL, openToEveryViewer, sendImageFile } from "./images";

/*
 * Deep zoom with IIIF (issue 30): each upload's IIIF Image API 3 level-0 service (the info.json
 * and tile pyramid sharp wrote beside its master), and each public artifact's IIIF Presentation 3
 * manifest. No image server: level 0 serves only the tiles that exist, as files. Who may see an
 * image's tiles is who may see the image (services/images/access.ts); a manifest exists only for a
 * public artifact. What anyone may see, any site's IIIF viewer may load: CORS and CORP say so.
 */

const IMAGE_CONTEXT = "http://iiif.io/api/image/3/context.json";
const JSON_LD = (profile: string) => `application/ld+json;profile="${profile}"`;

/** A tile's path as sharp's iiif3 layout names it: "full" or x,y,w,h; then w,h. */
const REGION = /^(full|\d{1,5},\d{1,5},\d{1,5},\d{1,5})$/;
const SIZE = /^\d{1,5},\d{1,5}$/;

const hash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "Image not found")
  .describe("The upload's SHA-256 in hex, as in its path /images/<hash>.");

const notFound = (what: string) => ({ reasons: { 404: what } });

/** A JSON-LD answer of a IIIF profile, documented by its context rather than a schema. */
function iiifDocument(description: string, profile: string) {
  return { description, content: { [JSON_LD(profile)]: { schema: z.object({}).passthrough() } } };
}

/** A Presentation document (a manifest, a collection): public, so any site and cache may keep it. */
function sendPresentation(reply: FastifyReply, body: unknown): FastifyReply {
  openToEveryViewer(reply);
  return reply
    .header("cache-control", PUBLIC_CACHE_CONTROL)
    .type(JSON_LD(PRESENTATION_CONTEXT))
    .send(body);
}

/** How the image's IIIF files may be kept, or 404 for whoever may not see the image. */
function accessTo(request: FastifyRequest, reply: FastifyReply, hash: string): string {
  const viewer = request.session?.user ?? null;
  const access = isImageHash(hash) ? imageAccess(reply.server.deps.images, hash, viewer) : null;
  if (access === null) throw new ServiceError("NOT_FOUND", "Image not found");
  if (access === "public") openToEveryViewer(reply);
  return IMAGE_CACHE_CONTROL[access];
}

export async function iiifRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const origin = deps.env.publicOrigin;

  const info = {
    operationId: "getIiifImageInfo",
    summary: "An upload's IIIF Image API 3 information (info.json)",
    description:
      "The level-0 image service of an uploaded image: its master's size and its tiles (512 px, scale factors by powers of two), each at /iiif/images/{hash}/{region}/{size}/0/default.jpg as listed by the tiles. Public (with CORS for any site) while a public artifact shows the image; otherwise only for curators, admins, its uploader and the owners of artifacts that show it, uncached.",
    security: [{}],
    params: z.object({ hash }),
    response: {
      200: iiifDocument("The info.json.", IMAGE_CONTEXT),
      ...failures([404], notFound("No such image with tiles, or not one you may see.")),
    },
  };
  api.get("/iiif/images/:hash/info.json", { schema: info }, async (request, reply) => {
    const { hash } = request.params;
    const cacheControl = accessTo(request, reply, hash);
    let stored: Record<string, unknown>;
    try {
      stored = JSON.parse(await readFile(deps.images.storage.tileOf(hash, "info.json"), "utf8"));
    } catch {
      throw new ServiceError("NOT_FOUND", "Image not found");
    }
    // sharp wrote a placeholder id; the service's id is its address here.
    const answer = { ...stored, id: `${origin}${iiifImageServicePath(hash)}` };
    return reply.header("cache-control", cacheControl).type(JSON_LD(IMAGE_CONTEXT)).send(answer);
  });

  const tile = {
    operationId: "getIiifTile",
    summary: "One tile of an upload's IIIF level-0 pyramid",
    description:
      "Only the tiles that info.json lists exist (level 0): region x,y,w,h (or full) and size w,h as the iiif3 layout names them, rotation 0, default.jpg. Who may get it, and its caching, as for info.json.",
    security: [{}],
    params: z.object({
      hash,
      region: z.string().regex(REGION, "Tile not found").describe("x,y,w,h or full."),
      size: z.string().regex(SIZE, "Tile not found").describe("w,h."),
      rotation: z.literal("0", { error: "Tile not found" }).describe("0."),
      quality: z.literal("default.jpg", { error: "Tile not found" }).describe("default.jpg."),
    }),
    response: {
      200: {
        description: "The tile, a JPEG.",
        content: { "image/jpeg": { schema: z.string().meta({ format: "binary" }) } },
      },
      ...failures([404], notFound("No such tile, or not an image you may see.")),
    },
  };
  api.get(
    "/iiif/images/:hash/:region/:size/:rotation/:quality",
    { schema: tile },
    async (request, reply) => {
      const { hash, region, size } = request.params;
      const cacheControl = accessTo(request, reply, hash);
      const path = deps.images.storage.tileOf(hash, region, size, "0", "default.jpg");
      return sendImageFile(reply, path, "jpg", cacheControl);
    },
  );

  const manifest = {
    operationId: "getIiifManifest",
    summary: "A public artifact as a IIIF Presentation API 3 manifest",
    description:
      "One canvas per image, in order, each with its rights (a Creative Commons or RightsStatements.org URI) and, when it has one, a requiredStatement for its credit; an upload's canvas has the master's size and its level-0 image service, an image elsewhere a 4:3 canvas without a service. Label, summary, metadata (type, created, discovered, present location, the metadata licence) and homepage (its public page). Open it in any IIIF viewer; CORS for any site. Only public artifacts have one: anything else is answered 404, whoever asks.",
    security: [{}],
    params: artifactParams,
    response: {
      200: iiifDocument("The manifest (cached 60 s).", PRESENTATION_CONTEXT),
      ...failures([404], notFound("No public artifact with this id.")),
    },
  };
  api.get("/iiif/artifacts/:id/manifest.json", { schema: manifest }, async (request, reply) => {
    const artifact = getPublicArtifact(deps.publicArtifacts, { id: request.params.id });
    const body = artifactManifest({
      artifact,
      images: imageRowsOf(deps.db, artifact.id),
      origin,
      metadataLicense: siteRights(deps.db).metadataLicense,
    });
    return sendPresentation(reply, body);
  });

  const collection = {
    operationId: "getIiifCollection",
    summary: "A collection as a IIIF Presentation API 3 Collection of its artifacts' manifests",
    description:
      "The manifests of the collection's public artifacts in its order (a saved search's newest first), at most 500, each labelled with its name and, when it has one, summarised by its note; label, summary, metadata and homepage (/c/{id}) of the collection. What anyone may see, without a session: a public or unlisted collection; a private, hidden or trashed one is answered 404, whoever asks. CORS for any site.",
    security: [{}],
    params: collectionParams,
    response: {
      200: iiifDocument("The IIIF Collection (cached 60 s).", PRESENTATION_CONTEXT),
      ...failures([404], notFound("No collection anyone may see with this id.")),
    },
  };
  api.get(
    "/iiif/collections/:id/collection.json",
    { schema: collection },
    async (request, reply) => {
      const body = iiifCollection(
        deps.artifactStore,
        request.params.id,
        origin,
        siteRights(deps.db).metadataLicense,
      );
      return sendPresentation(reply, body);
    },
  );
}
