import {
  LIMITS,
  type ArtifactFields,
  type ArtifactType,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { trpc, type TestApp } from "./app";
import type { SignedInUser } from "./users";

let counter = 0;

/** Valid artifactInput with a name no other call in this process uses, unless overridden. */
export function artifactFields(overrides: Partial<ArtifactFields> = {}): ArtifactFields {
  counter += 1;
  return {
    artifactName: `Test Artifact ${counter}`,
    artifactImage: `https://images.example.org/artifact-${counter}.jpg`,
    artifactType: "Tools" satisfies ArtifactType,
    historicalContext: "A well documented object from a long gone workshop.",
    createdAt: "100 BC",
    discoveredAt: "1799",
    discoveredBy: "A field survey",
    presentLocation: "A regional museum",
    imageAlt: "",
    ...overrides,
  };
}

/**
 * An artifact with every field at its longest, named by `index` and padded with `fill`: plain
 * ASCII by default, or a 3-byte character ("文") for the most bytes a field can hold.
 */
export function maximumArtifact(index: number, fill = "abcdefghij"): ArtifactFields {
  const text = (length: number) => `${index} `.padEnd(length, fill);
  const url = "https://images.example.org/";
  return {
    artifactName: text(LIMITS.name),
    artifactImage: `${url}${"a".repeat(LIMITS.url - url.length - 4)}.jpg`,
    artifactType: "Documents",
    historicalContext: text(LIMITS.historicalContext),
    createdAt: text(LIMITS.shortText),
    discoveredAt: text(LIMITS.shortText),
    discoveredBy: text(LIMITS.shortText),
    presentLocation: text(LIMITS.shortText),
    imageAlt: text(LIMITS.imageAlt),
  };
}

/** Adds an artifact through artifacts.create as `user`; fails the test if that does not succeed. */
export async function addArtifact(
  testApp: TestApp,
  user: SignedInUser,
  overrides: Partial<ArtifactFields> = {},
): Promise<ReviewedArtifact> {
  const result = await trpc(
    testApp.app,
    "mutation",
    "artifacts.create",
    artifactFields(overrides),
    user.cookie,
  );
  if (result.status !== 200) {
    throw new Error(`artifacts.create failed: ${result.status} ${result.response.body}`);
  }
  return result.data as ReviewedArtifact;
}

/** Likes an artifact through likes.like as `user`. */
export async function like(testApp: TestApp, user: SignedInUser, id: number): Promise<void> {
  const result = await trpc(testApp.app, "mutation", "likes.like", { id }, user.cookie);
  if (result.status !== 200) {
    throw new Error(`likes.like failed: ${result.status} ${result.response.body}`);
  }
}
