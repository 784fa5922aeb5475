import { describe, expect, it } from "vitest";
import {
  ARTIFACT_TYPES,
  LIKED_ARTIFACTS_PAGE_SIZE,
  LIMITS,
  MY_ARTIFACTS_PAGE_SIZE,
} from "../constants";
import { MESSAGES } from "../messages";
import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_NAMES,
  artifact,
  artifactId,
  artifactIdInput,
  artifactInput,
  artifactListQuery,
  artifactUpdateInput,
  likedArtifactsQuery,
  myArtifactsQuery,
} from "./artifact";

/** A few texts that look blank to a person (fields.test.ts has the whole list). */
const INVISIBLE_TEXTS = [
  ["NULs", "\u0000\u0000\u0000"],
  ["zero-width spaces", "\u200b\u200b"],
  ["Hangul fillers", "\u3164\u3164"],
] as const;
/** Texts with half a surrogate pair. */
const BROKEN_TEXTS = [
  ["a lone high surrogate", "\ud800"],
  ["half an emoji", "Amphora \ud83c"],
] as const;

function fieldMessages(
  schema: { safeParse: (value: unknown) => { error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value) as {
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  };
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join(".");
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

const valid = {
  artifactName: "Rosetta Stone",
  artifactImage: "https://example.com/rosetta.jpg",
  artifactType: "Documents",
  historicalContext: "A decree issued at Memphis in three scripts.",
  createdAt: "196 BC",
  discoveredAt: "1799",
  discoveredBy: "Pierre-François Bouchard",
  presentLocation: "British Museum",
  imageAlt: "The grey stele with its three scripts, lit from the left",
};

describe("artifact", () => {
  it("lists the fields every client sees, in the order of every answer", () => {
    expect(Object.keys(artifact.shape)).toEqual([
      "id",
      "artifactName",
      "artifactImage",
      "artifactType",
      "historicalContext",
      "createdAt",
      "discoveredAt",
      "discoveredBy",
      "presentLocation",
      "likeCount",
      "username",
      "imageAlt",
      "imageWidth",
      "imageHeight",
      "imagePlaceholder",
      "createdFromYear",
      "createdToYear",
      "discoveredFromYear",
      "discoveredToYear",
    ]);
  });

  it("has the editable fields of the form, in its order, each with a label", () => {
    expect(ARTIFACT_FIELD_NAMES).toEqual(Object.keys(valid));
    expect(Object.keys(ARTIFACT_FIELD_LABELS)).toEqual([...ARTIFACT_FIELD_NAMES, "images"]);
    for (const name of ARTIFACT_FIELD_NAMES) expect(artifact.shape).toHaveProperty(name);
  });
});

describe("artifactInput", () => {
  it("parses a complete form and trims every text", () => {
    const padded = Object.fromEntries(
      Object.entries(valid).map(([key, value]) => [
        key,
        key === "artifactType" ? value : ` ${value} `,
      ]),
    );
    expect(artifactInput.parse(padded)).toEqual(valid);
  });

  it.each(ARTIFACT_TYPES.map((type) => [type]))("accepts the type %s", (type) => {
    expect(artifactInput.parse({ ...valid, artifactType: type }).artifactType).toBe(type);
  });

  it("requires every field, naming it as the form labels it", () => {
    expect(fieldMessages(artifactInput, {})).toEqual({
      artifactName: ["Artifact Name is required."],
      artifactImage: ["Artifact Image URL is required."],
      artifactType: [MESSAGES.artifactTypeRequired],
      historicalContext: ["Historical Context is required."],
      createdAt: ["Created At is required."],
      discoveredAt: ["Discovered At is required."],
      discoveredBy: ["Discovered By is required."],
      presentLocation: ["Present Location is required."],
    });
  });

  /** The required text fields: all but the type (a choice) and the optional image description. */
  const textKeys = (
    Object.keys(ARTIFACT_FIELD_LABELS) as (keyof typeof ARTIFACT_FIELD_LABELS)[]
  ).filter((key) => key !== "artifactType" && key !== "imageAlt" && key !== "images");

  it.each(textKeys.map((key) => [key]))("refuses a blank %s", (key) => {
    expect(fieldMessages(artifactInput, { ...valid, [key]: "   " })).toEqual({
      [key]: [MESSAGES.fieldRequired(ARTIFACT_FIELD_LABELS[key])],
    });
  });

  it.each(INVISIBLE_TEXTS)("refuses %s in every field as missing", (_name, text) => {
    const blank = Object.fromEntries(textKeys.map((key) => [key, text]));
    expect(fieldMessages(artifactInput, { ...valid, ...blank })).toEqual(
      Object.fromEntries(
        textKeys.map((key) => [key, [MESSAGES.fieldRequired(ARTIFACT_FIELD_LABELS[key])]]),
      ),
    );
  });

  it.each(BROKEN_TEXTS)("refuses %s in every field, naming it", (_name, text) => {
    const broken = Object.fromEntries(
      textKeys.map((key) => [key, key === "artifactImage" ? `https://example.com/${text}` : text]),
    );
    expect(fieldMessages(artifactInput, { ...valid, ...broken })).toEqual(
      Object.fromEntries(
        textKeys.map((key) => [
          key,
          [MESSAGES.brokenCharacter(key === "artifactImage" ? "URL" : ARTIFACT_FIELD_LABELS[key])],
        ]),
      ),
    );
  });

  it("takes an image description as optional, trimmed, and one no one can see as none", () => {
    const { imageAlt: _left, ...withoutAlt } = valid;
    expect(artifactInput.parse(withoutAlt).imageAlt).toBe("");
    expect(artifactInput.parse({ ...valid, imageAlt: "  A bronze lamp  " }).imageAlt).toBe(
      "A bronze lamp",
    );
    for (const [, text] of INVISIBLE_TEXTS) {
      expect(artifactInput.parse({ ...valid, imageAlt: text }).imageAlt).toBe("");
    }
  });

  it("refuses an image description over 250 characters or with a broken character", () => {
    expect(fieldMessages(artifactInput, { ...valid, imageAlt: "x".repeat(251) })).toEqual({
      imageAlt: [MESSAGES.fieldTooLong("Image description", 250)],
    });
    expect(artifactInput.parse({ ...valid, imageAlt: "x".repeat(250) }).imageAlt).toHaveLength(250);
    expect(fieldMessages(artifactInput, { ...valid, imageAlt: "Lamp \ud83c" })).toEqual({
      imageAlt: [MESSAGES.brokenCharacter("Image description")],
    });
  });

  it("accepts the path of an uploaded image, and no other path", () => {
    const path = `/images/${"ab12".repeat(16)}`;
    expect(artifactInput.parse({ ...valid, artifactImage: path }).artifactImage).toBe(path);
    for (const artifactImage of [
      `${path}/320.webp`,
      `/images/${"AB12".repeat(16)}`,
      `/images/${"ab12".repeat(15)}`,
      "/images/../etc/passwd",
      `//images/${"ab12".repeat(16)}`,
    ]) {
      expect(fieldMessages(artifactInput, { ...valid, artifactImage })).toEqual({
        artifactImage: [MESSAGES.invalidUrl],
      });
    }
  });

  it.each([[""], ["Pottery"], ["tools"], [undefined]])("refuses the type %j", (artifactType) => {
    expect(fieldMessages(artifactInput, { ...valid, artifactType })).toEqual({
      artifactType: [MESSAGES.artifactTypeRequired],
    });
  });

  it.each([["javascript:alert(1)"], ["data:image/png;base64,AAAA"], ["rosetta.jpg"]])(
    "refuses the image URL %j",
    (artifactImage) => {
      expect(fieldMessages(artifactInput, { ...valid, artifactImage })).toEqual({
        artifactImage: [MESSAGES.invalidUrl],
      });
    },
  );

  it("enforces the length limits with the field's label", () => {
    expect(
      fieldMessages(artifactInput, {
        ...valid,
        artifactName: "x".repeat(LIMITS.name + 1),
        historicalContext: "x".repeat(LIMITS.historicalContext + 1),
      }),
    ).toEqual({
      artifactName: [MESSAGES.fieldTooLong("Artifact Name", LIMITS.name)],
      historicalContext: [MESSAGES.fieldTooLong("Historical Context", LIMITS.historicalContext)],
    });
    expect(
      artifactInput.parse({ ...valid, historicalContext: "x".repeat(LIMITS.historicalContext) })
        .historicalContext,
    ).toHaveLength(LIMITS.historicalContext);
  });
});

describe("artifact ids", () => {
  it("accepts positive integers, also as strings from a URL", () => {
    expect(artifactId.parse(7)).toBe(7);
    expect(artifactId.parse("42")).toBe(42);
    expect(artifactIdInput.parse({ id: "3" })).toEqual({ id: 3 });
  });

  it.each([[0], [-1], [1.5], ["abc"], [Number.MAX_SAFE_INTEGER + 2]])("refuses %j", (id) => {
    expect(artifactId.safeParse(id).success).toBe(false);
  });

  it("pairs an id with the form fields for an update", () => {
    expect(artifactUpdateInput.parse({ id: "5", fields: valid })).toEqual({ id: 5, fields: valid });
    expect(
      fieldMessages(artifactUpdateInput, { id: 5, fields: { ...valid, artifactName: "" } }),
    ).toEqual({ "fields.artifactName": ["Artifact Name is required."] });
  });

  it("refuses an update without fields, or with fields that are no object, as a field error", () => {
    for (const fields of [undefined, null, "Rosetta Stone", 5]) {
      const result = artifactUpdateInput.safeParse({ id: 5, fields });
      expect(result.success, JSON.stringify(fields)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["fields"]);
    }
  });
});

describe("artifactListQuery", () => {
  it("defaults to the first page, default sort and no search", () => {
    expect(artifactListQuery.parse({})).toEqual({
      search: undefined,
      sort: "default",
      page: 1,
      in: "names",
      types: [],
      eras: [],
      locations: [],
      rights: [],
      countries: [],
    });
  });

  it("trims the search and ignores a blank one", () => {
    expect(artifactListQuery.parse({ search: "  vase " }).search).toBe("vase");
    expect(artifactListQuery.parse({ search: "   " }).search).toBeUndefined();
  });

  it.each(BROKEN_TEXTS)("refuses %s in a search", (_name, text) => {
    expect(fieldMessages(artifactListQuery, { search: `vase ${text}` })).toEqual({
      search: [MESSAGES.brokenCharacter("Search")],
    });
  });

  it("refuses a search longer than the limit", () => {
    expect(artifactListQuery.safeParse({ search: "x".repeat(LIMITS.search + 1) }).success).toBe(
      false,
    );
    expect(artifactListQuery.parse({ search: "x".repeat(LIMITS.search) }).search).toHaveLength(
      LIMITS.search,
    );
  });

  it.each([["default"], ["asc"], ["desc"]])("accepts the sort %s", (sort) => {
    expect(artifactListQuery.parse({ sort }).sort).toBe(sort);
  });

  it.each([["likes"], ["ASC"], [""]])("refuses the sort %j", (sort) => {
    expect(artifactListQuery.safeParse({ sort }).success).toBe(false);
  });

  it("coerces the page and keeps it within 1 and the limit", () => {
    expect(artifactListQuery.parse({ page: "3" }).page).toBe(3);
    expect(artifactListQuery.parse({ page: LIMITS.page }).page).toBe(LIMITS.page);
    for (const page of [0, -1, 1.5, LIMITS.page + 1, "x"]) {
      expect(artifactListQuery.safeParse({ page }).success).toBe(false);
    }
  });
});

describe("the member list queries (artifacts.mine, likes.list)", () => {
  const cases = [
    ["myArtifactsQuery", myArtifactsQuery, MY_ARTIFACTS_PAGE_SIZE],
    ["likedArtifactsQuery", likedArtifactsQuery, LIKED_ARTIFACTS_PAGE_SIZE],
  ] as const;

  it.each(cases)("%s asks for the first full page without input", (_name, schema, pageSize) => {
    expect(schema.parse(undefined)).toEqual({ limit: pageSize });
    expect(schema.parse({ cursor: null })).toEqual({ cursor: null, limit: pageSize });
    // useInfiniteQuery adds a direction; it is not ours to read.
    expect(schema.parse({ cursor: 41, limit: 5, direction: "forward" })).toEqual({
      cursor: 41,
      limit: 5,
    });
  });

  it.each(cases)("%s refuses a bad cursor or size", (_name, schema, pageSize) => {
    const messageOf = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    const cursorMessage = `cursor must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}.`;
    for (const cursor of [0, -1, 1.5, "abc", Number.MAX_SAFE_INTEGER + 2]) {
      expect(messageOf({ cursor })).toBe(cursorMessage);
    }
    const limitMessage = `limit must be a whole number from 1 to ${pageSize}.`;
    for (const limit of [0, pageSize + 1, 2.5, "many"]) {
      expect(messageOf({ limit })).toBe(limitMessage);
    }
  });
});
