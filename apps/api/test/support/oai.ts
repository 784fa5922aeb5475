import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { XMLParser } from "fast-xml-parser";
import { expect } from "vitest";
import { memoryPages, validateXML } from "xmllint-wasm";

/*
 * OAI-PMH as a harvester sees it (issue 34): requests by GET or POST, every answer validated with
 * libxml2 (xmllint-wasm) against the protocol's schemas in xml-schemas/, and read with a real XML
 * parser, never with our own reading of our own text.
 */

const SCHEMA_DIR = join(import.meta.dirname, "xml-schemas");
const SCHEMAS = readdirSync(SCHEMA_DIR)
  .filter((name) => name.endsWith(".xsd"))
  .map((fileName) => ({ fileName, contents: readFileSync(join(SCHEMA_DIR, fileName), "utf8") }));
const ANSWERS_SCHEMA = SCHEMAS.find((file) => file.fileName === "answers.xsd")!;
const IMPORTED = SCHEMAS.filter((file) => file !== ANSWERS_SCHEMA);

/**
 * The schema's complaints about each answer, by file, nothing when every one is valid. Many
 * answers are checked in one run of xmllint (each run starts a worker and the WebAssembly module).
 */
export async function schemaErrors(answers: string[]): Promise<string[]> {
  if (answers.length === 0) return [];
  const result = await validateXML({
    xml: answers.map((contents, index) => ({ fileName: `answer-${index}.xml`, contents })),
    schema: ANSWERS_SCHEMA,
    preload: IMPORTED,
    // A few pages of EDM at once need more than the default 16 MiB.
    initialMemoryPages: 1024,
    maxMemoryPages: memoryPages.GiB,
  });
  return result.errors.map((error) => error.rawMessage);
}

/** Fails the test, naming each problem, unless every answer is valid OAI-PMH. */
export async function expectValidOai(answers: string[]): Promise<void> {
  expect(await schemaErrors(answers)).toEqual([]);
}

/** Elements that the protocol lets repeat, always read as arrays. */
const REPEATED = new Set([
  "record",
  "header",
  "setSpec",
  "set",
  "error",
  "metadataFormat",
  "adminEmail",
  "dc:title",
  "dc:description",
  "dc:type",
  "dc:identifier",
  "dc:relation",
  "entry",
  "link",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
});

// The parsed answer is read as a harvester reads it: loosely typed, checked by the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Parsed = any;

export function parseXml(xml: string): Parsed {
  return parser.parse(xml);
}

export interface OaiAnswer {
  status: number;
  contentType: string;
  body: string;
  /** The parsed <OAI-PMH> element. */
  oai: Parsed;
}

/** An OAI-PMH request by GET with these arguments (a query string, as a harvester builds it). */
export async function oaiGet(app: FastifyInstance, query: string): Promise<OaiAnswer> {
  const response = await app.inject({ method: "GET", url: `/oai?${query}` });
  return answerOf(response);
}

/** The same by POST, as a form (OAI-PMH 2.0, section 3.1.1.2). */
export async function oaiPost(app: FastifyInstance, body: string): Promise<OaiAnswer> {
  const response = await app.inject({
    method: "POST",
    url: "/oai",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: body,
  });
  return answerOf(response);
}

function answerOf(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): OaiAnswer {
  const parsed = response.statusCode === 200 ? parseXml(response.body) : {};
  return {
    status: response.statusCode,
    contentType: String(response.headers["content-type"] ?? ""),
    body: response.body,
    oai: parsed["OAI-PMH"],
  };
}

/** The error codes of an answer, in order; [] for an answer without errors. */
export function errorCodes(answer: OaiAnswer): string[] {
  return ((answer.oai?.error ?? []) as { "@code": string }[]).map((error) => error["@code"]);
}

/** The resumption token of a list page: its text (empty on the last page) and attributes. */
export function tokenOf(list: Parsed): {
  token: string;
  completeListSize?: string;
  cursor?: string;
  expirationDate?: string;
} | null {
  const element = list?.resumptionToken;
  if (element === undefined) return null;
  if (typeof element === "string") return { token: element };
  return {
    token: element["#text"] ?? "",
    completeListSize: element["@completeListSize"],
    cursor: element["@cursor"],
    expirationDate: element["@expirationDate"],
  };
}
