import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import {
  artifactId,
  COLLECTION_ITEMS_PAGE_SIZE,
  collectionId,
  OPEN_DATA_MESSAGES,
} from "@artifact-atlas/shared";
import { getCollection } from "../services/collections/collections";
import { collectionItems } from "../services/collections/items";
import { collectionPageHead } from "./collection-head";
import { prefersJsonLd, sendArtifactJsonLd } from "../harvesting/linked-data";
import { textStream } from "../open-data/export";
import { appendVary } from "../plugins/cors";
import { getPublicArtifact } from "../services/public-artifacts";
import { siteRights } from "../services/site-rights";
import { ServiceError } from "../services/errors";
import { holdSlot } from "../open-data/slots";
import { notFoundHead, pageTemplate, publicPageHead } from "./head";
import {
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  sitemapPartCount,
  sitemapUrls,
} from "./sitemap";

/**
 * How long a browser or a shared cache may keep a public answer: short, so that an artifact hidden
 * or removed stops being shown within a minute (docs/decisions/066-public-answers-caching.md).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";

/** The page for a request that carries cookies, as plugins/private-answers.ts answers others. */
const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Seconds a crawler turned away for lack of a slot should wait, as an export's reader does. */
const SITEMAP_RETRY_AFTER_SECONDS = 5;

/** /a/{id} or /a/{id}/{slug}: the id, or null for any other shape. */
function idOfPublicPath(wildcard: string): number | null {
  const match = /^(\d+)(?:\/[^/]*)?$/.exec(wildcard);
  if (!match) return null;
  const parsed = artifactId.safeParse(match[1]);
  return parsed.success ? parsed.data : null;
}

/**
 * The public side of the collection (issue 21): each public artifact's page at /a/{id}/{slug}
 * with its tags written by the server, the sitemap and robots.txt.
 */
export const publicPagesPlugin = fp(
  async (app) => {
    const { deps } = app;
    const origin = deps.env.publicOrigin;
    const store = deps.publicArtifacts;

    app.get("/robots.txt", async (_request, reply) =>
      reply
        .header("cache-control", PUBLIC_CACHE_CONTROL)
        .type("text/plain; charset=utf-8")
        .send(robotsTxt(origin)),
    );

    const sendXml = (reply: FastifyReply, body: string | Readable) =>
      reply
        .header("cache-control", PUBLIC_CACHE_CONTROL)
        .type("application/xml; charset=utf-8")
        .send(body);

    /**
     * A sitemap of up to 50,000 pages, streamed in one of the export's slots: 40 at once, each
     * reading its rows a thousand at a time, kept /healthz waiting past a second (issue 28).
     */
    const sendUrlset = (reply: FastifyReply, after: number) => {
      holdSlot(deps.exportSlots, reply, {
        code: "SERVICE_UNAVAILABLE",
        message: OPEN_DATA_MESSAGES.sitemapBusy,
        retryAfterSeconds: SITEMAP_RETRY_AFTER_SECONDS,
      });
      return sendXml(
        reply,
        textStream(sitemapUrls(origin, store.sitemap, { after, count: SITEMAP_MAX_URLS })),
      );
    };

    // One sitemap while the pages fit in one, else an index of parts (sitemaps.org's limit).
    app.get("/sitemap.xml", async (_request, reply) => {
      const parts = sitemapPartCount(store.total());
      if (parts > 1) return sendXml(reply, sitemapIndex(origin, parts));
      return sendUrlset(reply, 0);
    });

    app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
      const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const number = part ? Number(part[1]) : 0;
      const skip = (number - 1) * SITEMAP_MAX_URLS;
      const after = number === 1 ? 0 : store.idAt(skip - 1);
      if (number < 1 || after === undefined || number > sitemapPartCount(store.total())) {
        return reply.code(404).send({ error: "Not found" });
      }
      return sendUrlset(reply, after);
    });

    const template = app.webApp.template;
    const page = template === null ? null : pageTemplate(template);
    const notFoundPage = page?.(notFoundHead());
    // The web app shows its not-found screen; the status says so to crawlers.
    const sendNotFound = (reply: FastifyReply, error: unknown) => {
      if (!(error instanceof ServiceError) || error.code !== "NOT_FOUND") throw error;
      return reply
        .code(404)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(notFoundPage);
    };

    app.get<{ Params: { "*": string } }>("/a/*", async (request, reply) => {
      const id = idOfPublicPath(request.params["*"]);
      // A signed-in visitor's answer may renew their session cookie: no shared cache keeps it.
      const personal = request.headers.cookie !== undefined;
      const cacheControl = personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
      // Issue 34: the same address answers linked data to a client that asks for it.
      if (prefersJsonLd(request, ["text/html"])) {
        const { metadataLicense } = siteRights(deps.db);
        return sendArtifactJsonLd(reply, { store, id }, { origin, cacheControl, metadataLicense });
      }
      appendVary(reply, "Accept");
      if (page === null) return reply.callNotFound();
      try {
        if (id === null) throw new ServiceError("NOT_FOUND", "not a public page address");
        const artifact = getPublicArtifact(store, { id });
        return reply
          .header("cache-control", cacheControl)
          .type("text/html; charset=utf-8")
          .send(page(publicPageHead(artifact, origin, siteRights(deps.db).metadataLicense)));
      } catch (error) {
        return sendNotFound(reply, error);
      }
    });

    // Issue 32: a collection's page, its head written by the server for whoever may see it.
    app.get<{ Params: { id: string } }>("/c/:id", async (request, reply) => {
      if (page === null) return reply.callNotFound();
      const personal = request.headers.cookie !== undefined;
      const viewer = request.session?.user ?? null;
      try {
        const parsed = collectionId.safeParse(request.params.id);
        if (!parsed.success) throw new ServiceError("NOT_FOUND", "not a collection address");
        const collection = getCollection(deps.artifactStore, viewer, { id: parsed.data });
        const items = collectionItems(deps.artifactStore, viewer, {
          id: parsed.data,
          page: 1,
          pageSize: COLLECTION_ITEMS_PAGE_SIZE,
        }).items;
        const shared = collection.visibility !== "private" && !personal;
        return reply
          .header("cache-control", shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
          .type("text/html; charset=utf-8")
          .send(page(collectionPageHead(collection, items, origin)));
      } catch (error) {
        return sendNotFound(reply, error);
      }
    });
  },
  { name: "atlas-public-pages", dependencies: ["atlas-spa"] },
);
