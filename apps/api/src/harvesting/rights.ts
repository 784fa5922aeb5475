/*
 * The rights statements Europeana accepts in edm:rights (its "available rights statements": the
 * Creative Commons licences and tools, and six of RightsStatements.org's), exactly as it wants the
 * URIs: http, not https, with the trailing slash. Issue 30 gives each image one of a list close to
 * this; the Harvesting screen counts the records whose rights Europeana would refuse.
 */

/** Any version of a Creative Commons licence (1.0 to 4.0, ported ones too). */
const CREATIVE_COMMONS_LICENCE =
  /^http:\/\/creativecommons\.org\/licenses\/(by|by-sa|by-nd|by-nc|by-nc-sa|by-nc-nd)\/\d\.\d\/([a-z]{2}\/)?$/;

/** "Copyright Not Evaluated": accepted, though Europeana shows such records least. */
export const COPYRIGHT_NOT_EVALUATED = "http://rightsstatements.org/vocab/CNE/1.0/";

const OTHER_ACCEPTED = new Set([
  "http://creativecommons.org/publicdomain/mark/1.0/",
  "http://creativecommons.org/publicdomain/zero/1.0/",
  "http://rightsstatements.org/vocab/InC/1.0/",
  "http://rightsstatements.org/vocab/InC-EDU/1.0/",
  "http://rightsstatements.org/vocab/InC-OW-EU/1.0/",
  "http://rightsstatements.org/vocab/NoC-NC/1.0/",
  "http://rightsstatements.org/vocab/NoC-OKLR/1.0/",
  COPYRIGHT_NOT_EVALUATED,
]);

/** Whether Europeana takes `uri` as a record's edm:rights. */
export function europeanaAccepts(uri: string): boolean {
  return OTHER_ACCEPTED.has(uri) || CREATIVE_COMMONS_LICENCE.test(uri);
}
