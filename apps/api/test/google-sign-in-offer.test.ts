import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_META } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";
import { webBuildStandIn } from "./support/web-build";

/*
 * Issue 29: the Login and Signup screens showed a Google button that led to "Google sign-in is not
 * set up on this server". The server now says in the page's head whether it is set up, in every
 * copy of the page it sends (plain, brotli, gzip, and the public pages written from it).
 */

const GOOGLE = {
  GOOGLE_CLIENT_ID: "atlas-client",
  GOOGLE_CLIENT_SECRET: "atlas-secret",
};
const TAG = `<meta name="${GOOGLE_SIGN_IN_META}" content="on">`;

let t: TestApp | undefined;
let web: ReturnType<typeof webBuildStandIn> | undefined;

afterEach(async () => {
  await t?.close();
  web?.remove();
  t = undefined;
  web = undefined;
});

/** The app over a stand-in build with the compressed copies the real build writes. */
async function appWith(env: Record<string, string>) {
  web = webBuildStandIn();
  const index = join(web.path, "index.html");
  const html = readFileSync(index);
  writeFileSync(`${index}.br`, brotliCompressSync(html));
  writeFileSync(`${index}.gz`, gzipSync(html));
  t = await createTestApp({ WEB_DIST_PATH: web.path, ...env });
  return t;
}

/** The page as each encoding sends it, decoded. */
async function pages(app: TestApp, url: string): Promise<string[]> {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
  const texts: string[] = [];
  for (const encoding of ["identity", "br", "gzip"] as const) {
    const answer = await app.app.inject({
      url,
      headers: { accept: "text/html", "accept-encoding": encoding },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
    texts.push(
      encoding === "identity" ? answer.body : decode[encoding](answer.rawPayload).toString(),
    );
  }
  return texts;
}

describe("the page's word on Google sign-in", () => {
  it("is there, in every copy of every page, when Google sign-in is set up", async () => {
    const app = await appWith(GOOGLE);
    for (const text of await pages(app, "/login")) {
      expect(text).toContain(`${TAG}</head>`);
    }
    const artifact = await addArtifact(app, await createUserWithSession(app));
    const publicPage = await app.app.inject({
      url: `/a/${artifact.id}`,
      headers: { accept: "text/html" },
    });
    expect(publicPage.body).toContain(TAG);
  });

  it("is missing when it is not", async () => {
    const app = await appWith({});
    for (const text of await pages(app, "/signup")) {
      expect(text).not.toContain(GOOGLE_SIGN_IN_META);
      expect(text).toContain("</head>");
    }
  });
});
