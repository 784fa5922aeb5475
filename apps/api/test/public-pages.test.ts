import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SITE_RIGHTS, type Artifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, like } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { webBuildStandIn } from "./support/web-build";

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let alice: SignedInUser;

beforeEach(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  alice = await createUserWithSession(t, { email: "alice@example.com", name: "Alice Archivist" });
});

afterEach(async () => {
  await t.close();
  web.remove();
});

/** A fetch as curl or a preview bot makes it: no cookie, no JavaScript. */
async function fetchPage(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url, headers: { accept: "*/*", ...headers } });
}

function attribute(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

function metaContent(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.:]/g, "\\$&");
  return attribute(html, new RegExp(`<meta (?:name|property)="${escaped}" content="([^"]*)" />`));
}

/** The text of every <script type="application/ld+json"> block, parsed. */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!),
  );
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

describe("the public page of an artifact", () => {
  it("writes the artifact's tags and JSON-LD into the HTML, and none of the private data", async () => {
    const artifact = await addArtifact(t, alice, {
      artifactName: "Rosetta Stone",
      artifactType: "Documents",
      createdAt: "196 BC",
      presentLocation: "British Museum, London",
      historicalContext: "A granodiorite stele inscribed with a decree in three scripts.",
    });
    const other = await addArtifact(t, alice, { artifactName: "Someone Else's Lamp" });
    await like(t, await createUserWithSession(t), artifact.id);

    const response = await fetchPage(`/a/${artifact.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    // Asked with a session cookie, the page may carry a renewed cookie: never in a shared cache.
    const signedIn = await fetchPage(`/a/${artifact.id}`, { cookie: alice.cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const html = response.body;

    const canonical = `http://localhost:3000/a/${artifact.id}/rosetta-stone`;
    expect(html).toContain("<title>Rosetta Stone | Artifact Atlas</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(html, "description")).toBe(
      "A granodiorite stele inscribed with a decree in three scripts.",
    );
    expect(attribute(html, /<link rel="canonical" href="([^"]*)" \/>/)).toBe(canonical);
    expect(metaContent(html, "og:title")).toBe("Rosetta Stone");
    expect(metaContent(html, "og:url")).toBe(canonical);
    expect(metaContent(html, "og:image")).toBe(artifact.artifactImage);
    expect(metaContent(html, "og:type")).toBe("article");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:image")).toBe(artifact.artifactImage);

    expect(jsonLdBlocks(html)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "@id": `http://localhost:3000/a/${artifact.id}`,
        url: canonical,
        identifier: String(artifact.id),
        name: "Rosetta Stone",
        image: artifact.artifactImage,
        genre: "Documents",
        description: "A granodiorite stele inscribed with a decree in three scripts.",
        dateCreated: "196 BC",
        contentLocation: { "@type": "Place", name: "British Museum, London" },
        contributor: { "@type": "Person", name: "Alice Archivist" },
        interactionStatistic: {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/LikeAction",
          userInteractionCount: 1,
        },
        isPartOf: {
          "@type": "Collection",
          name: "Artifact Atlas",
          url: "http://localhost:3000/allartifacts",
        },
        license: DEFAULT_SITE_RIGHTS.metadataLicense,
      },
    ]);
    // The IIIF manifest for any IIIF viewer, and the licence of this data (issue 30).
    expect(
      attribute(
        html,
        /<link rel="alternate" type="application\/ld\+json;profile=&quot;http:\/\/iiif\.io\/api\/presentation\/3\/context\.json&quot;" href="([^"]*)" \/>/,
      ),
    ).toBe(`http://localhost:3000/iiif/artifacts/${artifact.id}/manifest.json`);
    expect(attribute(html, /<link rel="license" href="([^"]*)" \/>/)).toBe(
      "http://creativecommons.org/publicdomain/zero/1.0/",
    );

    // Nothing a signed-in screen shows: no email, no other artifact, no session.
    expect(html).not.toContain("alice@example.com");
    expect(html).not.toContain(other.artifactName);
    expect(response.headers["set-cookie"]).toBeUndefined();
    // The page is still the web app, under the same strict policy (JSON-LD is data, not script).
    expect(html).toContain('<div id="root"></div>');
    expect(response.headers["content-security-policy"]).toContain("script-src 'self';");
  });

  it("answers /a/{id}/{slug} too, whatever the slug, with the canonical link to the current one", async () => {
    const artifact = await addArtifact(t, alice, { artifactName: "Pietà" });
    for (const path of [
      `/a/${artifact.id}/pieta`,
      `/a/${artifact.id}/old-name`,
      `/a/${artifact.id}/`,
    ]) {
      const response = await fetchPage(path);
      expect(response.statusCode, path).toBe(200);
      expect(attribute(response.body, /<link rel="canonical" href="([^"]*)" \/>/)).toBe(
        `http://localhost:3000/a/${artifact.id}/pieta`,
      );
    }
  });

  it("cannot be broken out of by a hostile name or context", async () => {
    const hostile = `</script><script>alert(1)</script>" onload="x' <!--`;
    const artifact = await addArtifact(t, alice, {
      artifactName: hostile,
      historicalContext: `Context </SCRIPT> & "quotes" \u2028 <img src=x onerror=alert(2)>`,
      presentLocation: "</script>",
    });
    const html = (await fetchPage(`/a/${artifact.id}`)).body;
    // Only the page's own scripts: theme-init, the app, and the one data block.
    expect(html.match(/<script/gi)).toHaveLength(3);
    expect(html.match(/<\/script>/gi)).toHaveLength(3);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("alert(1)</script>");
    expect(decodeEntities(metaContent(html, "og:title")!)).toBe(hostile);
    const [jsonLd] = jsonLdBlocks(html) as [{ name: string; description: string }];
    expect(jsonLd.name).toBe(hostile);
    expect(jsonLd.description).toBe(artifact.historicalContext);
  });

  it("answers 404 with a page kept out of search indexes for an unknown or malformed id", async () => {
    for (const path of ["/a/999999", "/a/0", "/a/abc", "/a/1/2/3", "/a/99999999999999999999"]) {
      const response = await fetchPage(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain("application/ld+json");
    }
  });

  it("is read by the web app through artifacts.publicById, which answers only public artifacts", async () => {
    const artifact = await addArtifact(t, alice);
    const found = await trpc(t.app, "query", "artifacts.publicById", { id: artifact.id });
    expect(found.status).toBe(200);
    // What everyone sees: the artifact without the review state its owner is shown.
    const { status: _status, statusReason: _reason, statusNote: _note, ...seen } = artifact;
    // With every image, for its gallery (issue 30).
    expect(found.data as Artifact).toEqual(seen);
    expect(seen.images).toHaveLength(1);
    const missing = await trpc(t.app, "query", "artifacts.publicById", { id: artifact.id + 1 });
    expect(missing.status).toBe(404);
  });
});

