import { setImmediate as nextTurn } from "node:timers/promises";
import { METADATA_FORMATS, formatOf, type RecordContext } from "../formats";
import { collectionSet, fixedSets, setScope, setSpecsOf, type HarvestSet } from "../sets";
import type { HarvestHeader, HarvestRecord, HarvestStore, ListScope } from "../store";
import { element, text, utcSeconds } from "../xml";
import type { ListArguments, OaiError, OaiRequest } from "./request";
import { issueToken, readToken, TOKEN_LIFETIME_MS, type ListState } from "./tokens";

/*
 * The six verbs (OAI-PMH 2.0, section 4): each answers the XML inside its own element, or the
 * protocol's errors. Lists come LIST_PAGE_SIZE records at a time with a signed resumption token
 * (tokens.ts); the page read is bounded by the index, whatever the collection's size.
 */

/** Records (or headers, or sets) per page of a list. */
export const LIST_PAGE_SIZE = 100;
/**
 * Records written between two turns of the event loop: a page of EDM takes a few milliseconds, and
 * other requests (another harvester's, a visitor's) go between its parts, as between an export's
 * chunks (decision 067). The page holds its slot meanwhile, so at most that many are under way.
 */
const RECORDS_PER_TURN = 25;

export interface VerbContext extends RecordContext {
  store: HarvestStore;
  /** The tokens' signing key. */
  key: Buffer;
  now: number;
  /** The host in every identifier: oai:{host}:artifact/{id}. */
  host: string;
}

export type VerbAnswer = { ok: true; body: string } | { ok: false; errors: OaiError[] };

const answer = (body: string): VerbAnswer => ({ ok: true, body });
const errors = (...list: OaiError[]): VerbAnswer => ({ ok: false, errors: list });

/** oai:{host}:artifact/{id}: stable for as long as the site's host is. */
export function oaiIdentifier(host: string, artifactId: number): string {
  return `oai:${host}:artifact/${artifactId}`;
}

/** The artifact id an identifier names, or null when it names nothing of this repository. */
export function artifactIdOf(host: string, identifier: string): number | null {
  const prefix = `oai:${host}:artifact/`;
  if (!identifier.startsWith(prefix)) return null;
  const id = identifier.slice(prefix.length);
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null;
}

const idDoesNotExist: OaiError = {
  code: "idDoesNotExist",
  message: "No record has this identifier.",
};
const cannotDisseminate = (prefix: string): OaiError => ({
  code: "cannotDisseminateFormat",
  message: `The metadata format ${prefix} is not one this repository offers.`,
});
const badResumptionToken: OaiError = {
  code: "badResumptionToken",
  message: "The resumption token is not valid or has expired: start the list again.",
};
const noRecordsMatch: OaiError = {
  code: "noRecordsMatch",
  message: "No record matches these arguments.",
};

export async function runVerb(request: OaiRequest, context: VerbContext): Promise<VerbAnswer> {
  switch (request.verb) {
    case "Identify":
      return identify(context);
    case "ListMetadataFormats":
      return listMetadataFormats(request.identifier, context);
    case "ListSets":
      return listSets(request.resumptionToken, context);
    case "GetRecord":
      return getRecord(request.identifier, request.metadataPrefix, context);
    case "ListIdentifiers":
    case "ListRecords":
      return list(request.verb, request, context);
  }
}

function identify(context: VerbContext): VerbAnswer {
  const earliest = context.store.earliestDatestamp() ?? context.now;
  return answer(
    [
      element("repositoryName", context.identity.dataProvider),
      element("baseURL", `${context.origin}/oai`),
      "<protocolVersion>2.0</protocolVersion>",
      element("adminEmail", context.identity.adminEmail),
      `<earliestDatestamp>${utcSeconds(earliest)}</earliestDatestamp>`,
      "<deletedRecord>persistent</deletedRecord>",
      "<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>",
    ].join(""),
  );
}

function listMetadataFormats(identifier: string | null, context: VerbContext): VerbAnswer {
  if (identifier !== null) {
    const id = artifactIdOf(context.host, identifier);
    if (id === null || !context.store.record(id)) return errors(idDoesNotExist);
  }
  return answer(
    METADATA_FORMATS.map(
      (format) =>
        `<metadataFormat>${element("metadataPrefix", format.prefix)}${element("schema", format.schema)}${element("metadataNamespace", format.namespace)}</metadataFormat>`,
    ).join(""),
  );
}

/**
 * The fixed sets first, then the public collections' in id order, LIST_PAGE_SIZE a page: a token
 * carries how many were sent (the cursor) and the last collection's id, so a page reads its
 * collections along the key whatever their number, and one that became private meanwhile is
 * simply not read.
 */
function listSets(token: string | null, context: VerbContext): VerbAnswer {
  const fixed = fixedSets();
  let state: ListState;
  if (token !== null) {
    const read = readToken(context.key, token, context.now);
    if (!read || read.verb !== "ListSets") return errors(badResumptionToken);
    state = read;
  } else {
    state = {
      verb: "ListSets",
      prefix: null,
      set: null,
      from: null,
      until: null,
      afterDatestamp: 0,
      afterId: 0,
      cursor: 0,
      completeListSize: fixed.length + context.store.setCollectionCount(),
      expiresAt: 0,
    };
  }
  const page: HarvestSet[] = fixed.slice(state.cursor, state.cursor + LIST_PAGE_SIZE);
  // One more than the page's room: whether there is a next page, without counting again.
  const room = LIST_PAGE_SIZE - page.length;
  const collections = context.store.setCollections(state.afterId, room + 1);
  page.push(...collections.slice(0, room).map(collectionSet));
  if (page.length === 0) return errors(badResumptionToken);
  const body = page
    .map((set) => `<set>${element("setSpec", set.spec)}${element("setName", set.name)}</set>`)
    .join("");
  const sent = state.cursor + page.length;
  const next: ListState = {
    ...state,
    afterId: collections.slice(0, room).at(-1)?.id ?? state.afterId,
    cursor: sent,
    // Collections made public while the list is read: the size stays a true lower bound.
    completeListSize: Math.max(state.completeListSize, sent),
    expiresAt: context.now + TOKEN_LIFETIME_MS,
  };
  const more = collections.length > room;
  return answer(body + resumption(more, token !== null, next, state.cursor, context));
}

