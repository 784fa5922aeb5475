import {
  LIMITS,
  NOT_EVALUATED,
  type ArtifactDetail,
  type ArtifactImageView,
  type ArtifactImageInput,
  type ArtifactTextFields,
  type ArtifactType,
} from "@artifact-atlas/shared";
import { trpc, type TestApp } from "./app";
import type { SignedInUser } from "./users";

let counter = 0;

/** What a test sends to add or update an artifact: the text fields, and the images if any. */
export type ArtifactSent = ArtifactTextFields & { images?: ArtifactImageInput[] };

/** Valid artifactInput with a name no other call in this process uses, unless overridden. */
export function artifactFields(overrides: Partial<ArtifactSent> = {}): ArtifactSent {
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
export function maximumArtifact(index: number, fill = "abcdefghij"): ArtifactTextFields {
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
  overrides: Partial<ArtifactSent> = {},
): Promise<ArtifactDetail> {
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
  return result.data as ArtifactDetail;
}

/** Likes an artifact through likes.like as `user`. */
export async function like(testApp: TestApp, user: SignedInUser, id: number): Promise<void> {
  const result = await trpc(testApp.app, "mutation", "likes.like", { id }, user.cookie);
  if (result.status !== 200) {
    throw new Error(`likes.like failed: ${result.status} ${result.response.body}`);
  }
}

/** The one image of an artifact saved without images, at an address elsewhere (issue 30). */
export function onlyImage(url: string, alt = ""): ArtifactImageView {
  return {
    url,
    alt,
    caption: "",
    rights: NOT_EVALUATED,
    credit: "",
    width: null,
    height: null,
    placeholder: null,
    service: null,
  };
}

/** An artifact as a list shows it: without its images, which only its own answers carry. */
export function asListed<T extends { images: unknown }>({ images: _images, ...listed }: T) {
  return listed;
}

/** An image as a save keeps it: its fields, without what the answers add. */
export function asKept({ url, alt, caption, rights, credit }: ArtifactImageView) {
  return { url, alt, caption, rights, credit };
}
