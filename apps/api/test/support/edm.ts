import type { Parsed } from "./oai";

/*
 * The mandatory parts of an EDM record as Europeana's EDM mapping guidelines (v2.4, "EDM - Mapping
 * guidelines", section "Mandatory properties") state them, checked on the parsed rdf:RDF of one
 * record. No XSD of EDM ships in a package that can be installed here (see
 * xml-schemas/README.md); these are the properties Europeana's own validation refuses a record
 * without:
 * - edm:ProvidedCHO (with rdf:about): dc:title or dc:description; dc:subject, dc:type,
 *   dcterms:spatial or dcterms:temporal; edm:type (TEXT, IMAGE, SOUND, VIDEO or 3D); dc:language
 *   when edm:type is TEXT.
 * - ore:Aggregation (with rdf:about): edm:aggregatedCHO naming the ProvidedCHO, edm:dataProvider,
 *   edm:provider, edm:isShownAt or edm:isShownBy, and edm:rights.
 * - edm:WebResource, when there is one, has rdf:about; edm:ugc, when given, is "true".
 */

const EDM_TYPES = new Set(["TEXT", "IMAGE", "SOUND", "VIDEO", "3D"]);

function values(node: Parsed, name: string): Parsed[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const textOf = (value: Parsed): string =>
  typeof value === "string" ? value : String(value?.["#text"] ?? "");
const hasText = (node: Parsed, name: string) =>
  values(node, name).some((value) => textOf(value).trim() !== "");
const resourceOf = (node: Parsed, name: string): string | undefined =>
  values(node, name)[0]?.["@rdf:resource"];

/**
 * The mandatory properties (by name) the record lacks, and any that are malformed; [] for a
 * record Europeana's validation would take.
 */
export function edmMissing(rdf: Parsed): string[] {
  const missing: string[] = [];
  const cho = values(rdf, "edm:ProvidedCHO");
  const aggregation = values(rdf, "ore:Aggregation");
  if (cho.length !== 1 || !cho[0]["@rdf:about"]) return ["edm:ProvidedCHO"];
  if (aggregation.length !== 1 || !aggregation[0]["@rdf:about"]) return ["ore:Aggregation"];
  const object = cho[0];
  const aggregate = aggregation[0];

  if (!hasText(object, "dc:title") && !hasText(object, "dc:description")) {
    missing.push("dc:title or dc:description");
  }
  if (
    !["dc:subject", "dc:type", "dcterms:spatial", "dcterms:temporal"].some(
      (name) => hasText(object, name) || resourceOf(object, name),
    )
  ) {
    missing.push("dc:subject, dc:type, dcterms:spatial or dcterms:temporal");
  }
  const type = textOf(values(object, "edm:type")[0] ?? "");
  if (!EDM_TYPES.has(type)) missing.push("edm:type");
  if (type === "TEXT" && !hasText(object, "dc:language")) missing.push("dc:language");

  if (resourceOf(aggregate, "edm:aggregatedCHO") !== object["@rdf:about"]) {
    missing.push("edm:aggregatedCHO");
  }
  if (!hasText(aggregate, "edm:dataProvider") && !resourceOf(aggregate, "edm:dataProvider")) {
    missing.push("edm:dataProvider");
  }
  if (!hasText(aggregate, "edm:provider") && !resourceOf(aggregate, "edm:provider")) {
    missing.push("edm:provider");
  }
  if (!resourceOf(aggregate, "edm:isShownAt") && !resourceOf(aggregate, "edm:isShownBy")) {
    missing.push("edm:isShownAt or edm:isShownBy");
  }
  if (!resourceOf(aggregate, "edm:rights")) missing.push("edm:rights");
  for (const resource of values(rdf, "edm:WebResource")) {
    if (!resource["@rdf:about"]) missing.push("edm:WebResource rdf:about");
  }
  const ugc = values(aggregate, "edm:ugc");
  if (ugc.length > 0 && textOf(ugc[0]) !== "true") missing.push("edm:ugc");
  return missing;
}
