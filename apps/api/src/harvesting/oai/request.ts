import { TOKEN_MAX_LENGTH } from "./tokens";

/*
 * An OAI-PMH request's arguments read as the protocol defines them (OAI-PMH 2.0, sections 3.1 and
 * 4): exactly one verb; for each verb its required, optional and exclusive arguments, none
 * repeated and no others; dates as YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, both of one granularity.
 * Everything is checked before anything is read, and a value that would not fit its place in the
 * answer's <request> element is a badArgument, so that every answer stays valid.
 */

export const VERBS = [
  "Identify",
  "ListMetadataFormats",
  "ListSets",
  "GetRecord",
  "ListIdentifiers",
  "ListRecords",
] as const;
export type Verb = (typeof VERBS)[number];

export type OaiErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noMetadataFormats"
  | "noRecordsMatch"
  | "noSetHierarchy";

export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

/** A list's arguments: the first request's, or a resumption token alone. */
export type ListArguments =
  | { resumptionToken: string }
  | {
      resumptionToken?: undefined;
      metadataPrefix: string;
      /** Milliseconds, both ends included; null when not given. */
      from: number | null;
      until: number | null;
      set: string | null;
    };

export type OaiRequest =
  | { verb: "Identify" }
  | { verb: "ListMetadataFormats"; identifier: string | null }
  | { verb: "ListSets"; resumptionToken: string | null }
  | { verb: "GetRecord"; identifier: string; metadataPrefix: string }
  | ({ verb: "ListIdentifiers" | "ListRecords" } & ListArguments);

export type ParsedRequest =
  | {
      ok: true;
      request: OaiRequest;
      /** The arguments as received, for the answer's <request> element. */
      echo: [string, string][];
    }
  | { ok: false; errors: OaiError[] };

type Argument = "identifier" | "metadataPrefix" | "from" | "until" | "set" | "resumptionToken";

/** Each verb's arguments: required ones, optional ones, and the exclusive one. */
const RULES: Record<Verb, { required: Argument[]; optional: Argument[]; exclusive?: Argument }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
  ListIdentifiers: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set"],
    exclusive: "resumptionToken",
  },
  ListRecords: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set"],
    exclusive: "resumptionToken",
  },
};

/** The schema's patterns for a metadataPrefix and a setSpec. */
const PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;
/** An identifier of printable characters without spaces: what an anyURI attribute can hold. */
const IDENTIFIER = /^[\x21-\x7E]+$/;
/** The longest identifier, prefix or set that can name anything here. */
const ARGUMENT_MAX_LENGTH = 256;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A UTCdatetime argument as a range of milliseconds, or null when it is not one. */
export function parseDatestamp(
  value: string,
): { first: number; last: number; granularity: "day" | "second" } | null {
  const day = DAY.exec(value);
  const second = day ? null : SECOND.exec(value);
  const parts = (day ?? second)?.slice(1).map(Number);
  if (!parts) return null;
  const [year, month, date, hours = 0, minutes = 0, seconds = 0] = parts as number[];
  const time = Date.UTC(year!, month! - 1, date!, hours, minutes, seconds);
  const check = new Date(time);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not exist is not accepted.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== date ||
    check.getUTCHours() !== hours ||
    check.getUTCMinutes() !== minutes ||
    check.getUTCSeconds() !== seconds
  ) {
    return null;
  }
  const span = day ? 24 * 60 * 60 * 1000 : 1000;
  return { first: time, last: time + span - 1, granularity: day ? "day" : "second" };
}

const badArgument = (message: string): OaiError => ({ code: "badArgument", message });

