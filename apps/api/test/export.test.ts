import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_SITE_RIGHTS,
  EXPORT_COLUMNS,
  NOT_EVALUATED,
  type ArtifactDetail,
} from "@artifact-atlas/shared";
import { MAX_CONCURRENT_EXPORTS } from "../src/deps";
import { parseCsv } from "../src/open-data/csv";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let alice: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Archivist" });
});

afterEach(async () => {
  await t.close();
});

function download(query: string) {
  return t.app.inject({ method: "GET", url: `/export${query}` });
}

/** An artifact's export values by column, besides its url: its images as stored (issue 30). */
function exportValues(artifact: ArtifactDetail, url: string): Record<string, unknown> {
  const images = artifact.images.map(({ url, alt, caption, rights, credit }) => ({
    url,
    alt,
    caption,
    rights,
    credit,
  }));
  return {
    ...artifact,
    url,
    images,
    rights: images[0]!.rights,
    metadataLicense: DEFAULT_SITE_RIGHTS.metadataLicense,
  };
}

/** The CSV's rows as records by header. */
function csvRecords(body: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(body);
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

describe("GET /export", () => {
  it("downloads every public artifact as CSV, oldest first, with its public page", async () => {
    const added: ArtifactDetail[] = [];
    for (const name of ["Bronze Mirror", "Clay Tablet, with a comma", 'A "quoted" lamp']) {
      added.push(await addArtifact(t, alice, { artifactName: name }));
    }
    const response = await download("?format=csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="artifact-atlas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.startsWith("\uFEFFid,url,artifactName,")).toBe(true);
    expect(response.body).toContain("\r\n");

    const records = csvRecords(response.body);
    expect(records).toEqual(
      added.map((artifact) => {
        const slug = artifact.artifactName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "");
        const values = exportValues(artifact, `http://localhost:3000/a/${artifact.id}/${slug}`);
        return Object.fromEntries(
          EXPORT_COLUMNS.map((column) => {
            const value = values[column];
            return [column, typeof value === "object" ? JSON.stringify(value) : String(value)];
          }),
        );
      }),
    );
    expect(records[0]!.rights).toBe(NOT_EVALUATED);
    // Only what the collection shows: no owner, no email.
    expect(response.body).not.toContain("alice@example.com");
    expect(t.app.deps.exportSlots.inUse()).toBe(0);
  });

  it("writes a cell that a spreadsheet would run as a formula with a leading apostrophe", async () => {
    const formulas = ['=HYPERLINK("http://evil","x")', "+1+2", "-3", "@SUM(A1)"];
    for (const formula of formulas) {
      await addArtifact(t, alice, { artifactName: formula, discoveredBy: formula });
    }
    const records = csvRecords((await download("?format=csv")).body);
    expect(records.map((record) => record.artifactName)).toEqual(
      formulas.map((formula) => `'${formula}`),
    );
    expect(records.map((record) => record.discoveredBy)).toEqual(
      formulas.map((formula) => `'${formula}`),
    );
    for (const record of records) {
      for (const value of Object.values(record)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("follows the name search and the type, as GET /artifacts does (q and type)", async () => {
    await addArtifact(t, alice, { artifactName: "Bronze Mirror", artifactType: "Art" });
    await addArtifact(t, alice, { artifactName: "Bronze Axe", artifactType: "Tools" });
    await addArtifact(t, alice, { artifactName: "Clay Tablet", artifactType: "Writings" });
    const names = async (query: string) =>
      csvRecords((await download(query)).body).map((record) => record.artifactName);
    expect(await names("?q=bronze")).toEqual(["Bronze Mirror", "Bronze Axe"]);
    expect(await names("?q=BRONZE&type=Tools")).toEqual(["Bronze Axe"]);
    // Short searches walk the names with LIKE; % and _ are plain text.
    expect(await names("?q=xe")).toEqual(["Bronze Axe"]);
    expect(await names("?q=%25")).toEqual([]);
    expect(await names("?type=Writings")).toEqual(["Clay Tablet"]);
  });

  it("downloads JSON-LD whose graph holds every artifact under its API names", async () => {
    const artifact = await addArtifact(t, alice, { artifactName: "Rosetta Stone" });
    const response = await download("?format=json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/ld+json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/\.jsonld"$/);
    const document = response.json() as {
      "@context": Record<string, unknown>;
      "@type": string;
      "@graph": Record<string, unknown>[];
    };
    expect(document["@type"]).toBe("Collection");
    expect(document).toMatchObject({ license: DEFAULT_SITE_RIGHTS.metadataLicense });
    expect(document["@context"]).toMatchObject({
      "@vocab": "https://schema.org/",
      artifactName: "name",
      historicalContext: "description",
    });
    const record = exportValues(artifact, `http://localhost:3000/a/${artifact.id}/rosetta-stone`);
    expect(document["@graph"]).toEqual([
      {
        "@id": `http://localhost:3000/a/${artifact.id}`,
        "@type": "CreativeWork",
        ...Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, record[column]])),
      },
    ]);
    expect(Object.keys(document["@graph"][0]!).slice(2)).toEqual([...EXPORT_COLUMNS]);
  });

  it("writes a valid file for an empty collection or a search that matches nothing", async () => {
    expect(csvRecords((await download("")).body)).toEqual([]);
    expect((await download("?format=json")).json()).toMatchObject({ "@graph": [] });
  });

  it("refuses unknown formats and filters with 400, naming them", async () => {
    const format = await download("?format=xlsx");
    expect(format.statusCode).toBe(400);
    expect(format.json()).toEqual({ error: "format: format must be csv or json." });
    expect((await download("?type=Spaceships")).statusCode).toBe(400);
    expect((await download(`?q=${"x".repeat(101)}`)).statusCode).toBe(400);
  });

  it("answers 503 with Retry-After while every export slot is taken", async () => {
    const held = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () =>
      t.app.deps.exportSlots.take(),
    );
    expect(held.every((release) => release !== null)).toBe(true);
    const refused = await download("?format=csv");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    held[0]!();
    expect((await download("?format=csv")).statusCode).toBe(200);
    expect(t.app.deps.exportSlots.inUse()).toBe(MAX_CONCURRENT_EXPORTS - 1);
  });
});
