import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ARTIFACT_TYPES,
  FEED_PATH,
  HARVESTING_MESSAGES,
  OAI_PATH,
  typeFeedPath,
  VOID_PATH,
} from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { failures } from "../rest/declarations";
import { restErrorHandler } from "../rest/http";
import { ServiceError } from "../services/errors";
import { holdSlot } from "../open-data/slots";
import { feedAt, feedXml, FEED_ENTRIES } from "./feeds";
import { voidTurtle } from "./linked-data";
import { siteRights } from "../services/site-rights";
import { errorDocument, verbDocument } from "./oai/document";
import { parseRequest } from "./oai/request";
import { runVerb } from "./oai/verbs";
import { identityOf } from "./overview";
import { readHarvestSettings, readTokenKey } from "./settings";

/*
 * Issue 34's public doors: OAI-PMH 2.0 at /oai (GET and POST), the Atom feeds of new artifacts and
 * the dataset's VoID description. They are REST paths (rest/index.ts registers them): their
 * declarations document them in /openapi.json as what they are, XML and Turtle, and the REST
 * scope charges each request to its client's budget of work. The artifacts' JSON-LD is answered
 * by their own paths (/a/{id}, /artifacts/{id}) through linked-data.ts.
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

/**
 * The protocol's flow control is 503 with Retry-After (OAI-PMH 2.0, section 3.1.2.2): harvesters
 * wait and ask again on it, where many give a whole harvest up on a 429. A harvester that has
 * spent its budget of work (decision 100) is told so the protocol's way (decision 117).
 */
function asFlowControl(error: FastifyError | ServiceError): FastifyError | ServiceError {
  if (!(error instanceof ServiceError) || error.code !== "TOO_MANY_REQUESTS") return error;
  return new ServiceError("SERVICE_UNAVAILABLE", error.message, error.retryAfterSeconds);
}

const OAI_ARGUMENTS =
  "The protocol's arguments (OAI-PMH 2.0, section 3.1.1): verb, and as the verb takes them identifier, metadataPrefix (oai_dc or edm), from and until (UTC, to the day or the second), set (type, type:{Type}, collection, or collection:{id} for a public collection) and resumptionToken. A request the protocol does not allow is answered 200 with its error in the XML (badVerb, badArgument, badResumptionToken, cannotDisseminateFormat, idDoesNotExist, noRecordsMatch, noSetHierarchy), as the protocol says; lists come 100 records a page, with a resumption token valid for 48 hours that outlives a restart. No sign-in needed; only public artifacts are harvested (deleted ones by their header alone).";

const OAI_ANSWER = {
  description: "An OAI-PMH 2.0 answer (XML, valid against the protocol's schema), errors included.",
  content: { "text/xml": { schema: z.string() } },
};

const OAI_FAILURES = failures([413, 415, 503], {
  reasons: {
    413: "The form is larger than 8 KiB.",
    415: "The body is not a form (application/x-www-form-urlencoded).",
    503: "Every harvest slot is taken, or this client has spent its budget of the server's time; Retry-After says how many seconds to wait (the protocol's flow control).",
  },
});

