import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDecisionRevisions } from "../src/services/revisions";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * A decision on many artifacts at once (an import's rows, issue 28) writes each one's next revision
 * in one statement per batch: with its images in order (issue 30), and its uploads named in
 * revision_images, as recordRevision does for one.
 */

let t: TestApp;
let owner: SignedInUser;
let upload: UploadAnswer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t);
  const response = await uploadImage(t.app, await jpeg(800, 600), { cookie: owner.cookie });
  expect(response.statusCode, response.body).toBe(201);
  upload = response.json() as UploadAnswer;
});

afterAll(async () => {
  await t.close();
});

describe("revisions of a decision on many artifacts", () => {
  it("keep each artifact's images in order and name its uploads", async () => {
    const elsewhere = "https://images.example.org/back.jpg";
    const artifact = await addArtifact(t, owner, {
      artifactImage: elsewhere,
      images: [
        { url: elsewhere, alt: "Back", caption: "The back", credit: "" },
        {
          url: upload.url,
          alt: "Front",
          caption: "",
          rights: "http://creativecommons.org/licenses/by/4.0/",
          credit: "Photo: the owner",
        },
      ],
    });
    const other = await addArtifact(t, owner);
    t.db.transaction((tx) =>
      recordDecisionRevisions(tx, [artifact.id, other.id], { actorId: null, summary: "Approved" }),
    );

    const newest = (id: number) =>
      t.db.$client
        .prepare(
          "select id, number, fields from artifact_revisions where artifact_id = ? order by number desc limit 1",
        )
        .get(id) as { id: number; number: number; fields: string };
    const revision = newest(artifact.id);
    expect(revision.number).toBe(2);
    expect(JSON.parse(revision.fields).images).toEqual([
      {
        url: elsewhere,
        alt: "Back",
        caption: "The back",
        rights: "http://rightsstatements.org/vocab/CNE/1.0/",
        credit: "",
      },
      {
        url: upload.url,
        alt: "Front",
        caption: "",
        rights: "http://creativecommons.org/licenses/by/4.0/",
        credit: "Photo: the owner",
      },
    ]);
    const named = (revisionId: number) =>
      t.db.$client
        .prepare("select path from revision_images where revision_id = ?")
        .pluck()
        .all(revisionId);
    expect(named(revision.id)).toEqual([upload.url]);
    expect(JSON.parse(newest(other.id).fields).images).toHaveLength(1);
    expect(named(newest(other.id).id)).toEqual([]);
  });
});
