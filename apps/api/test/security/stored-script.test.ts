import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Artifact, SessionUser } from "@artifact-atlas/shared";
import { createTestApp, sessionCookieFrom, trpc, type TestApp } from "../support/app";
import { artifactFields, type ArtifactSent } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Script in every text field is data: stored exactly as sent (after the trim every field gets) and
 * answered as JSON strings with nosniff, never as markup. Rendering it safely is React's job; the
 * web e2e tests check the screens, and the last test here checks that the web app never opts out
 * of React's escaping.
 */

const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(2)>',
  "</script><script>alert(3)</script>",
  "<svg/onload=alert(4)>",
  "{{constructor.constructor('alert(5)')()}}",
  "javascript:alert(6)",
  '<a href="javascript:alert(7)">click</a>',
  "<iframe srcdoc='<script>alert(8)</script>'>",
];

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUserWithSession(t);
});

afterAll(async () => {
  await t.close();
});

function scriptFields(payload: string): ArtifactSent {
  return artifactFields({
    artifactName: `Name ${payload}`.slice(0, 120),
    artifactImage: `https://images.example.org/a.png?q=${payload}`,
    historicalContext: `Context ${payload}`,
    createdAt: `Created ${payload}`,
    discoveredAt: `Discovered ${payload}`,
    discoveredBy: `By ${payload}`,
    presentLocation: `At ${payload}`,
  });
}

function expectJson(response: { headers: Record<string, unknown> }) {
  expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
}

describe.each(PAYLOADS)("%s", (payload) => {
  it("comes back verbatim from every artifact answer, as JSON text", async () => {
    const fields = scriptFields(payload);
    const created = await trpc(t.app, "mutation", "artifacts.create", fields, user.cookie);
    expect(created.status).toBe(200);
    const artifact = created.data as Artifact;
    expect(artifact).toMatchObject({ ...fields, username: user.name });

    const byId = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expectJson(byId.response);
    expect(byId.data).toMatchObject(fields);

    const restOne = await rest(t.app, "GET", `/artifacts/${artifact.id}`);
    expectJson(restOne);
    expect(restOne.json()).toMatchObject(fields);

    const updated = scriptFields(`${payload} (edited)`);
    const put = await rest(t.app, "PUT", `/artifacts/${artifact.id}`, {
      cookie: user.cookie,
      body: updated,
    });
    expect(put.statusCode).toBe(200);
    expect((put.json() as { artifact: unknown }).artifact).toMatchObject(updated);

    const list = await trpc(t.app, "query", "artifacts.list", { search: "Name" });
    expectJson(list.response);
    expect(JSON.stringify(list.data)).toContain(JSON.stringify(updated.artifactName));
  });

  it("comes back verbatim as a user's name, through sign-up and the profile", async () => {
    const userName = `User ${payload}`.slice(0, 80);
    const signup = await trpc(t.app, "mutation", "auth.signup", {
      userName,
      email: `script${PAYLOADS.indexOf(payload)}@example.com`,
      password: "Secret123",
    });
    expect(signup.status).toBe(200);
    expect((signup.data as SessionUser).name).toBe(userName);
    const cookie = sessionCookieFrom(signup.response);

    const displayName = `Profile ${payload}`.slice(0, 80);
    const profile = await trpc(t.app, "mutation", "users.updateProfile", { displayName }, cookie);
    expect((profile.data as SessionUser).name).toBe(displayName);
    const me = await trpc(t.app, "query", "auth.me", undefined, cookie);
    expectJson(me.response);
    expect((me.data as SessionUser).name).toBe(displayName);

    // The contributor's name on a new artifact is stored as given, too.
    const created = await trpc(t.app, "mutation", "artifacts.create", artifactFields(), cookie);
    expect((created.data as Artifact).username).toBe(displayName);
  });
});

describe("the web app's source", () => {
  const webSrc = fileURLToPath(new URL("../../../web/src", import.meta.url));

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.(tsx?|jsx?)$/.test(entry) ? [path] : [];
    });
  }

  it("never opts out of React's escaping", () => {
    const files = sourceFiles(webSrc);
    expect(files.length).toBeGreaterThan(10);
    // The one exception: Markdown rendered and sanitised on the server (a comment, a collection's
    // description; test/conversation/markdown.test.ts tries what gets past a sanitiser), shown
    // through one component.
    const sanitisedOnTheServer = {
      file: "components/ServerMarkdown.tsx",
      use: "dangerouslySetInnerHTML={{ __html: html }}",
    };
    const offenders = files.filter((file) => {
      let text = readFileSync(file, "utf8");
      if (file.endsWith(sanitisedOnTheServer.file)) {
        expect(text.split(sanitisedOnTheServer.use)).toHaveLength(2);
        text = text.replace(sanitisedOnTheServer.use, "");
      }
      return /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(
        text,
      );
    });
    expect(offenders).toEqual([]);
  });
});
