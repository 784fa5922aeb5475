import {
  COLLECTION_LIMITS,
  FIND_MAX_LIMIT,
  rightsStatement,
  type CollectionItem,
  type RightsUri,
} from "@artifact-atlas/shared";
import { shorten } from "../../public-pages/head";
import type { ArtifactStore } from "../../store/artifact-store";
import { getCollection } from "../collections/collections";
import { collectionItems } from "../collections/items";
import { entry, manifestPath, none, PRESENTATION_CONTEXT, SUMMARY_MAX_LENGTH } from "./manifest";

/*
 * A collection as a IIIF Presentation 3 Collection (issue 32, https://iiif.io/api/presentation/3.0/
 * #51-collection): the manifests of its artifacts in its order, each with its item's note, so
 * that a IIIF viewer (Mirador, Universal Viewer) opens the whole exhibit. It is what anyone may
 * see of the collection, asked without a session: a public or unlisted collection's public
 * artifacts; a private, hidden or trashed one has none. A saved search gives its newest first.
 * At most COLLECTION_LIMITS.items manifests: all of a curated collection's.
 */

/** The IIIF Collection's own address. */
export function iiifCollectionPath(collectionId: number): string {
  return `/iiif/collections/${collectionId}/collection.json`;
}

/** The collection's public items, in its order, page by page up to COLLECTION_LIMITS.items. */
function publicItems(store: ArtifactStore, id: number): CollectionItem[] {
  const items: CollectionItem[] = [];
  for (let page = 1; items.length < COLLECTION_LIMITS.items; page += 1) {
    const found = collectionItems(store, null, { id, page, pageSize: FIND_MAX_LIMIT });
    items.push(...found.items);
    if (page >= found.pageCount) break;
  }
  return items.slice(0, COLLECTION_LIMITS.items);
}

export function iiifCollection(
  store: ArtifactStore,
  id: number,
  origin: string,
  metadataLicense: RightsUri,
) {
  const collection = getCollection(store, null, { id });
  const description = collection.description.trim();
  return {
    "@context": PRESENTATION_CONTEXT,
    id: `${origin}${iiifCollectionPath(id)}`,
    type: "Collection",
    label: none(collection.title),
    ...(description ? { summary: none(shorten(description, SUMMARY_MAX_LENGTH)) } : {}),
    metadata: [
      entry("Gathered by", collection.owner.name),
      entry("Metadata licence", `${rightsStatement(metadataLicense).name} (${metadataLicense})`),
    ],
    homepage: [
      {
        id: `${origin}/c/${id}`,
        type: "Text",
        label: none(collection.title),
        format: "text/html",
      },
    ],
    items: publicItems(store, id).map(({ artifact, note }) => ({
      id: `${origin}${manifestPath(artifact.id)}`,
      type: "Manifest",
      label: none(artifact.artifactName),
      ...(note ? { summary: none(note) } : {}),
    })),
  };
}
