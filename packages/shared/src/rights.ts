/*
 * Rights (issue 30): each image's licence or rights statement is one of a fixed list of URIs, the
 * ones IIIF Presentation 3 accepts in `rights` (Creative Commons and RightsStatements.org, in the
 * http form their vocabularies use), and the site's metadata licence is one of the licences.
 * No zod here: the public page reads these on its first load.
 */
import type { Reuse } from "./reuse";

export interface RightsStatement {
  uri: string;
  /** The short name people know it by: "CC BY 4.0", "In Copyright". */
  name: string;
  reuse: Reuse;
}

const cc = (path: string, name: string, reuse: Reuse): RightsStatement => ({
  uri: `http://creativecommons.org/${path}/`,
  name,
  reuse,
});
const rs = (code: string, name: string, reuse: Reuse): RightsStatement => ({
  uri: `http://rightsstatements.org/vocab/${code}/1.0/`,
  name,
  reuse,
});

/** Every rights statement an image may carry, in the order the form offers them. */
export const RIGHTS_STATEMENTS = [
  cc("publicdomain/mark/1.0", "Public Domain Mark 1.0", "free"),
  cc("publicdomain/zero/1.0", "CC0 1.0", "free"),
  cc("licenses/by/4.0", "CC BY 4.0", "conditions"),
  cc("licenses/by-sa/4.0", "CC BY-SA 4.0", "conditions"),
  cc("licenses/by-nd/4.0", "CC BY-ND 4.0", "conditions"),
  cc("licenses/by-nc/4.0", "CC BY-NC 4.0", "conditions"),
  cc("licenses/by-nc-sa/4.0", "CC BY-NC-SA 4.0", "conditions"),
  cc("licenses/by-nc-nd/4.0", "CC BY-NC-ND 4.0", "conditions"),
  rs("InC", "In Copyright", "ask"),
  rs("InC-EDU", "In Copyright - Educational Use Permitted", "conditions"),
  rs("InC-NC", "In Copyright - Non-Commercial Use Permitted", "conditions"),
  rs("NoC-NC", "No Copyright - Non-Commercial Use Only", "conditions"),
  rs("NoC-OKLR", "No Copyright - Other Known Legal Restrictions", "conditions"),
  rs("CNE", "Copyright Not Evaluated", "unknown"),
] as const satisfies readonly RightsStatement[];

export type RightsUri = (typeof RIGHTS_STATEMENTS)[number]["uri"];

export const RIGHTS_URIS = RIGHTS_STATEMENTS.map((statement) => statement.uri) as [
  RightsUri,
  ...RightsUri[],
];

/** What an image carries when nobody has said: "Copyright Not Evaluated". */
export const NOT_EVALUATED: RightsUri = "http://rightsstatements.org/vocab/CNE/1.0/";

/** The licences the site's metadata may be published under (the Creative Commons ones). */
export const METADATA_LICENSES: readonly RightsUri[] = RIGHTS_STATEMENTS.filter(
  (statement) =>
    statement.uri.startsWith("http://creativecommons.org/licenses/") ||
    statement.uri === "http://creativecommons.org/publicdomain/zero/1.0/",
).map((statement) => statement.uri);

/** The site's settings for rights until an admin changes them (issue 30). */
export const DEFAULT_SITE_RIGHTS = {
  /** What the site's data about artifacts is published under: CC0 1.0. */
  metadataLicense: "http://creativecommons.org/publicdomain/zero/1.0/" as RightsUri,
  /** What the form proposes for an upload; the member may choose another. */
  uploadRights: NOT_EVALUATED,
};

export interface SiteRights {
  metadataLicense: RightsUri;
  uploadRights: RightsUri;
}

const BY_URI = new Map<string, RightsStatement>(
  RIGHTS_STATEMENTS.map((statement) => [statement.uri, statement]),
);

/** The statement of a URI; "Copyright Not Evaluated" for one not in the list. */
export function rightsStatement(uri: string): RightsStatement {
  return BY_URI.get(uri) ?? BY_URI.get(NOT_EVALUATED)!;
}

export function isRightsUri(value: string): value is RightsUri {
  return BY_URI.has(value);
}

/** The rights URIs whose reuse is one of `reuse`: what the Rights filter looks for. */
export function rightsOfReuse(reuse: readonly Reuse[]): RightsUri[] {
  return RIGHTS_URIS.filter((uri) => reuse.includes(rightsStatement(uri).reuse));
}