function getRecord(identifier: string, prefix: string, context: VerbContext): VerbAnswer {
  const format = formatOf(prefix);
  const id = artifactIdOf(context.host, identifier);
  const record = id === null ? undefined : context.store.record(id);
  const found = [
    ...(record ? [] : [idDoesNotExist]),
    ...(format ? [] : [cannotDisseminate(prefix)]),
  ];
  if (found.length > 0) return errors(...found);
  return answer(recordXml(record!, prefix, context));
}

/** The <header> of a record: deleted ones carry status="deleted" and nothing else. */
function headerXml(header: HarvestHeader, context: VerbContext): string {
  const status = header.harvestable ? "" : ' status="deleted"';
  return [
    `<header${status}>`,
    element("identifier", oaiIdentifier(context.host, header.artifactId)),
    `<datestamp>${utcSeconds(header.datestamp)}</datestamp>`,
    ...setSpecsOf(header).map((spec) => element("setSpec", spec)),
    "</header>",
  ].join("");
}

/** A <record>: its header, and its metadata only while it is harvestable and public. */
function recordXml(record: HarvestRecord, prefix: string, context: VerbContext): string {
  const header = headerXml(record.header, context);
  const format = formatOf(prefix);
  if (!record.artifact || !format) return `<record>${header}</record>`;
  return `<record>${header}<metadata>${format.write(record.artifact, context)}</metadata></record>`;
}

/** ListIdentifiers and ListRecords: a first page from the arguments, or the next one from a token. */
async function list(
  verb: "ListIdentifiers" | "ListRecords",
  args: ListArguments,
  context: VerbContext,
): Promise<VerbAnswer> {
  let state: ListState;
  if (args.resumptionToken !== undefined) {
    const read = readToken(context.key, args.resumptionToken, context.now);
    if (!read || read.verb !== verb || read.prefix === null) return errors(badResumptionToken);
    state = read;
  } else {
    if (!formatOf(args.metadataPrefix)) return errors(cannotDisseminate(args.metadataPrefix));
    const set = setScope(args.set);
    if (!set) return errors(noRecordsMatch);
    const completeListSize = context.store.count({ from: args.from, until: args.until, set });
    if (completeListSize === 0) return errors(noRecordsMatch);
    state = {
      verb,
      prefix: args.metadataPrefix,
      set: args.set,
      from: args.from,
      until: args.until,
      afterDatestamp: -1,
      afterId: 0,
      cursor: 0,
      completeListSize,
      expiresAt: 0,
    };
  }
  const set = setScope(state.set);
  if (!set) return errors(badResumptionToken);
  const scope: ListScope = { from: state.from, until: state.until, set };
  const after = { datestamp: state.afterDatestamp, artifactId: state.afterId };
  // One more than a page: whether there is a next one, without counting again.
  const records = context.store.records(scope, after, LIST_PAGE_SIZE + 1);
  const page = records.slice(0, LIST_PAGE_SIZE);
  // Every record left after the token moved past `until` while the list was read, or its
  // collection stopped being public: nothing more, and nothing of a collection no longer public.
  if (page.length === 0) return errors(noRecordsMatch);
  const last = page.at(-1)!.header;
  const next: ListState = {
    ...state,
    afterDatestamp: last.datestamp,
    afterId: last.artifactId,
    cursor: state.cursor + page.length,
    // The list may have grown while it was read; the size stays a true lower bound.
    completeListSize: Math.max(state.completeListSize, state.cursor + page.length),
    expiresAt: context.now + TOKEN_LIFETIME_MS,
  };
  const parts: string[] = [];
  for (const [index, record] of page.entries()) {
    if (index > 0 && index % RECORDS_PER_TURN === 0) await nextTurn();
    parts.push(
      verb === "ListRecords"
        ? recordXml(record, state.prefix!, context)
        : headerXml(record.header, context),
    );
  }
  const body = parts.join("");
  const resumed = args.resumptionToken !== undefined;
  return answer(
    body + resumption(records.length > LIST_PAGE_SIZE, resumed, next, state.cursor, context),
  );
}

/**
 * The <resumptionToken> after a page: the next page's token while there is more; an empty one on
 * the last page of a list that was resumed (the protocol's way of saying it is complete); nothing
 * on a list that fitted in one page.
 */
function resumption(
  more: boolean,
  resumed: boolean,
  next: ListState,
  cursor: number,
  context: VerbContext,
): string {
  const size = ` completeListSize="${next.completeListSize}" cursor="${cursor}"`;
  if (more) {
    const expires = ` expirationDate="${utcSeconds(next.expiresAt)}"`;
    return `<resumptionToken${expires}${size}>${text(issueToken(context.key, next))}</resumptionToken>`;
  }
  return resumed ? `<resumptionToken${size}/>` : "";
}