async function oaiRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const origin = deps.env.publicOrigin;
  const host = hostOf(origin);
  const key = readTokenKey(deps.db);
  const { store, slots } = deps.harvesting;
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) =>
    restErrorHandler(asFlowControl(error), request, reply),
  );
  // The protocol's POST is a form and nothing else (415 for any other body); in this scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: OAI_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    holdSlot(slots, reply, {
      code: "SERVICE_UNAVAILABLE",
      message: HARVESTING_MESSAGES.busy,
      retryAfterSeconds: HARVEST_RETRY_AFTER_SECONDS,
    });
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
  // The arguments are read by the protocol's rules (parseRequest), never by a schema: a repeated
  // or unknown one is the protocol's badArgument in XML, not a 400.
  app.get(
    OAI_PATH,
    {
      schema: {
        operationId: "oaiPmhGet",
        summary: "OAI-PMH 2.0: harvest the public collection in Dublin Core or EDM",
        description: `${OAI_ARGUMENTS} Example: ${OAI_PATH}?verb=ListRecords&metadataPrefix=edm.`,
        security: [{}],
        response: { 200: OAI_ANSWER, ...OAI_FAILURES },
      },
    },
    answer,
  );
  app.post(
    OAI_PATH,
    {
      schema: {
        operationId: "oaiPmhPost",
        summary: "OAI-PMH 2.0 by POST: the same arguments as a form",
        description: OAI_ARGUMENTS,
        security: [{}],
        documentedBody: {
          "application/x-www-form-urlencoded": {
            schema: { type: "string", description: "The arguments, e.g. verb=Identify." },
          },
        },
        response: { 200: OAI_ANSWER, ...OAI_FAILURES },
      },
    },
    answer,
  );
}

const FEED_ANSWER = {
  description:
    "An Atom 1.0 feed (RFC 4287) of the newest public artifacts, with ETag and Last-Modified.",
  content: { "application/atom+xml": { schema: z.string() } },
};

const NOT_MODIFIED = z
  .null()
  .describe("Unchanged since If-None-Match or If-Modified-Since: no body.");

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
  app.get(
    FEED_PATH,
    {
      schema: {
        operationId: "feedOfNewArtifacts",
        summary: "Atom feed of newly published artifacts",
        description: `The ${FEED_ENTRIES} newest public artifacts, newest first. Conditional GET answers 304 while nothing changed.`,
        security: [{}],
        response: { 200: FEED_ANSWER, 304: NOT_MODIFIED },
      },
    },
    (request, reply) => send(request, reply, FEED_PATH),
  );
  app.get<{ Params: { file: string } }>(
    "/feeds/artifacts/:file",
    {
      schema: {
        operationId: "feedOfNewArtifactsOfAType",
        summary: "Atom feed of one type's newly published artifacts",
        description: `As ${FEED_PATH}, for one type: ${ARTIFACT_TYPES.map(typeFeedPath).join(", ")}.`,
        security: [{}],
        params: z.object({
          file: z.string().describe("The type in lower case, then .atom (e.g. tools.atom)."),
        }),
        response: {
          200: FEED_ANSWER,
          304: NOT_MODIFIED,
          ...failures([404], { reasons: { 404: "No feed of this name." } }),
        },
      },
    },
    (request, reply) => send(request, reply, `/feeds/artifacts/${request.params.file}`),
  );
}

async function datasetRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const origin = deps.env.publicOrigin;
  app.get(
    VOID_PATH,
    {
      schema: {
        operationId: "datasetDescription",
        summary: "The dataset's description (VoID and DCAT, in Turtle)",
        description:
          "The licence of the metadata, how many public artifacts, the formats and every endpoint: OAI-PMH, the export, the feeds.",
        security: [{}],
        response: {
          200: {
            description: "VoID and DCAT in Turtle.",
            content: { "text/turtle": { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const publicArtifacts = deps.publicArtifacts;
      const turtle = voidTurtle({
        origin,
        publisher: identityOf(deps).dataProvider,
        license: siteRights(deps.db).metadataLicense,
        entities: publicArtifacts.total(),
        exampleId: publicArtifacts.idAt(0) ?? null,
        modified: deps.harvesting.store.latestDatestamp() ?? deps.now(),
      });
      return reply
        .header("cache-control", FEED_CACHE_CONTROL)
        .type("text/turtle; charset=utf-8")
        .send(turtle);
    },
  );
}

/**
 * Harvesting, feeds and the dataset's description (issue 34), registered in the REST scope: its
 * error handler, its budget of work and its OpenAPI document serve them too.
 */
export async function harvestingRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  // Encapsulated: the form parser and the protocol's flow control serve /oai alone.
  await app.register(async (scope) => oaiRoutes(scope, deps));
  await feedRoutes(app, deps);
  await datasetRoutes(app, deps);
}
