import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CollectionDetail } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { atomProblems } from "./support/atom";
import { insertArtifacts } from "./support/harvesting";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { webBuildStandIn } from "./support/web-build";

/*
 * /c/{id} written by the server (issue 32): a visitor's preview bot reads the title, description,
 * Open Graph and schema:Collection JSON-LD of a public or unlisted collection; a private one, or
 * one it may not see, is a 404 page that names nothing.
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let owner: SignedInUser;

beforeEach(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  owner = await createUserWithSession(t, { name: "Olive Owner" });
});

afterEach(async () => {
  await t.close();
  web.remove();
});

async function made(visibility: string): Promise<CollectionDetail> {
  const [a, hidden] = insertArtifacts(t.db, 2);
  const answer = await trpc(
    t.app,
    "mutation",
    "collections.create",
    {
      title: `Roman coins <${visibility}>`,
      description: "Coins *found* in [Britain](https://example.org).",
      visibility,
    },
    owner.cookie,
  );
  const collection = answer.data as CollectionDetail;
  await trpc(
    t.app,
    "mutation",
    "collections.addItems",
    { id: collection.id, artifactIds: [a, hidden] },
    owner.cookie,
  );
  t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(hidden);
  return collection;
}

const page = (url: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
  });

function jsonLd(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(block![1]!) as Record<string, unknown>;
}

describe("a collection's page for visitors", () => {
  it("carries its title, description, Open Graph and JSON-LD, escaped", async () => {
    const collection = await made("public");
    const answer = await page(`/c/${collection.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    const html = answer.body;
    expect(html).toContain("<title>Roman coins &lt;public&gt; | Artifact Atlas</title>");
    expect(html).toContain('<meta name="description" content="Coins found in Britain." />');
    expect(html).toContain(
      `<meta property="og:url" content="${t.env.publicOrigin}/c/${collection.id}" />`,
    );
    expect(html).not.toContain('name="robots"');
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Additions: Roman coins &lt;public&gt;" href="${t.env.publicOrigin}/collections/${collection.id}/feed.atom" />`,
    );
    const data = jsonLd(html);
    expect(data["@type"]).toBe("Collection");
    expect(data.name).toBe("Roman coins <public>");
    // The hidden artifact is not named; the count is of those shown.
    expect(data.collectionSize).toBe(1);
    expect((data.hasPart as { name: string }[]).map((part) => part.name)).toEqual([
      "Harvested artifact 0",
    ]);
  });

  it("keeps an unlisted one out of search indexes", async () => {
    const collection = await made("unlisted");
    const html = (await page(`/c/${collection.id}`)).body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it("answers a private one as a page that does not exist, except to its members", async () => {
    const collection = await made("private");
    const visitor = await page(`/c/${collection.id}`);
    const nothing = await page(`/c/${collection.id + 100}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).toBe(nothing.body);
    expect(visitor.body).not.toContain("Roman coins");
    for (const odd of ["abc", "0", "-1"]) expect((await page(`/c/${odd}`)).statusCode).toBe(404);
    const member = await page(`/c/${collection.id}`, owner.cookie);
    expect(member.statusCode).toBe(200);
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(member.body).toContain("Roman coins &lt;private&gt;");
  });
});

describe("a collection's Atom feed of additions", () => {
  it("lists the shown artifacts, newest addition first, as valid Atom", async () => {
    const collection = await made("unlisted");
    const answer = await t.app.inject({
      method: "GET",
      url: `/collections/${collection.id}/feed.atom`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(atomProblems(answer.body)).toEqual([]);
    const titles = [...answer.body.matchAll(/<entry>.*?<title type="text">([^<]*)<\/title>/g)].map(
      (match) => match[1],
    );
    // The hidden one is not in it.
    expect(titles).toEqual(["Harvested artifact 0"]);
    expect(answer.body).toContain("Roman coins &lt;unlisted&gt;");
  });

  it("is not found for a private collection, as for none", async () => {
    const collection = await made("private");
    for (const id of [collection.id, collection.id + 100]) {
      const answer = await t.app.inject({
        method: "GET",
        url: `/collections/${id}/feed.atom`,
        headers: { cookie: owner.cookie },
      });
      expect(answer.statusCode).toBe(404);
    }
  });
});
