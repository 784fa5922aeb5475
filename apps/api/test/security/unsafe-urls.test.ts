import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { fingerprint } from "../support/fingerprint";
import { addArtifactBody, rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/* Image and photo URLs end up in <img src>: only http and https, on every path that stores one. */

const UNSAFE_URLS = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "  javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript://example.org/%0Aalert(1)",
  "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+",
  "data:text/html,<script>alert(1)</script>",
  "DATA:image/png;base64,iVBORw0KGgo=",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://example.org/5a1c",
  "ftp://example.org/a.png",
  "//evil.example/a.png",
  "/relative/a.png",
  "https//missing-colon.example/a.png",
];

let t: TestApp;
let user: SignedInUser;
let artifactId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUserWithSession(t);
  artifactId = (await addArtifact(t, user)).id;
});

afterAll(async () => {
  await t.close();
});

/** Each way of storing an image or photo URL, sending `url` in it; answers the HTTP status. */
const PATHS: Record<string, (url: string) => Promise<number>> = {
  "tRPC artifacts.create": async (url) =>
    (
      await trpc(
        t.app,
        "mutation",
        "artifacts.create",
        artifactFields({ artifactImage: url }),
        user.cookie,
      )
    ).status,
  "tRPC artifacts.update": async (url) =>
    (
      await trpc(
        t.app,
        "mutation",
        "artifacts.update",
        { id: artifactId, fields: artifactFields({ artifactImage: url }) },
        user.cookie,
      )
    ).status,
  "tRPC users.updateProfile": async (url) =>
    (await trpc(t.app, "mutation", "users.updateProfile", { photoUrl: url }, user.cookie)).status,
  "tRPC auth.signup": async (url) =>
    (
      await trpc(t.app, "mutation", "auth.signup", {
        userName: "Url Tester",
        email: `url-${Math.random().toString(36).slice(2)}@example.com`,
        password: "Secret123",
        photoUrl: url,
      })
    ).status,
  "REST POST /artifacts": async (url) =>
    (
      await rest(t.app, "POST", "/artifacts", {
        cookie: user.cookie,
        body: addArtifactBody(user, { artifactImage: url }),
      })
    ).statusCode,
  "REST PUT /artifacts/{id}": async (url) =>
    (
      await rest(t.app, "PUT", `/artifacts/${artifactId}`, {
        cookie: user.cookie,
        body: artifactFields({ artifactImage: url }),
      })
    ).statusCode,
};

describe.each(Object.keys(PATHS))("%s", (name) => {
  const send = PATHS[name] as (url: string) => Promise<number>;

  it.each(UNSAFE_URLS)("rejects %j with 400 and stores nothing", async (url) => {
    const before = fingerprint(t.db);
    expect(await send(url)).toBe(400);
    expect(fingerprint(t.db)).toEqual(before);
  });

  it("accepts http and https", async () => {
    for (const url of ["https://images.example.org/ok.png", "http://images.example.org/ok.png"]) {
      expect([200, 201]).toContain(await send(url));
    }
  });
});

it("leaves no stored URL that is not http(s)", () => {
  const stored = t.db.$client
    .prepare(
      "select artifact_image as url from artifacts union all select photo_url from users where photo_url is not null",
    )
    .all() as { url: string }[];
  expect(stored.length).toBeGreaterThan(0);
  for (const { url } of stored) expect(new URL(url).protocol).toMatch(/^https?:$/);
});
