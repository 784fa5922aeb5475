import { describe, expect, it } from "vitest";
import { makeArtifact } from "../test/render";
import { imageAltOf, uploadedSources } from "./artifact-image";

const path = `/images/${"c0ffee".repeat(10)}abcd`;

describe("imageAltOf", () => {
  it("is the image description, or the artifact's name without one", () => {
    expect(imageAltOf(makeArtifact({ imageAlt: "A grey stele" }))).toBe("A grey stele");
    expect(imageAltOf(makeArtifact({ imageAlt: "" }))).toBe("Rosetta Stone");
  });
});

describe("uploadedSources", () => {
  it("lists every derivative of an upload, WebP and JPEG, up to its own width", () => {
    const sources = uploadedSources(
      makeArtifact({
        artifactImage: path,
        imageWidth: 1200,
        imageHeight: 900,
        imagePlaceholder: "data:image/webp;base64,AA",
      }),
    );
    expect(sources).toEqual({
      webp: `${path}/320.webp 320w, ${path}/640.webp 640w, ${path}/1024.webp 1024w, ${path}/1200.webp 1200w`,
      jpeg: `${path}/320.jpg 320w, ${path}/640.jpg 640w, ${path}/1024.jpg 1024w, ${path}/1200.jpg 1200w`,
      fallback: `${path}/1024.jpg`,
      width: 1200,
      height: 900,
      placeholder: "data:image/webp;base64,AA",
    });
  });

  it("has one width for an image narrower than the smallest", () => {
    const sources = uploadedSources(
      makeArtifact({ artifactImage: path, imageWidth: 200, imageHeight: 150 }),
    );
    expect(sources?.webp).toBe(`${path}/200.webp 200w`);
    expect(sources?.fallback).toBe(`${path}/200.jpg`);
  });

  it("leaves an image elsewhere as it is", () => {
    expect(uploadedSources(makeArtifact())).toBeNull();
    // An upload's path that the server did not describe is shown as a plain address too.
    expect(uploadedSources(makeArtifact({ artifactImage: path }))).toBeNull();
  });
});