/** Reads the request's arguments (a query string's or a form body's pairs, in order). */
export function parseRequest(pairs: [string, string][]): ParsedRequest {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) values.set(name, [...(values.get(name) ?? []), value]);

  const verbs = values.get("verb") ?? [];
  if (verbs.length === 0)
    return fail({ code: "badVerb", message: "The verb argument is missing." });
  if (verbs.length > 1) return fail({ code: "badVerb", message: "The verb argument is repeated." });
  const verb = VERBS.find((each) => each === verbs[0]);
  if (!verb) return fail({ code: "badVerb", message: "The verb is not an OAI-PMH verb." });
  values.delete("verb");

  const rule = RULES[verb];
  const allowed = new Set<string>([...rule.required, ...rule.optional, rule.exclusive ?? ""]);
  // One error for all the unknown arguments, one for all the repeated ones: a request of a
  // thousand arguments gets an answer of two lines, not a thousand.
  const unknown = [...values.keys()].filter((name) => !allowed.has(name) || name === "");
  const repeated = [...values].filter(([name, given]) => allowed.has(name) && given.length > 1);
  const errors: OaiError[] = [];
  if (unknown.length > 0) {
    errors.push(badArgument(`${verb} takes no argument named ${namesOf(unknown)}.`));
  }
  if (repeated.length > 0) {
    errors.push(badArgument(`Repeated arguments: ${namesOf(repeated.map(([name]) => name))}.`));
  }
  if (errors.length > 0) return { ok: false, errors };

  const one = (name: Argument): string | undefined => values.get(name)?.[0];
  if (rule.exclusive && one(rule.exclusive) !== undefined) {
    if (values.size > 1) {
      return fail(badArgument(`${rule.exclusive} must be the only argument besides the verb.`));
    }
    const token = one(rule.exclusive)!;
    if (token.length > TOKEN_MAX_LENGTH) {
      return fail({ code: "badResumptionToken", message: "The resumption token is not valid." });
    }
  } else {
    for (const name of rule.required) {
      if (one(name) === undefined) errors.push(badArgument(`${verb} needs the argument ${name}.`));
    }
  }
  for (const name of ["identifier", "metadataPrefix", "set"] as const) {
    const value = one(name);
    if (value !== undefined && value.length > ARGUMENT_MAX_LENGTH) {
      errors.push(badArgument(`${name} is longer than ${ARGUMENT_MAX_LENGTH} characters.`));
    }
  }
  const identifier = one("identifier");
  if (identifier !== undefined && !IDENTIFIER.test(identifier)) {
    errors.push(badArgument("identifier is not a URI."));
  }
  const prefix = one("metadataPrefix");
  if (prefix !== undefined && !PREFIX.test(prefix)) {
    errors.push(badArgument("metadataPrefix has characters a metadata prefix cannot have."));
  }
  const set = one("set");
  if (set !== undefined && !SET_SPEC.test(set)) {
    errors.push(badArgument("set is not a setSpec."));
  }
  const dates = { from: one("from"), until: one("until") };
  const parsed = {
    from: dates.from === undefined ? null : parseDatestamp(dates.from),
    until: dates.until === undefined ? null : parseDatestamp(dates.until),
  };
  for (const name of ["from", "until"] as const) {
    if (dates[name] !== undefined && parsed[name] === null) {
      errors.push(
        badArgument(`${name} must be a date (YYYY-MM-DD) or a time (YYYY-MM-DDThh:mm:ssZ) in UTC.`),
      );
    }
  }
  if (parsed.from && parsed.until) {
    if (parsed.from.granularity !== parsed.until.granularity) {
      errors.push(badArgument("from and until must have the same granularity."));
    } else if (parsed.from.first > parsed.until.first) {
      errors.push(badArgument("from is later than until."));
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const echo = pairs.filter(([name]) => name !== "verb");
  const request = buildRequest(verb, {
    identifier: identifier ?? null,
    metadataPrefix: prefix ?? null,
    set: set ?? null,
    from: parsed.from?.first ?? null,
    until: parsed.until?.last ?? null,
    resumptionToken: one("resumptionToken") ?? null,
  });
  return { ok: true, request, echo: [["verb", verb], ...echo] };
}

interface Checked {
  identifier: string | null;
  metadataPrefix: string | null;
  set: string | null;
  from: number | null;
  until: number | null;
  resumptionToken: string | null;
}

/** The request of a verb whose arguments have all been checked against its rule. */
function buildRequest(verb: Verb, args: Checked): OaiRequest {
  switch (verb) {
    case "Identify":
      return { verb };
    case "ListMetadataFormats":
      return { verb, identifier: args.identifier };
    case "ListSets":
      return { verb, resumptionToken: args.resumptionToken };
    case "GetRecord":
      return { verb, identifier: args.identifier!, metadataPrefix: args.metadataPrefix! };
    case "ListIdentifiers":
    case "ListRecords":
      return args.resumptionToken !== null
        ? { verb, resumptionToken: args.resumptionToken }
        : {
            verb,
            metadataPrefix: args.metadataPrefix!,
            from: args.from,
            until: args.until,
            set: args.set,
          };
  }
}

function fail(error: OaiError): ParsedRequest {
  return { ok: false, errors: [error] };
}

/** Arguments' names in a message: the first few, each cut short, and how many in all. */
function namesOf(names: string[]): string {
  const shown = names
    .slice(0, 3)
    .map((name) => `"${name.length > 40 ? `${name.slice(0, 40)}…` : name}"`);
  return names.length > shown.length
    ? `${shown.join(", ")} and ${names.length - shown.length} more`
    : shown.join(", ");
}
