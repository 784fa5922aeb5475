import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ImportReport } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Issue 30: the export carries every image of an artifact with its alt text, caption, rights and
 * credit, in order, and an import of that file brings them back as they were (CSV: a JSON list in
 * one cell; JSON-LD: a list). A file with a rights column and no images gives its one image those
 * rights.
 */

let t: TestApp;
let curator: SignedInUser;
let member: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  curator = await createUserWithSession(t, { name: "Clio Curator", role: "curator" });
  member = await createUserWithSession(t, { name: "Mina Member" });
});

afterEach(async () => {
  await t.close();
});

type Format = "csv" | "json";
const CONTENT_TYPE: Record<Format, string> = { csv: "text/csv", json: "application/ld+json" };

const IMAGES = [
  {
    url: "https://images.example.org/mask-front.jpg",
    alt: "The mask seen from the front",
    caption: "Front, after cleaning",
    rights: "http://creativecommons.org/licenses/by/4.0/",
    credit: "Photo: British Museum",
  },
  {
    url: "https://images.example.org/mask-back.jpg",
    alt: "The back, with a maker's mark",
    caption: "Back",
    rights: "http://rightsstatements.org/vocab/InC/1.0/",
    credit: 'Photo: a private collector, "with thanks"',
  },
  {
    url: "https://images.example.org/mask-detail.jpg",
    alt: "",
    caption: "",
    rights: "http://creativecommons.org/publicdomain/zero/1.0/",
    credit: "",
  },
];

/** Every artifact's images in the database, in order, by artifact id. */
function imagesById(): Map<number, typeof IMAGES> {
  const rows = t.db.$client
    .prepare(
      `select artifact_id as id, url, alt, caption, rights, credit from artifact_images
       order by artifact_id, position`,
    )
    .all() as ({ id: number } & (typeof IMAGES)[number])[];
  const byId = new Map<number, typeof IMAGES>();
  for (const { id, ...image } of rows) byId.set(id, [...(byId.get(id) ?? []), image]);
  return byId;
}

function upload(file: string, format: Format) {
  return rest(t.app, "POST", "/imports?dryRun=false", {
    cookie: curator.cookie,
    payload: file,
    headers: { "content-type": CONTENT_TYPE[format] },
  });
}

describe("images and rights through the export and an import", () => {
  it.each(["csv", "json"] as const)(
    "come back in order, each with its fields (%s)",
    async (format) => {
      const original = await addArtifact(t, member, {
        artifactName: "Gold Mask",
        artifactImage: undefined,
        imageAlt: undefined,
        images: IMAGES as never,
      });
      expect(imagesById().get(original.id)).toEqual(IMAGES);

      const exported = await rest(t.app, "GET", `/export?format=${format}`);
      expect(exported.statusCode).toBe(200);
      const imported = await upload(exported.body, format);
      expect(imported.statusCode, imported.body).toBe(201);
      expect((imported.json() as ImportReport).added).toBe(1);

      const all = imagesById();
      const [added] = [...all.keys()].filter((id) => id !== original.id);
      expect(added).toBeDefined();
      expect(all.get(added!)).toEqual(IMAGES);
      // The artifact repeats its first image's rights, which the Rights filter reads.
      const rights = t.db.$client
        .prepare("select image_rights from artifacts where id = ?")
        .pluck()
        .get(added);
      expect(rights).toBe(IMAGES[0]!.rights);
    },
  );

  it("gives a file's one image the rights of its rights column", async () => {
    const header = [
      "artifactName",
      "artifactImage",
      "artifactType",
      "historicalContext",
      "createdAt",
      "discoveredAt",
      "discoveredBy",
      "presentLocation",
      "imageAlt",
      "rights",
    ].join(",");
    const row = [
      "Clay Tablet",
      "https://images.example.org/tablet.jpg",
      "Documents",
      "A receipt for barley.",
      "2000 BC",
      "1900",
      "An excavation",
      "A regional museum",
      "A tablet on a table",
      "http://creativecommons.org/publicdomain/mark/1.0/",
    ].join(",");
    const imported = await upload(`${header}\n${row}\n`, "csv");
    expect(imported.statusCode, imported.body).toBe(201);
    expect([...imagesById().values()]).toEqual([
      [
        {
          url: "https://images.example.org/tablet.jpg",
          alt: "A tablet on a table",
          caption: "",
          rights: "http://creativecommons.org/publicdomain/mark/1.0/",
          credit: "",
        },
      ],
    ]);
  });
});
