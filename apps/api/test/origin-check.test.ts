import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { sessions, users } from "../src/db/schema";
import { createTestApp, TEST_ORIGIN, trpc, type TestApp } from "./support/app";
import { me, newAccount, post, signUp } from "./support/auth";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

const EVIL_ORIGIN = "https://evil.example";

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: MESSAGES.crossOriginRefused });
  expect(response.headers["set-cookie"]).toBeUndefined();
}

function userCount(): number {
  return t.db.select().from(users).all().length;
}

const json = (headers: Record<string, string>) => ({
  ...headers,
  "content-type": "application/json",
});

describe("writes from another origin", () => {
  it("refuses a JSON signup from another site and creates nothing", async () => {
    const response = await post(t.app, "auth.signup", newAccount(), {
      headers: json({ origin: EVIL_ORIGIN }),
    });

    expectRefused(response);
    expect(userCount()).toBe(0);
  });

  it("refuses a login from another site and starts no session", async () => {
    const { input } = await signUp(t.app);
    const sessionsBefore = t.db.select().from(sessions).all().length;

    const response = await post(
      t.app,
      "auth.login",
      { email: input.email, password: input.password },
      { headers: json({ origin: EVIL_ORIGIN }) },
    );

    expectRefused(response);
    expect(t.db.select().from(sessions).all()).toHaveLength(sessionsBefore);
  });

  it("refuses a profile change riding on the visitor's cookie", async () => {
    const { user, cookie } = await signUp(t.app);

    const response = await post(
      t.app,
      "users.updateProfile",
      { displayName: "Hacked By Mallory" },
      { cookie, headers: json({ origin: EVIL_ORIGIN }) },
    );

    expectRefused(response);
    expect(await me(t.app, cookie)).toEqual(user);
  });

  it("refuses the opaque origin null (sandboxed frames, some redirects)", async () => {
    expectRefused(
      await post(t.app, "auth.signup", newAccount(), { headers: json({ origin: "null" }) }),
    );
    expect(userCount()).toBe(0);
  });

  it.each(["cross-site", "same-site"])(
    "refuses a write marked Sec-Fetch-Site: %s that carries no Origin",
    async (site) => {
      const response = await post(t.app, "auth.signup", newAccount(), {
        headers: json({ "sec-fetch-site": site }),
      });

      expectRefused(response);
      expect(userCount()).toBe(0);
    },
  );
});

describe("form posts to tRPC", () => {
  const forms = {
    "application/x-www-form-urlencoded": {
      contentType: "application/x-www-form-urlencoded",
      payload: "userName=Mallory+Jones&email=mallory%40example.com&password=Secret123",
    },
    "multipart/form-data": {
      contentType: "multipart/form-data; boundary=atlas",
      payload: [
        "--atlas",
        'Content-Disposition: form-data; name="email"',
        "",
        "mallory@example.com",
        "--atlas--",
        "",
      ].join("\r\n"),
    },
    "text/plain": { contentType: "text/plain", payload: '{"email":"mallory@example.com"}' },
  };
  const cases = Object.keys(forms).flatMap((kind) =>
    [EVIL_ORIGIN, TEST_ORIGIN].flatMap((origin) =>
      ["auth.logout", "auth.signup"].map((path) => ({
        kind: kind as keyof typeof forms,
        origin,
        path,
      })),
    ),
  );

  it.each(cases)("refuses $kind to $path from $origin", async ({ kind, origin, path }) => {
    const { user, cookie } = await signUp(t.app);
    const form = forms[kind];

    const response = await post(t.app, path, undefined, {
      cookie,
      payload: form.payload,
      headers: { origin, "content-type": form.contentType },
    });

    expectRefused(response);
    // Nothing happened: the session still works and no account was added.
    expect(await me(t.app, cookie)).toEqual(user);
    expect(userCount()).toBe(1);
  });
});

describe("writes that are allowed", () => {
  it("accepts JSON without Origin or Sec-Fetch-Site, as curl sends it", async () => {
    const response = await post(t.app, "auth.signup", newAccount(), {
      headers: { "content-type": "application/json" },
    });

    expect(response.statusCode).toBe(200);
    expect(userCount()).toBe(1);
  });

  it("accepts Sec-Fetch-Site: same-origin without Origin", async () => {
    const response = await post(t.app, "auth.signup", newAccount(), {
      headers: json({ "sec-fetch-site": "same-origin" }),
    });

    expect(response.statusCode).toBe(200);
  });

  it("accepts our own origin", async () => {
    const response = await post(t.app, "auth.signup", newAccount(), {
      headers: json({ origin: TEST_ORIGIN, "sec-fetch-site": "same-origin" }),
    });

    expect(response.statusCode).toBe(200);
  });

  it("accepts a configured development origin", async () => {
    const dev = await createTestApp({ DEV_ORIGINS: "http://localhost:5173" });
    try {
      const response = await post(dev.app, "auth.signup", newAccount(), {
        headers: json({ origin: "http://localhost:5173" }),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it("lets reads through from anywhere: a GET changes nothing", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/trpc/auth.me",
      headers: { origin: EVIL_ORIGIN, "sec-fetch-site": "cross-site" },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { data: null } });
  });

  it("still signs out through the normal JSON call", async () => {
    const { cookie } = await signUp(t.app);
    const result = await trpc(t.app, "mutation", "auth.logout", undefined, cookie);
    expect(result.status).toBe(200);
    expect(await me(t.app, cookie)).toBeNull();
  });
});
