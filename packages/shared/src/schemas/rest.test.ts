import { describe, expect, it } from "vitest";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import {
  REST_MAX_PAGE_SIZE,
  restArtifactBody,
  restArtifactsQuery,
  restJwtBody,
  restLikeBody,
  restLikedArtifactsQuery,
} from "./rest";

function messages(schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as {
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  };
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("restArtifactsQuery", () => {
  it("coerces the numbers of a query string", () => {
    expect(restArtifactsQuery.parse({ limit: "6", page: "2", type: "Art" })).toEqual({
      limit: 6,
      page: 2,
      type: ["Art"],
    });
    expect(restArtifactsQuery.parse({})).toEqual({});
  });

  it("keeps sizes within 1 and the maximum, and pages within the list limit", () => {
    expect(restArtifactsQuery.parse({ pageSize: String(REST_MAX_PAGE_SIZE) }).pageSize).toBe(
      REST_MAX_PAGE_SIZE,
    );
    expect(messages(restArtifactsQuery, { limit: String(REST_MAX_PAGE_SIZE + 1) })).toEqual([
      `limit: limit must be a whole number from 1 to ${REST_MAX_PAGE_SIZE}.`,
    ]);
    expect(messages(restArtifactsQuery, { page: String(LIMITS.page + 1) })).toHaveLength(1);
    expect(messages(restArtifactsQuery, { pageSize: "0" })).toHaveLength(1);
  });

  it("refuses limit with pageSize, and email with type", () => {
    expect(messages(restArtifactsQuery, { limit: "2", pageSize: "2" })).toEqual([
      "limit: Use limit or pageSize, not both.",
    ]);
    expect(messages(restArtifactsQuery, { email: "ada@example.com", type: "Art" })).toEqual([
      "email: email answers your own artifacts and cannot be combined with type.",
    ]);
    expect(
      restArtifactsQuery.parse({ email: "ada@example.com", page: "2", pageSize: "10" }),
    ).toEqual({ email: "ada@example.com", page: 2, pageSize: 10 });
    expect(restArtifactsQuery.parse({ email: " ada@example.com " }).email).toBe("ada@example.com");
  });
});

describe("numbers of a query string", () => {
  it("are decimal digits only: no hexadecimal, exponent, blank or padded number (issue 28)", () => {
    for (const [name, value] of [
      ["fromYear", "0x10"],
      ["toYear", "1e3"],
      ["fromYear", " 10"],
      ["fromYear", ""],
      ["page", "0x2"],
      ["pageSize", "1e1"],
      ["limit", "0b11"],
      ["page", "2.0"],
    ] as const) {
      const result = restArtifactsQuery.safeParse({ [name]: value });
      expect(result.success, `${name}=${value}`).toBe(false);
      expect(result.error?.issues[0]?.path, `${name}=${value}`).toEqual([name]);
    }
    expect(restArtifactsQuery.parse({ fromYear: "-500", toYear: "0300", page: "2" })).toEqual({
      fromYear: -500,
      toYear: 300,
      page: 2,
    });
  });
});

describe("restLikedArtifactsQuery", () => {
  it("takes an optional email and pages of at most the maximum size", () => {
    expect(restLikedArtifactsQuery.parse({})).toEqual({});
    expect(restLikedArtifactsQuery.parse({ page: "3", pageSize: "5" })).toEqual({
      page: 3,
      pageSize: 5,
    });
    expect(messages(restLikedArtifactsQuery, { pageSize: String(REST_MAX_PAGE_SIZE + 1) })).toEqual(
      [`pageSize: pageSize must be a whole number from 1 to ${REST_MAX_PAGE_SIZE}.`],
    );
    expect(messages(restLikedArtifactsQuery, { page: "0" })).toEqual([
      `page: page must be a whole number from 1 to ${LIMITS.page}.`,
    ]);
  });
});

describe("REST bodies", () => {
  const fields = {
    artifactName: "Rosetta Stone",
    artifactImage: "https://example.com/rosetta.jpg",
    artifactType: "Documents",
    historicalContext: "A decree issued at Memphis in three scripts.",
    createdAt: "196 BC",
    discoveredAt: "1799",
    discoveredBy: "Pierre-François Bouchard",
    presentLocation: "British Museum",
  };

  it("takes the artifact fields and drops an owner, a like count and an id", () => {
    const parsed = restArtifactBody.parse({
      ...fields,
      userEmail: "ada@example.com",
      _id: "9",
      likeCount: 99,
      ownerId: 3,
    });
    // No imageAlt sent is no description (a PUT replaces the artifact's fields, this one too).
    expect(parsed).toEqual({ ...fields, imageAlt: "", userEmail: "ada@example.com" });
  });

  it("checks the emails' form with the shared email message", () => {
    expect(messages(restArtifactBody, { ...fields, userEmail: "ada" })).toEqual([
      `userEmail: ${MESSAGES.invalidEmail}`,
    ]);
    expect(messages(restJwtBody, {})).toEqual([`email: ${MESSAGES.invalidEmail}`]);
  });

  it("needs an artifact_id, as a string or a number", () => {
    expect(restLikeBody.parse({ artifact_id: "4" }).artifact_id).toBe("4");
    expect(restLikeBody.parse({ artifact_id: 4 }).artifact_id).toBe(4);
    expect(messages(restLikeBody, {})).toEqual(["artifact_id: artifact_id is required."]);
  });
});
