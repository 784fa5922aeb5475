import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { FEED_PATH, HARVESTING_MESSAGES, OAI_PATH, VOID_PATH } from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { ServiceError } from "../services/errors";
import { chargeRestWork } from "../work-budget";
import { feedAt, feedXml, FEED_ENTRIES } from "./feeds";
import { DEFAULT_METADATA_LICENSE, voidTurtle } from "./linked-data";
import { errorDocument, verbDocument } from "./oai/document";
import { parseRequest } from "./oai/request";
import { runVerb } from "./oai/verbs";
import { identityOf } from "./overview";
import { readHarvestSettings, readTokenKey } from "./settings";

/*
 * Issue 34's public doors: OAI-PMH 2.0 at /oai (GET and POST), the Atom feeds of new artifacts and
 * the dataset's VoID description. The artifacts' JSON-LD is answered by their own paths (/a/{id},
 * /artifacts/{id}) through linked-data.ts.
 */

/** A POST's form body: the longest request the protocol can make is a few hundred bytes. */
const OAI_BODY_LIMIT = 8 * 1024;
/** Seconds a harvester turned away for lack of a slot should wait. */
const HARVEST_RETRY_AFTER_SECONDS = 5;
/** Feeds and the dataset change when the collection does; readers are told to ask again. */
const FEED_CACHE_CONTROL = "public, max-age=60";

/** The host in every identifier: oai:{host}:artifact/{id}. */
function hostOf(origin: string): string {
  return new URL(origin).hostname;
}

async function oaiRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const origin = deps.env.publicOrigin;
  const host = hostOf(origin);
  const key = readTokenKey(deps.db);
  const { store, slots } = deps.harvesting;
  // Each page is charged to its client's budget of the server's time, as a REST request is.
  chargeRestWork(app, deps);
  // The protocol's POST is a form and nothing else (415 for any other body); in this scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: OAI_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const release = slots.take();
    if (!release) {
      // The protocol's flow control: 503 with Retry-After (OAI-PMH 2.0, section 3.1.2.2).
      throw new ServiceError(
        "SERVICE_UNAVAILABLE",
        HARVESTING_MESSAGES.busy,
        HARVEST_RETRY_AFTER_SECONDS,
      );
    }
    reply.raw.once("close", release);
    const query =
      request.method === "POST"
        ? typeof request.body === "string"
          ? request.body
          : ""
        : request.url.slice(request.url.indexOf("?") + 1 || request.url.length);
    const parsed = parseRequest([...new URLSearchParams(query)]);
    const now = deps.now();
    const envelope = { now, baseUrl: `${origin}${OAI_PATH}`, echo: parsed.ok ? parsed.echo : null };
    let document: string;
    if (!parsed.ok) {
      document = errorDocument(envelope, parsed.errors);
    } else {
      const result = await runVerb(parsed.request, {
        store,
        key,
        now,
        host,
        origin,
        identity: identityOf(deps),
      });
      document = result.ok
        ? verbDocument(envelope, parsed.request.verb, result.body)
        : errorDocument(envelope, result.errors);
    }
    return reply.header("cache-control", "no-store").type("text/xml; charset=utf-8").send(document);
  };
  app.get(OAI_PATH, answer);
  app.post(OAI_PATH, answer);
}

/**
 * A feed answers 304 when the reader already has it: its validators are the collection's last
 * change and the settings' (every entry's change moves the first, a type change or a hide too).
 */
async function feedRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const origin = deps.env.publicOrigin;
  const { store } = deps.harvesting;
  const send = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const feed = feedAt(path);
    if (!feed) return reply.code(404).send({ error: "Not found" });
    const settings = readHarvestSettings(deps.db);
    const changed = Math.max(store.latestDatestamp() ?? 0, settings.updatedAt);
    const etag = `"${feed.type ?? "all"}-${changed}"`;
    const lastModified = new Date(Math.floor(changed / 1000) * 1000).toUTCString();
    reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .header("etag", etag)
      .header("last-modified", lastModified);
    const ifNoneMatch = request.headers["if-none-match"];
    const ifModifiedSince = request.headers["if-modified-since"];
    const unchanged =
      ifNoneMatch !== undefined
        ? ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
    if (unchanged) return reply.code(304).send();
    const author = identityOf(deps).dataProvider;
    const entries = store.newest(feed.type, FEED_ENTRIES);
    return reply
      .type("application/atom+xml; charset=utf-8")
      .send(feedXml(feed, entries, { origin, author, fallback: changed || deps.now() }));
  };
  app.get(FEED_PATH, (request, reply) => send(request, reply, FEED_PATH));
  app.get<{ Params: { file: string } }>("/feeds/artifacts/:file", (request, reply) =>
    send(request, reply, `/feeds/artifacts/${request.params.file}`),
  );
}

async function datasetRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const origin = deps.env.publicOrigin;
  app.get(VOID_PATH, async (_request, reply) => {
    const publicArtifacts = deps.publicArtifacts;
    const turtle = voidTurtle({
      origin,
      publisher: identityOf(deps).dataProvider,
      license: DEFAULT_METADATA_LICENSE,
      entities: publicArtifacts.total(),
      exampleId: publicArtifacts.idAt(0) ?? null,
      modified: deps.harvesting.store.latestDatestamp() ?? deps.now(),
    });
    return reply
      .header("cache-control", FEED_CACHE_CONTROL)
      .type("text/turtle; charset=utf-8")
      .send(turtle);
  });
}

/** Harvesting, feeds and the dataset's description (issue 34). */
export const harvestingPlugin = fp(
  async (app) => {
    const { deps } = app;
    // Encapsulated: the form parser and the budget's hooks serve these routes alone.
    await app.register(async (scope) => oaiRoutes(scope, deps));
    await app.register(async (scope) => {
      chargeRestWork(scope, deps);
      await feedRoutes(scope, deps);
      await datasetRoutes(scope, deps);
    });
  },
  { name: "atlas-harvesting" },
);
