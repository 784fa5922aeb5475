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
};

describe("editSummary", () => {
  test("names the changed fields in the form's order", () => {
    const after = { ...fields, presentLocation: "Cairo", artifactName: "The Rosetta Stone" };
    expect(editSummary(fields, after)).toBe("Edited: name, present location");
  });

  test("is null when nothing changed", () => {
    expect(editSummary(fields, { ...fields })).toBeNull();
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
