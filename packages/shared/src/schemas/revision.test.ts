import { describe, expect, test } from "vitest";
import type { ArtifactFields } from "./artifact";
import { editSummary, revisionListQuery, revisionRef } from "./revision";

const fields: ArtifactFields = {
  artifactName: "Rosetta Stone",
  artifactImage: "https://example.org/r.jpg",
  artifactType: "Documents",
  historicalContext: "A decree.",
  createdAt: "196 BC",
  discoveredAt: "1799",
  discoveredBy: "Soldiers",
  presentLocation: "London",
  imageAlt: "",
  images: [
    {
      url: "https://example.org/r.jpg",
      alt: "",
      caption: "",
      rights: "http://rightsstatements.org/vocab/CNE/1.0/",
      credit: "",
    },
  ],
};

describe("editSummary", () => {
  test("names the changed fields in the form's order", () => {
    const after = { ...fields, presentLocation: "Cairo", artifactName: "The Rosetta Stone" };
    expect(editSummary(fields, after)).toBe("Edited: name, present location");
  });

  test("is null when nothing changed", () => {
    expect(
      editSummary(fields, { ...fields, images: fields.images.map((i) => ({ ...i })) }),
    ).toBeNull();
  });

  test("names the first image's address as image, and any other change of the images as images", () => {
    const first = fields.images[0]!;
    const back = { ...first, url: "https://example.org/back.jpg" };
    const replaced = { ...fields, artifactImage: back.url, images: [back] };
    expect(editSummary(fields, replaced)).toBe("Edited: image");
    const added = { ...fields, artifactName: "Stone", images: [first, back] };
    expect(editSummary(fields, added)).toBe("Edited: name, images");
    const reordered = { ...fields, artifactImage: back.url, images: [back, first] };
    expect(editSummary(fields, reordered)).toBe("Edited: image, images");
    const credited = { ...fields, images: [{ ...first, credit: "Hans Hillewaert" }] };
    expect(editSummary(fields, credited)).toBe("Edited: images");
  });
});

describe("revision inputs", () => {
  test("a page defaults to 1; numbers come from paths and query strings", () => {
    expect(revisionListQuery.parse({ id: "4" })).toEqual({ id: 4, page: 1 });
    expect(revisionRef.parse({ id: "4", number: "2" })).toEqual({ id: 4, number: 2 });
  });

  test("a page or number that is not a whole number from 1 is refused with its name", () => {
    for (const page of ["0", "-1", "1.5", "x", ""]) {
      expect(revisionListQuery.safeParse({ id: 1, page }).success, page).toBe(false);
    }
    const result = revisionRef.safeParse({ id: 1, number: "0" });
    expect(result.error?.issues[0]?.message).toMatch(/^revision must be a whole number/);
  });
});
