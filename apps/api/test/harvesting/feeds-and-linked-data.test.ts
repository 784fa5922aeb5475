import { Parser as TurtleParser } from "n3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { atomProblems } from "../support/atom";
import { parseXml } from "../support/oai";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { webBuildStandIn } from "../support/web-build";

/*
 * Issue 34's feeds and linked data: Atom 1.0 feeds of new artifacts (all and per type), valid by
 * RFC 4287's rules (support/atom.ts), cheap to poll (ETag, Last-Modified, 304); JSON-LD from
 * /a/{id} and /artifacts/{id} by content negotiation; the dataset's VoID description in Turtle,
 * read by a real Turtle parser.
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let owner: SignedInUser;

beforeEach(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  owner = await createUserWithSession(t, { name: "Olga Owner" });
});

afterEach(async () => {
  await t.close();
  web.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  rest(t.app, "GET", url, { headers });

describe("the Atom feeds", () => {
  it("list new public artifacts, newest first, as valid Atom 1.0", async () => {
    const first = await addArtifact(t, owner, {
      artifactName: "Bronze Lamp",
      artifactType: "Tools",
    });
    const second = await addArtifact(t, owner, {
      artifactName: "Marble Head",
      artifactType: "Sculptures",
    });
    const feed = await get("/feeds/artifacts.atom");
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(atomProblems(feed.body)).toEqual([]);
    // The checks can fail: a feed without its updated, or an entry without its id, is refused.
    expect(
      atomProblems(feed.body.replace(/<updated>[^<]*<\/updated><author>/, "<author>")),
    ).toEqual(["feed has 0 updated elements, not one"]);
    expect(atomProblems(feed.body.replace(/<entry><id>[^<]*<\/id>/, "<entry>"))).toEqual([
      "entry 0 has 0 id elements, not one",
    ]);
    const entries = parseXml(feed.body).feed.entry;
    expect(entries.map((entry: { title: { "#text": string } }) => entry.title["#text"])).toEqual([
      "Marble Head",
      "Bronze Lamp",
    ]);
    expect(entries[1].id).toBe(`http://localhost:3000/a/${first.id}`);
    expect(entries[0].link[0]["@href"]).toBe(`http://localhost:3000/a/${second.id}/marble-head`);

    const tools = await get("/feeds/artifacts/tools.atom");
    expect(atomProblems(tools.body)).toEqual([]);
    expect(parseXml(tools.body).feed.entry).toHaveLength(1);
    expect(tools.body).not.toContain("Marble Head");
    expect((await get("/feeds/artifacts/unicorns.atom")).statusCode).toBe(404);
  });

  it("is a valid feed with no entries too, and escapes what was typed", async () => {
    const empty = await get("/feeds/artifacts/writings.atom");
    expect(atomProblems(empty.body)).toEqual([]);
    await addArtifact(t, owner, {
      artifactName: `<script>alert(1)</script> & "quotes"`,
      historicalContext: "Text with a control character \u0001 and ]]> in it.",
    });
    const feed = await get("/feeds/artifacts.atom");
    expect(atomProblems(feed.body)).toEqual([]);
    expect(feed.body).not.toContain("<script>");
    expect(parseXml(feed.body).feed.entry[0].title["#text"]).toBe(
      `<script>alert(1)</script> & "quotes"`,
    );
  });

  it("answers 304 to a reader that has it, and the new feed once anything changes", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    const feed = await get("/feeds/artifacts.atom");
    const etag = String(feed.headers.etag);
    const lastModified = String(feed.headers["last-modified"]);
    expect(etag).toMatch(/^".+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(feed.headers["cache-control"]).toBe("public, max-age=60");

    const again = await get("/feeds/artifacts.atom", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const since = await get("/feeds/artifacts.atom", { "if-modified-since": lastModified });
    expect(since.statusCode).toBe(304);
    const typeFeed = await get("/feeds/artifacts/tools.atom", { "if-none-match": etag });
    expect(typeFeed.statusCode).toBe(200);

    // Hidden: the entry leaves the feed, and the validators change.
    await new Promise((wait) => setTimeout(wait, 5));
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifact.id);
    const changed = await get("/feeds/artifacts.atom", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).not.toContain("Bronze Lamp");
    expect(atomProblems(changed.body)).toEqual([]);
  });
});

describe("JSON-LD by content negotiation", () => {
  it("answers /a/{id} and /artifacts/{id} in schema.org terms, with Vary: Accept", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    for (const path of [
      `/a/${artifact.id}`,
      `/a/${artifact.id}/bronze-lamp`,
      `/artifacts/${artifact.id}`,
    ]) {
      for (const accept of [
        "application/ld+json",
        "application/ld+json, text/html;q=0.9",
        "text/html;q=0.5, application/ld+json",
      ]) {
        const answer = await get(path, { accept });
        expect(answer.statusCode, `${path} ${accept}`).toBe(200);
        expect(answer.headers["content-type"]).toBe("application/ld+json; charset=utf-8");
        expect(String(answer.headers.vary)).toMatch(/Accept/);
        const data = answer.json() as Record<string, unknown>;
        expect(data).toMatchObject({
          "@context": "https://schema.org",
          "@type": "CreativeWork",
          "@id": `http://localhost:3000/a/${artifact.id}`,
          name: "Bronze Lamp",
        });
      }
    }
    // The same addresses keep their other answers.
    const page = await get(`/a/${artifact.id}`, { accept: "text/html" });
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(String(page.headers.vary)).toMatch(/Accept/);
    const json = await get(`/artifacts/${artifact.id}`, { accept: "application/json" });
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("links the page to its JSON-LD and its type's feed, and every page to the feed", async () => {
    const artifact = await addArtifact(t, owner, {
      artifactName: "Bronze Lamp",
      artifactType: "Art",
    });
    const page = await get(`/a/${artifact.id}`, { accept: "text/html" });
    expect(page.body).toContain(
      `<link rel="alternate" type="application/ld+json" href="http://localhost:3000/a/${artifact.id}" />`,
    );
    expect(page.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="New artifacts: Art" href="http://localhost:3000/feeds/artifacts/art.atom" />`,
    );
  });

  it("answers 404 for what is not public, even to its owner and a curator", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifact.id);
    const curator = await createUserWithSession(t, { role: "curator" });
    for (const cookie of [undefined, owner.cookie, curator.cookie]) {
      for (const path of [`/a/${artifact.id}`, `/artifacts/${artifact.id}`]) {
        const answer = await rest(t.app, "GET", path, {
          headers: { accept: "application/ld+json" },
          ...(cookie ? { cookie } : {}),
        });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain("Bronze Lamp");
      }
    }
    // The owner still reads it as JSON, as before.
    const mine = await rest(t.app, "GET", `/artifacts/${artifact.id}`, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    const byId = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id }, owner.cookie);
    expect(byId.status).toBe(200);
  });
});

describe("the dataset's description", () => {
  it("is VoID and DCAT in Turtle: licence, formats and every endpoint", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    const answer = await get("/.well-known/void");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/turtle; charset=utf-8");
    const quads = new TurtleParser().parse(answer.body);
    const objectsOf = (predicate: string) =>
      quads.filter((quad) => quad.predicate.value === predicate).map((quad) => quad.object.value);
    const dataset = "http://localhost:3000/.well-known/void#dataset";
    expect(
      quads.some(
        (quad) =>
          quad.subject.value === dataset && quad.object.value === "http://rdfs.org/ns/void#Dataset",
      ),
    ).toBe(true);
    expect(objectsOf("http://purl.org/dc/terms/license")).toEqual([
      "http://creativecommons.org/publicdomain/zero/1.0/",
    ]);
    expect(objectsOf("http://rdfs.org/ns/void#entities")).toEqual(["1"]);
    expect(objectsOf("http://rdfs.org/ns/void#exampleResource")).toEqual([
      `http://localhost:3000/a/${artifact.id}`,
    ]);
    expect(objectsOf("http://www.w3.org/ns/dcat#accessURL").sort()).toEqual([
      "http://localhost:3000/export?format=csv",
      "http://localhost:3000/export?format=json",
      "http://localhost:3000/feeds/artifacts.atom",
      "http://localhost:3000/oai",
      "http://localhost:3000/openapi.json",
    ]);
  });
});