describe("artifacts that are not published", () => {
  it("answer 404 on their public page and stay out of the sitemap and the export", async () => {
    const published = await addArtifact(t, alice, { artifactName: "Published Lamp" });
    const others: [string, number][] = [];
    for (const state of ["pending", "hidden", "rejected", "trashed"] as const) {
      const artifact = await addArtifact(t, alice, { artifactName: `A ${state} lamp` });
      if (state === "trashed") {
        t.db.$client
          .prepare("update artifacts set deleted_at = ? where id = ?")
          .run(Date.now(), artifact.id);
      } else {
        t.db.$client
          .prepare("update artifacts set status = ? where id = ?")
          .run(state, artifact.id);
      }
      others.push([state, artifact.id]);
    }
    const sitemap = (await fetchPage("/sitemap.xml")).body;
    const exported = (await fetchPage("/export?format=json")).json() as {
      "@graph": { id: number }[];
    };
    for (const [state, id] of others) {
      for (const path of [`/a/${id}`, `/a/${id}/a-${state}-lamp`]) {
        const page = await fetchPage(path);
        expect(page.statusCode, `${state} ${path}`).toBe(404);
        expect(page.body, state).not.toContain(`A ${state} lamp`);
        expect(page.body, state).toContain('<meta name="robots" content="noindex" />');
      }
      const read = await trpc(t.app, "query", "artifacts.publicById", { id });
      expect(read.status, state).toBe(404);
      expect(sitemap, state).not.toContain(`/a/${id}/`);
    }
    expect(exported["@graph"].map((item) => item.id)).toEqual([published.id]);
    // The sitemap's count is the published count.
    expect(sitemap.match(/<url>/g)).toHaveLength(1);
    expect(t.app.deps.publicArtifacts.total()).toBe(1);
    expect((await fetchPage(`/a/${published.id}`)).statusCode).toBe(200);
  });
});

describe("the sitemap and robots.txt", () => {
  it("lists every public page once, and robots.txt points to it and keeps private screens out", async () => {
    const added = [
      await addArtifact(t, alice, { artifactName: "Lamp & Wick <1>" }),
      await addArtifact(t, alice, { artifactName: "Bronze Mirror" }),
      await addArtifact(t, alice, { artifactName: "Clay Tablet" }),
    ];
    const response = await fetchPage("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toHaveLength(t.app.deps.publicArtifacts.total());
    expect(locations).toEqual([
      `http://localhost:3000/a/${added[0]!.id}/lamp-wick-1`,
      `http://localhost:3000/a/${added[1]!.id}/bronze-mirror`,
      `http://localhost:3000/a/${added[2]!.id}/clay-tablet`,
    ]);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

    const robots = await fetchPage("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    for (const path of ["/artifacts/", "/likedartifacts", "/myartifacts", "/profile", "/trpc/"]) {
      expect(robots.body).toContain(`Disallow: ${path}`);
    }
    expect(robots.body).not.toContain("Disallow: /a/");
  });

  it("splits into a sitemap index past 50,000 pages, each part listing its own", async () => {
    const total = 50_003;
    const insert = t.db.$client.prepare(
      `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
         historical_context, created_at, discovered_at, discovered_by, present_location, username)
       values (?, ?, 'https://images.example.org/a.jpg', 'Tools', 'c', '1', '2', 'b', 'l', 'u')`,
    );
    t.db.$client.transaction(() => {
      for (let i = 0; i < total; i += 1) insert.run(alice.id, `Bulk ${i}`);
    })();

    const index = await fetchPage("/sitemap.xml");
    expect(index.body).toContain("<sitemapindex");
    expect([...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      "http://localhost:3000/sitemaps/1.xml",
      "http://localhost:3000/sitemaps/2.xml",
    ]);
    const first = await fetchPage("/sitemaps/1.xml");
    const second = await fetchPage("/sitemaps/2.xml");
    const count = (body: string) => body.match(/<url>/g)?.length ?? 0;
    expect(count(first.body)).toBe(50_000);
    expect(count(second.body)).toBe(3);
    expect(count(first.body) + count(second.body)).toBe(t.app.deps.publicArtifacts.total());
    expect(second.body).toContain("/bulk-50002</loc>");
    for (const path of ["/sitemaps/3.xml", "/sitemaps/0.xml", "/sitemaps/x.xml"]) {
      expect((await fetchPage(path)).statusCode, path).toBe(404);
    }
    // 50,003 rows, each through the search and harvest triggers: about 10 s on a quiet machine,
    // past the project's 20 s when the two cores are shared.
  }, 60_000);
});
