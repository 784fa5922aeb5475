import { describe, expect, it } from "vitest";
import {
  bibtexCitation,
  bibtexEscape,
  calendarDayOf,
  collectionBibtexCitation,
  collectionPlainCitation,
  formatIsoDate,
  formatLongDate,
  plainCitation,
  type CitedArtifact,
} from "./citation";

const ARTIFACT: CitedArtifact = {
  id: 12,
  artifactName: "Rosetta Stone",
  artifactType: "Documents",
  createdAt: "196 BC",
  presentLocation: "British Museum, London",
  username: "Jean-François Champollion",
};
const ACCESSED = { year: 2026, month: 11, day: 26 };
const PERMALINK = "https://atlas.example.org/a/12";

describe("dates written by our own code", () => {
  it("writes the long and the ISO form whatever the locale", () => {
    expect(formatLongDate(ACCESSED)).toBe("26 November 2026");
    expect(formatLongDate({ year: 2027, month: 1, day: 3 })).toBe("3 January 2027");
    expect(formatIsoDate({ year: 2027, month: 1, day: 3 })).toBe("2027-01-03");
  });

  it("takes the reader's calendar day from a Date", () => {
    expect(calendarDayOf(new Date(2026, 10, 26, 23, 59))).toEqual(ACCESSED);
  });
});

describe("citations", () => {
  it("cites in plain text with the permanent link and the day accessed", () => {
    expect(plainCitation({ artifact: ARTIFACT, permalink: PERMALINK, accessed: ACCESSED })).toBe(
      'Jean-François Champollion. "Rosetta Stone." Documents, 196 BC. British Museum, London. Artifact Atlas, https://atlas.example.org/a/12. Accessed 26 November 2026.',
    );
  });

  it("writes a BibTeX entry with url and urldate", () => {
    const entry = bibtexCitation({ artifact: ARTIFACT, permalink: PERMALINK, accessed: ACCESSED });
    expect(entry).toBe(
      [
        "@misc{atlas12,",
        "  author = {{Jean-François Champollion}},",
        "  title = {{Rosetta Stone}},",
        "  howpublished = {Artifact Atlas},",
        "  note = {Documents, 196 BC. British Museum, London. Accessed 26 November 2026},",
        "  url = {https://atlas.example.org/a/12},",
        "  urldate = {2026-11-26}",
        "}",
      ].join("\n"),
    );
  });

  it("escapes TeX's special characters so that a name cannot break the entry", () => {
    expect(bibtexEscape("50% of {it} & $5 #1 a_b ^ ~ \\")).toBe(
      "50\\% of \\{it\\} \\& \\$5 \\#1 a\\_b \\textasciicircum{} \\textasciitilde{} \\textbackslash{}",
    );
    const entry = bibtexCitation({
      artifact: { ...ARTIFACT, artifactName: "}, note = {evil" },
      permalink: PERMALINK,
      accessed: ACCESSED,
    });
    expect(entry).toContain("title = {{\\}, note = \\{evil}},");
  });
});

describe("a collection's citation", () => {
  const collection = {
    id: 7,
    title: "Coins of {Roman} Britain.",
    owner: { id: 1, name: "Olive Owner" },
    collaborators: [{ id: 2, name: "Hal_Helper" }],
    artifactCount: 1,
  };
  const input = { collection, permalink: "https://atlas.example.org/c/7", accessed: ACCESSED };

  it("names its makers, title and size in plain text", () => {
    expect(collectionPlainCitation(input)).toBe(
      'Olive Owner, Hal_Helper. "Coins of {Roman} Britain." Collection of 1 artifact. Artifact Atlas, https://atlas.example.org/c/7. Accessed 26 November 2026.',
    );
  });

  it("writes a BibTeX entry whose makers and title cannot break it", () => {
    expect(collectionBibtexCitation(input)).toBe(
      [
        "@misc{atlasCollection7,",
        "  author = {{Olive Owner} and {Hal\\_Helper}},",
        "  title = {{Coins of \\{Roman\\} Britain.}},",
        "  howpublished = {Artifact Atlas},",
        "  note = {Collection of 1 artifact. Accessed 26 November 2026},",
        "  url = {https://atlas.example.org/c/7},",
        "  urldate = {2026-11-26}",
        "}",
      ].join("\n"),
    );
  });
});
