import { ARTIFACT_TYPES, type ArtifactType } from "@artifact-atlas/shared";
import type { HarvestHeader, ListScope } from "./store";

/*
 * OAI-PMH sets (issue 34). A setSpec's colons make a hierarchy, and a record in `type:Tools` is
 * also in its parent `type`: so `type` holds every record, and each type is a set below it.
 * Collections (issue 32) slot in as a second kind, `collection` and `collection:{id}`: a kind names
 * its sets and turns one into a list's condition.
 */

export interface HarvestSet {
  spec: string;
  name: string;
}

const TYPE_KIND = "type";

/** Every set, in the order ListSets names them. */
export function allSets(): HarvestSet[] {
  return [
    { spec: TYPE_KIND, name: "Artifacts by type" },
    ...ARTIFACT_TYPES.map((type) => ({ spec: `${TYPE_KIND}:${type}`, name: type })),
  ];
}

/** The sets a record is in, below their kind. */
export function setSpecsOf(header: Pick<HarvestHeader, "artifactType">): string[] {
  return [`${TYPE_KIND}:${header.artifactType}`];
}

/**
 * What a list of `spec` holds, as a store scope's set condition; undefined for a set that does not
 * exist (the list is then empty: noRecordsMatch).
 */
export function setCondition(spec: string | null): Pick<ListScope, "type"> | undefined {
  if (spec === null || spec === TYPE_KIND) return { type: null };
  const [kind, value, ...rest] = spec.split(":");
  if (kind !== TYPE_KIND || rest.length > 0) return undefined;
  const type = ARTIFACT_TYPES.find((each) => each === value);
  return type ? { type: type satisfies ArtifactType } : undefined;
}
