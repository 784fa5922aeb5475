import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";
import { addArtifact, like } from "./support/artifacts";
import { signUp } from "./support/auth";

/** A signed-in person's answers are never kept by a browser or a shared cache. */

let t: TestApp;
let cookie: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  const account = await signUp(t.app);
  cookie = account.cookie;
  email = account.input.email;
  const artifact = await addArtifact(t, { ...account.user, cookie });
  await like(t, { ...account.user, cookie }, artifact.id);
});
afterAll(async () => t.close());

describe("Cache-Control on personal answers", () => {
  it.each([
    ["auth.me", "/trpc/auth.me"],
    ["artifacts.mine", "/trpc/artifacts.mine"],
    ["likes.list", "/trpc/likes.list"],
    [
      "a public list seen signed in",
      "/trpc/artifacts.list?input=%7B%22page%22%3A1%2C%22sort%22%3A%22default%22%7D",
    ],
    ["REST artifacts of an email", `/artifacts?email=EMAIL`],
    ["REST liked artifacts", `/liked-artifact?email=EMAIL`],
    ["REST like status", `/liked-artifacts/1?email=EMAIL`],
  ])("%s is private, no-store", async (_name, url) => {
    const response = await t.app.inject({
      url: url.replace("EMAIL", encodeURIComponent(email)),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("an answer that sets the session cookie is private, no-store", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.signup",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { userName: "Cache Tester", email: "cache@example.com", password: "Secret123" },
    });
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("an anonymous public read carries no such header", async () => {
    const response = await t.app.inject({ url: "/artifacts" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBeUndefined();
  });

  it("an answer that chose its own caching keeps it", async () => {
    const response = await t.app.inject({ url: "/healthz", headers: { cookie } });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
