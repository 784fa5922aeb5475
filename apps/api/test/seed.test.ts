import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ARTIFACT_TYPES,
  artifactInput,
  POPULAR_COUNT,
  type Artifact,
} from "@artifact-atlas/shared";
import { seedDemoCollection, seedDemoCollectionIfEmpty } from "../src/db/seed";
import { demoArtifacts, demoCurator, demoMembers } from "../src/db/seed/demo-collection";
import { createTestApp, sessionCookieFrom, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

function all(sql: string): Record<string, unknown>[] {
  return t.db.$client.prepare(sql).all() as Record<string, unknown>[];
}

function likeRows(): number {
  return (t.db.$client.prepare("select count(*) as n from likes").get() as { n: number }).n;
}

/** Every row of the tables the seed writes, in a stable order. */
function snapshot() {
  return {
    users: all("select * from users order by id"),
    artifacts: all("select * from artifacts order by id"),
    likes: all("select * from likes order by artifact_id, user_id"),
  };
}

describe("seedDemoCollection", () => {
  test("every demo artifact passes the validation a contributor's artifact gets", () => {
    for (const { likes, ...fields } of demoArtifacts) {
      const parsed = artifactInput.safeParse(fields);
      expect(parsed.error?.issues[0]?.message, fields.artifactName).toBeUndefined();
      expect(parsed.data, fields.artifactName).toEqual({ imageAlt: "", ...fields });
      expect(Number.isInteger(likes) && likes >= 0 && likes <= demoMembers.length).toBe(true);
    }
    expect(new Set(demoArtifacts.map((artifact) => artifact.artifactName)).size).toBe(
      demoArtifacts.length,
    );
  });

  test("adds at least 40 artifacts of all eight types, owned by the curator", () => {
    const summary = seedDemoCollection(t.db);
    expect(summary.artifactsAdded).toBe(demoArtifacts.length);
    expect(summary.usersAdded).toBe(demoMembers.length + 1);

    const artifacts = all("select artifact_type, owner_id, username from artifacts");
    expect(artifacts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(artifacts.map((row) => row.artifact_type))).toEqual(new Set(ARTIFACT_TYPES));
    const curator = all(`select id, name from users where email = '${demoCurator.email}'`)[0];
    expect(artifacts.every((row) => row.owner_id === curator?.id)).toBe(true);
    expect(artifacts.every((row) => row.username === curator?.name)).toBe(true);
  });

  test("gives each artifact its likes from distinct members, counted exactly", () => {
    seedDemoCollection(t.db);
    const counts = all(
      `select artifact_name as name, like_count as likeCount,
              (select count(*) from likes where artifact_id = artifacts.id) as rows
       from artifacts`,
    );
    const expected = new Map(
      demoArtifacts.map((artifact) => [artifact.artifactName, artifact.likes]),
    );
    for (const row of counts) {
      expect(row.likeCount, String(row.name)).toBe(expected.get(String(row.name)));
      expect(row.rows, String(row.name)).toBe(row.likeCount);
    }
    const total = demoArtifacts.reduce((sum, artifact) => sum + artifact.likes, 0);
    expect(likeRows()).toBe(total);
  });

  test("makes the popular list meaningful: six artifacts that differ in likes", async () => {
    seedDemoCollection(t.db);
    const result = await trpc(t.app, "query", "artifacts.popular");
    const popular = result.data as Artifact[];
    expect(popular).toHaveLength(POPULAR_COUNT);
    const counts = popular.map((artifact) => artifact.likeCount);
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(Math.max(...demoArtifacts.map((artifact) => artifact.likes)));
  });

  test("seeded accounts have no password or Google identity and cannot sign in", async () => {
    seedDemoCollection(t.db);
    const accounts = all("select email, password_hash, google_subject from users");
    expect(accounts).toHaveLength(demoMembers.length + 1);
    for (const account of accounts) {
      expect(account.password_hash, String(account.email)).toBeNull();
      expect(account.google_subject, String(account.email)).toBeNull();
    }
    for (const email of [demoCurator.email, demoMembers[0]?.email]) {
      const login = await trpc(t.app, "mutation", "auth.login", { email, password: "Secret123" });
      expect(login.status).not.toBe(200);
      expect(sessionCookieFrom(login.response)).toBeUndefined();
    }
  });

  test("running it twice changes nothing", () => {
    seedDemoCollection(t.db);
    const first = snapshot();
    expect(seedDemoCollection(t.db)).toEqual({ usersAdded: 0, artifactsAdded: 0, likesAdded: 0 });
    expect(snapshot()).toEqual(first);
  });

  test("restores a demo artifact the curator no longer has, leaving the rest alone", () => {
    seedDemoCollection(t.db);
    const name = demoArtifacts[0]?.artifactName ?? "";
    t.db.$client.prepare("delete from artifacts where artifact_name = ?").run(name);
    const before = snapshot();

    const summary = seedDemoCollection(t.db);
    expect(summary).toEqual({
      usersAdded: 0,
      artifactsAdded: 1,
      likesAdded: demoArtifacts[0]?.likes,
    });
    const after = snapshot();
    expect(after.artifacts.slice(0, -1)).toEqual(before.artifacts);
    expect(after.artifacts.at(-1)).toMatchObject({
      artifact_name: name,
      like_count: demoArtifacts[0]?.likes,
    });
  });
});

describe("seedDemoCollectionIfEmpty", () => {
  test("seeds an empty collection", () => {
    expect(seedDemoCollectionIfEmpty(t.db)?.artifactsAdded).toBe(demoArtifacts.length);
    expect(all("select id from artifacts")).toHaveLength(demoArtifacts.length);
  });

  test("leaves a collection that already has an artifact alone", async () => {
    const user = await createUserWithSession(t);
    await addArtifact(t, user);
    const before = snapshot();
    expect(seedDemoCollectionIfEmpty(t.db)).toBeNull();
    expect(snapshot()).toEqual(before);
  });
});

describe("the demo collection's image rights (issue 30)", () => {
  const BY_SA = "http://creativecommons.org/licenses/by-sa/4.0/";
  const NOT_EVALUATED = "http://rightsstatements.org/vocab/CNE/1.0/";
  const firstImages = () =>
    all(
      `select a.artifact_name as name, a.image_rights as artifactRights, i.url, i.rights, i.credit
       from artifacts a join artifact_images i on i.artifact_id = a.id and i.position = 0
       order by a.id`,
    );

  test("gives each Wikimedia Commons image its checked rights, or Not evaluated, and a credit", () => {
    seedDemoCollection(t.db);
    const images = firstImages();
    expect(images).toHaveLength(demoArtifacts.length);
    for (const image of images) {
      expect(String(image.url)).toMatch(/^https:\/\/commons\.wikimedia\.org\//);
      // The artifact repeats its first image's rights: what the Rights filter and EDM read.
      expect(image.artifactRights, String(image.name)).toBe(image.rights);
      expect(String(image.credit), String(image.name)).not.toBe("");
    }
    expect(images.find((image) => image.name === "Rosetta Stone")).toMatchObject({
      rights: BY_SA,
      credit: "Hans Hillewaert, via Wikimedia Commons",
    });
    const unchecked = images.filter((image) => image.name !== "Rosetta Stone");
    expect(unchecked.every((image) => image.rights === NOT_EVALUATED)).toBe(true);
    expect(
      unchecked.every((image) => String(image.credit).startsWith("Wikimedia Commons, File:")),
    ).toBe(true);
  });

  test("gives a collection seeded before images had rights its rights, but keeps a person's", () => {
    seedDemoCollection(t.db);
    const sqlite = t.db.$client;
    // As the migration to several images left them: no rights, no credit.
    sqlite.prepare("update artifact_images set rights = ?, credit = ''").run(NOT_EVALUATED);
    sqlite.prepare("update artifacts set image_rights = ?").run(NOT_EVALUATED);
    // A person has since given one image other rights.
    const chosen = "http://creativecommons.org/publicdomain/zero/1.0/";
    const rosetta = `(select id from artifacts where artifact_name = 'Rosetta Stone')`;
    sqlite
      .prepare(`update artifact_images set rights = ? where artifact_id = ${rosetta}`)
      .run(chosen);
    sqlite.prepare(`update artifacts set image_rights = ? where id = ${rosetta}`).run(chosen);
    const other = demoArtifacts.find((artifact) => artifact.artifactName !== "Rosetta Stone")!;

    expect(seedDemoCollection(t.db).artifactsAdded).toBe(0);
    const images = firstImages();
    expect(images.find((image) => image.name === "Rosetta Stone")).toMatchObject({
      rights: chosen,
      artifactRights: chosen,
      credit: "",
    });
    expect(String(images.find((image) => image.name === other.artifactName)?.credit)).toMatch(
      /^Wikimedia Commons, File:/,
    );
  });
});
