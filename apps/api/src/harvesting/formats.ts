import { permanentArtifactPath } from "@artifact-atlas/shared";
import { absoluteUrl } from "../public-pages/head";
import type { HarvestIdentity } from "./settings";
import type { HarvestArtifact } from "./store";
import { element, resource, text } from "./xml";

/*
 * The metadata formats a record is disseminated in (issue 34): Dublin Core, which OAI-PMH requires,
 * and the Europeana Data Model as Europeana's aggregators take it. Each writes one artifact's
 * <metadata> content; what Atlas does not know is left out rather than guessed.
 */

export interface RecordContext {
  origin: string;
  identity: HarvestIdentity;
}

export interface MetadataFormat {
  prefix: string;
  schema: string;
  namespace: string;
  write(artifact: HarvestArtifact, context: RecordContext): string;
}

/** The artifact's permanent page: what a record is shown at, and the object's own URI. */
export function pageUrl(origin: string, id: number): string {
  return `${origin}${permanentArtifactPath(id)}`;
}

/** Lines of the description beside the historical context: where it is, how it was found. */
function provenance(artifact: HarvestArtifact): string {
  const found = [artifact.discoveredAt, artifact.discoveredBy && `by ${artifact.discoveredBy}`]
    .filter((part) => part.trim() !== "")
    .join(" ");
  return found ? `Discovered ${found}` : "";
}

/** The Dublin Core type of what Atlas describes: a physical object, seen in a photograph. */
const DCMI_PHYSICAL_OBJECT = "PhysicalObject";

export const OAI_DC: MetadataFormat = {
  prefix: "oai_dc",
  schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
  namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
  write(artifact, { origin, identity }) {
    const present = artifact.presentLocation.trim();
    return [
      '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"',
      ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">',
      element("dc:title", artifact.artifactName),
      element("dc:description", artifact.historicalContext),
      element("dc:description", present ? `Present location: ${present}` : ""),
      element("dc:description", provenance(artifact)),
      element("dc:type", artifact.artifactType),
      element("dc:type", DCMI_PHYSICAL_OBJECT),
      element("dc:date", artifact.createdAt),
      element("dc:identifier", pageUrl(origin, artifact.id)),
      element("dc:relation", absoluteUrl(origin, artifact.artifactImage)),
      element("dc:rights", artifact.rights),
      element("dc:publisher", identity.dataProvider),
      "</oai_dc:dc>",
    ].join("");
  },
};

/**
 * Europeana's five types: the written types are TEXT (whose records Europeana also wants a
 * dc:language for, which Atlas does not record); every other object is seen in an image.
 */
export function edmType(artifactType: HarvestArtifact["artifactType"]): "TEXT" | "IMAGE" {
  return artifactType === "Documents" || artifactType === "Writings" ? "TEXT" : "IMAGE";
}

const EDM_NAMESPACES = [
  'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:dcterms="http://purl.org/dc/terms/"',
  'xmlns:edm="http://www.europeana.eu/schemas/edm/"',
  'xmlns:ore="http://www.openarchives.org/ore/terms/"',
].join(" ");

/**
 * EDM (Europeana's mapping guidelines): the object as an edm:ProvidedCHO, the image as an
 * edm:WebResource, and the ore:Aggregation that ties them to the page, the providers and the
 * rights. edm:rights is the primary image's rights (issue 30), on the WebResource and the
 * Aggregation: "Copyright Not Evaluated" until someone says, which Europeana takes but shows
 * least; the Harvesting screen counts those, and any it would refuse.
 */
export const EDM: MetadataFormat = {
  prefix: "edm",
  schema: "http://www.europeana.eu/schemas/edm/EDM.xsd",
  namespace: "http://www.europeana.eu/schemas/edm/",
  write(artifact, { origin, identity }) {
    const cho = pageUrl(origin, artifact.id);
    const image = absoluteUrl(origin, artifact.artifactImage);
    const lang = ' xml:lang="en"';
    return [
      `<rdf:RDF ${EDM_NAMESPACES}>`,
      `<edm:ProvidedCHO rdf:about="${text(cho)}">`,
      element("dc:title", artifact.artifactName),
      element("dc:description", artifact.historicalContext),
      element("dc:type", artifact.artifactType, lang),
      element("dc:identifier", String(artifact.id)),
      element("dcterms:created", artifact.createdAt),
      element("dcterms:provenance", provenance(artifact)),
      element("edm:currentLocation", artifact.presentLocation),
      element("edm:type", edmType(artifact.artifactType)),
      "</edm:ProvidedCHO>",
      `<edm:WebResource rdf:about="${text(image)}">`,
      element("dc:description", artifact.imageAlt),
      resource("edm:rights", artifact.rights),
      "</edm:WebResource>",
      `<ore:Aggregation rdf:about="${text(cho)}#aggregation">`,
      resource("edm:aggregatedCHO", cho),
      element("edm:dataProvider", identity.dataProvider),
      resource("edm:isShownAt", cho),
      resource("edm:isShownBy", image),
      resource("edm:object", image),
      element("edm:provider", identity.provider),
      resource("edm:rights", artifact.rights),
      element("edm:ugc", "true"),
      "</ore:Aggregation>",
      "</rdf:RDF>",
    ].join("");
  },
};

/** Every format, in the order ListMetadataFormats names them. */
export const METADATA_FORMATS: readonly MetadataFormat[] = [OAI_DC, EDM];

export function formatOf(prefix: string): MetadataFormat | undefined {
  return METADATA_FORMATS.find((format) => format.prefix === prefix);
}
