import Negotiator from "negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { artifactId, BRAND, FEED_PATH, OAI_PATH, VOID_PATH } from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { appendVary } from "../plugins/cors";
import { artifactJsonLd } from "../public-pages/head";
import { siteRights } from "../services/site-rights";
import type { PublicArtifactStore } from "../store/public-artifacts";

/*
 * Linked data (issue 34, decision 116): an artifact's page and its API path answer JSON-LD to a
 * client that asks for it (content negotiation on Accept), in schema.org's terms, the same
 * description the page's own JSON-LD block carries; and the dataset describes itself in VoID.
 */

export const JSON_LD = "application/ld+json";

/** Whether the request's Accept prefers JSON-LD to every other type the path can answer. */
export function prefersJsonLd(request: FastifyRequest, others: string[]): boolean {
  const negotiator = new Negotiator({ headers: { accept: request.headers.accept ?? "*/*" } });
  return negotiator.mediaType([...others, JSON_LD]) === JSON_LD;
}

/**
 * Answers the artifact as JSON-LD when it is public, and 404 otherwise, whoever asks: linked data
 * is the public description, never an owner's or a curator's view of something hidden. Cached as
 * the public page is (`cacheControl`, decision 065).
 */
export function sendArtifactJsonLd(
  reply: FastifyReply,
  artifact: { store: PublicArtifactStore; id: number | null },
  context: { origin: string; cacheControl: string; metadataLicense: string },
): FastifyReply {
  appendVary(reply, "Accept");
  const found = artifact.id === null ? undefined : artifact.store.byId(artifact.id);
  if (!found) {
    return reply
      .code(404)
      .header("cache-control", "no-cache")
      .type(`${JSON_LD}; charset=utf-8`)
      .send(JSON.stringify({ error: "Not found" }));
  }
  return reply
    .header("cache-control", context.cacheControl)
    .type(`${JSON_LD}; charset=utf-8`)
    .send(JSON.stringify(artifactJsonLd(found, context.origin, context.metadataLicense)));
}

/**
 * GET /artifacts/{id}'s first hook: JSON-LD for a client that prefers it to JSON and HTML, before
 * the web app's page and the REST answer. A signed-in client's answer is private, as the page's.
 */
export function linkedDataFor(deps: Pick<Deps, "publicArtifacts" | "env" | "db">) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!prefersJsonLd(request, ["application/json", "text/html"])) return;
    // Before validation: the id is still the path's text.
    const id = artifactId.safeParse((request.params as { id?: unknown }).id);
    const personal = request.headers.cookie !== undefined;
    return sendArtifactJsonLd(
      reply,
      { store: deps.publicArtifacts, id: id.success ? id.data : null },
      {
        origin: deps.env.publicOrigin,
        cacheControl: personal ? "private, no-store" : "public, max-age=60",
        metadataLicense: siteRights(deps.db).metadataLicense,
      },
    );
  };
}

/** What the dataset description says of the site. */
export interface DatasetFacts {
  origin: string;
  publisher: string;
  /** The metadata's licence: the site's setting (Admin → Rights). */
  license: string;
  /** Public artifacts now. */
  entities: number;
  /** A public artifact's id, for void:exampleResource; null when there is none. */
  exampleId: number | null;
  /** The collection's last change, in ms. */
  modified: number;
}

/** A Turtle string literal. */
function literal(value: string): string {
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r");
  return `"${escaped}"`;
}

/** A Turtle IRI; only our own origin and fixed paths go here, so only `>` and spaces could break it. */
function iri(value: string): string {
  return `<${encodeURI(decodeURI(value))}>`;
}

/**
 * The dataset in VoID and DCAT (Turtle): its licence, formats, and the ways to reach it, each a
 * distribution: OAI-PMH, the export (CSV and JSON-LD), the Atom feed, the REST API. IIIF joins
 * them when images have manifests (issue 30).
 */
export function voidTurtle(facts: DatasetFacts): string {
  const { origin } = facts;
  const dataset = iri(`${origin}${VOID_PATH}#dataset`);
  const distribution = (url: string, mediaType: string, conformsTo: string, title: string) =>
    [
      "  dcat:distribution [",
      "    a dcat:Distribution ;",
      `    dcterms:title ${literal(title)} ;`,
      `    dcat:accessURL ${iri(url)} ;`,
      `    dcat:mediaType ${literal(mediaType)} ;`,
      `    dcterms:conformsTo ${iri(conformsTo)}`,
      "  ] ;",
    ].join("\n");
  return [
    "@prefix void: <http://rdfs.org/ns/void#> .",
    "@prefix dcat: <http://www.w3.org/ns/dcat#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "@prefix foaf: <http://xmlns.com/foaf/0.1/> .",
    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .",
    "",
    `${dataset} a void:Dataset, dcat:Dataset ;`,
    `  dcterms:title ${literal(BRAND)} ;`,
    `  dcterms:description ${literal("Historical artifacts described by a community of historians, researchers and enthusiasts.")} ;`,
    `  dcterms:publisher ${literal(facts.publisher)} ;`,
    `  dcterms:license ${iri(facts.license)} ;`,
    `  dcterms:modified ${literal(new Date(facts.modified).toISOString())}^^xsd:dateTime ;`,
    `  foaf:homepage ${iri(`${origin}/`)} ;`,
    `  void:rootResource ${iri(`${origin}/allartifacts`)} ;`,
    `  void:uriSpace ${literal(`${origin}/a/`)} ;`,
    ...(facts.exampleId === null
      ? []
      : [`  void:exampleResource ${iri(`${origin}/a/${facts.exampleId}`)} ;`]),
    `  void:entities ${facts.entities} ;`,
    "  void:vocabulary <https://schema.org/>, <http://www.europeana.eu/schemas/edm/>, <http://purl.org/dc/elements/1.1/> ;",
    "  void:feature <http://www.w3.org/ns/formats/JSON-LD>, <http://www.w3.org/ns/formats/Turtle> ;",
    `  void:dataDump ${iri(`${origin}/export?format=json`)}, ${iri(`${origin}/export?format=csv`)} ;`,
    distribution(
      `${origin}${OAI_PATH}`,
      "text/xml",
      "http://www.openarchives.org/OAI/2.0/",
      "OAI-PMH 2.0 (oai_dc, edm)",
    ),
    distribution(
      `${origin}/export?format=json`,
      JSON_LD,
      "https://schema.org/",
      "Export as JSON-LD",
    ),
    distribution(
      `${origin}/export?format=csv`,
      "text/csv",
      "https://www.rfc-editor.org/rfc/rfc4180",
      "Export as CSV",
    ),
    distribution(
      `${origin}${FEED_PATH}`,
      "application/atom+xml",
      "https://www.rfc-editor.org/rfc/rfc4287",
      "Atom feed of new artifacts",
    ),
    distribution(
      `${origin}/openapi.json`,
      "application/json",
      "https://spec.openapis.org/oas/v3.1.0",
      "REST API",
    ),
    `  dcterms:subject ${literal("cultural heritage")} .`,
    "",
  ].join("\n");
}
