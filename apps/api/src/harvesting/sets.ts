import { ARTIFACT_TYPES, type ArtifactType } from "@artifact-atlas/shared";
import type { HarvestHeader } from "./store";

/*
 * OAI-PMH sets (issue 34). A setSpec's colons make a hierarchy, and a record in `type:Tools` is
 * also in its parent `type`: so `type` holds every record, and each type is a set below it.
 * Public curated collections (issue 32) are the second kind: `collection` holds every record in
 * one, and `collection:{id}` one collection's. A kind names its sets and turns one into a list's
 * condition; whether a collection is public is the store's to say (PUBLIC_SET_COLLECTION), so a
 * private, unlisted, hidden or trashed one is a set that holds nothing, as one that never existed.
 */

export interface HarvestSet {
  spec: string;
  name: string;
}

/** Which records a list holds, by its set. */
export type SetScope =
  | { kind: "all" }
  | { kind: "type"; type: ArtifactType }
  /** `collection`: the records in any public collection. */
  | { kind: "collections" }
  | { kind: "collection"; id: number };

const TYPE_KIND = "type";
const COLLECTION_KIND = "collection";
/** A collection id as a setSpec writes it: what an integer id can be, nothing longer. */
const COLLECTION_ID = /^[1-9]\d{0,14}$/;

/**
 * The sets that do not come from the database, in the order ListSets names them first; the public
 * collections' sets follow them, read a page at a time.
 */
export function fixedSets(): HarvestSet[] {
  return [
    { spec: TYPE_KIND, name: "Artifacts by type" },
    ...ARTIFACT_TYPES.map((type) => ({ spec: `${TYPE_KIND}:${type}`, name: type })),
    { spec: COLLECTION_KIND, name: "Artifacts in public collections" },
  ];
}

/** A public collection's set; its name is the collection's title. */
export function collectionSet(collection: { id: number; title: string }): HarvestSet {
  return { spec: `${COLLECTION_KIND}:${collection.id}`, name: collection.title };
}

/** The sets a record is in, below their kinds: its type's and its public collections'. */
export function setSpecsOf(
  header: Pick<HarvestHeader, "artifactType" | "collectionIds">,
): string[] {
  return [
    `${TYPE_KIND}:${header.artifactType}`,
    ...header.collectionIds.map((id) => `${COLLECTION_KIND}:${id}`),
  ];
}

/**
 * What a list of `spec` holds; undefined for a set that cannot exist (the list is then empty:
 * noRecordsMatch). A collection's set is named by its id alone: that it is public is checked by
 * every read of its records.
 */
export function setScope(spec: string | null): SetScope | undefined {
  if (spec === null || spec === TYPE_KIND) return { kind: "all" };
  if (spec === COLLECTION_KIND) return { kind: "collections" };
  const [kind, value = "", ...rest] = spec.split(":");
  if (rest.length > 0) return undefined;
  if (kind === TYPE_KIND) {
    const type = ARTIFACT_TYPES.find((each) => each === value);
    return type ? { kind: "type", type } : undefined;
  }
  if (kind === COLLECTION_KIND && COLLECTION_ID.test(value)) {
    return { kind: "collection", id: Number(value) };
  }
  return undefined;
}
