import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { OAuth2Server, type MutableRedirectUri, type MutableResponse } from "oauth2-mock-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GOOGLE_ERROR_CODES, GOOGLE_ERROR_MESSAGES, MESSAGES } from "@artifact-atlas/shared";
import { createGoogleOAuth, GoogleSignInError } from "../src/auth/google";
import { sessions, users } from "../src/db/schema";
import { loadEnv } from "../src/env";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "./support/app";
import { me, PASSWORD, signUp } from "./support/auth";
import { captureLogs } from "./support/logs";

const CLIENT_ID = "atlas-test-client";
const CLIENT_SECRET = "atlas-test-secret";
const CALLBACK = `${TEST_ORIGIN}/auth/google/callback`;

/** A real OpenID provider on a free local port, for the whole file. */
let provider: OAuth2Server;
/** Claims the provider puts into the next ID tokens it signs (set per test). */
let idTokenClaims: Record<string, unknown> = {};
let t: TestApp;

function googleEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const issuer = provider.issuer.url as string;
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTHORIZATION_ENDPOINT: `${issuer}/authorize`,
    GOOGLE_TOKEN_ENDPOINT: `${issuer}/token`,
    GOOGLE_ISSUER: issuer,
    ...overrides,
  };
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  // The token endpoint signs an access token and then an ID token; only the ID token has `aud`.
  provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    if (!("aud" in token.payload)) return;
    for (const [name, value] of Object.entries(idTokenClaims)) {
      if (value === undefined) delete token.payload[name];
      else token.payload[name] = value;
    }
  });
});

afterAll(async () => {
  await provider.stop();
});

beforeEach(async () => {
  idTokenClaims = {};
  t = await createTestApp(googleEnv());
});

afterEach(async () => {
  provider.service.removeAllListeners("beforeAuthorizeRedirect");
  provider.service.removeAllListeners("beforeResponse");
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Walking the flow: app.inject for our server, real HTTP for the provider, cookies by hand.

/** The Cookie header a browser would send back for the Set-Cookie headers of a response. */
function cookiesFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

function setCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

function location(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

interface StartedFlow {
  response: LightMyRequestResponse;
  /** The provider's authorization URL we were sent to. */
  authorizeUrl: URL;
  /** The flow cookies, as the browser sends them to /auth/google/callback. */
  flowCookies: string;
}

async function startFlow(redirect?: string, cookie?: string, app = t.app): Promise<StartedFlow> {
  const response = await app.inject({
    method: "GET",
    url:
      redirect === undefined
        ? "/auth/google"
        : `/auth/google?redirect=${encodeURIComponent(redirect)}`,
    headers: cookie ? { cookie } : {},
  });
  return {
    response,
    authorizeUrl: new URL(location(response)),
    flowCookies: cookiesFrom(response),
  };
}

/** The provider's authorize endpoint, as the browser follows it: it answers with our callback URL. */
async function authorizeAtProvider(authorizeUrl: URL): Promise<string> {
  const answer = await fetch(authorizeUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return `${back.pathname}${back.search}`;
}

async function callback(path: string, cookie: string, app = t.app) {
  return app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
}

/** The whole journey: start, consent at the provider, callback. Returns the callback's answer. */
async function googleSignIn(
  claims: Record<string, unknown>,
  options: { redirect?: string; cookie?: string } = {},
) {
  idTokenClaims = claims;
  const flow = await startFlow(options.redirect, options.cookie);
  const callbackPath = await authorizeAtProvider(flow.authorizeUrl);
  const cookie = [flow.flowCookies, options.cookie].filter(Boolean).join("; ");
  const response = await callback(callbackPath, cookie);
  return { response, flow, callbackPath, cookie };
}

function claimsFor(subject: string, email: string, extra: Record<string, unknown> = {}) {
  return { sub: subject, email, email_verified: true, name: "Grace Hopper", ...extra };
}

/** Where a failure lands, and that its code is one the Login screen knows. */
function expectFailure(response: LightMyRequestResponse, code: string) {
  expect(location(response)).toBe(`/login?google_error=${code}`);
  expect(GOOGLE_ERROR_CODES).toContain(code);
  expect(sessionCookieFrom(response)).toBeUndefined();
}

function snapshot() {
  return {
    users: t.db.select().from(users).orderBy(users.id).all(),
    sessions: t.db.select().from(sessions).orderBy(sessions.id).all(),
  };
}

/** A failure changed nothing: no account created or linked, no session started. */
function expectUnchanged(before: ReturnType<typeof snapshot>) {
  expect(snapshot()).toEqual(before);
}

// ---------------------------------------------------------------------------------------------

describe("GET /auth/google", () => {
  it("sends the browser to the provider with state, an S256 PKCE challenge and the scopes", async () => {
    const { response, authorizeUrl } = await startFlow("/artifacts/3");

    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${provider.issuer.url}/authorize`,
    );
    const params = authorizeUrl.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(CALLBACK);
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");

    const state = setCookie(response, "atlas_google_state");
    const verifier = setCookie(response, "atlas_google_verifier");
    const redirect = setCookie(response, "atlas_google_redirect");
    expect(state?.value).toBe(params.get("state"));
    expect(state?.value.length).toBeGreaterThanOrEqual(32);
    expect(params.get("code_challenge")).toBe(
      createHash("sha256")
        .update(verifier?.value ?? "")
        .digest("base64url"),
    );
    expect(redirect?.value).toBe("/artifacts/3");
    for (const cookie of [state, verifier, redirect]) {
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/auth/google",
        maxAge: 600,
      });
    }
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("uses a new state and verifier for every attempt", async () => {
    const first = await startFlow();
    const second = await startFlow();
    expect(first.authorizeUrl.searchParams.get("state")).not.toBe(
      second.authorizeUrl.searchParams.get("state"),
    );
    expect(first.authorizeUrl.searchParams.get("code_challenge")).not.toBe(
      second.authorizeUrl.searchParams.get("code_challenge"),
    );
  });
});

describe("Google sign-in that succeeds", () => {
  it("creates a new account with the provider's name and photo and signs it in", async () => {
    const { response } = await googleSignIn(
      claimsFor("google-ada", "Ada.Lovelace@Example.com", {
        name: "Ada Lovelace",
        picture: "https://photos.example/ada.png",
      }),
      { redirect: "/artifacts/3?tab=context" },
    );

    expect(location(response)).toBe(
      `/login?google=success&redirect=${encodeURIComponent("/artifacts/3?tab=context")}`,
    );
    const cookie = sessionCookieFrom(response);
    expect(cookie).toBeDefined();
    const user = await me(t.app, cookie);
    expect(user).toEqual({
      id: expect.any(Number),
      email: "ada.lovelace@example.com",
      name: "Ada Lovelace",
      photoUrl: "https://photos.example/ada.png",
      role: "member",
    });
    const row = t.db.select().from(users).get();
    expect(row).toMatchObject({ googleSubject: "google-ada", passwordHash: null });
    // The flow's cookies are spent.
    for (const name of ["atlas_google_state", "atlas_google_verifier", "atlas_google_redirect"]) {
      expect(setCookie(response, name)).toMatchObject({ value: "", path: "/auth/google" });
    }
  });

  it("lands on / when no page was wanted, and keeps a name-less account usable", async () => {
    const { response } = await googleSignIn({
      sub: "google-nameless",
      email: "quiet@example.com",
      email_verified: true,
      picture: "javascript:alert(1)",
    });

    expect(location(response)).toBe("/login?google=success&redirect=%2F");
    expect(await me(t.app, sessionCookieFrom(response))).toMatchObject({
      email: "quiet@example.com",
      name: "quiet",
      photoUrl: null,
    });
  });

  it.each([
    ["only invisible characters", "\u200b\u2800\u00ad"],
    ["a lone half of a surrogate pair", "Ada \ud800"],
  ])("takes the email's name when the provider's name is %s", async (_, name) => {
    const { response } = await googleSignIn(
      claimsFor(`google-${name.length}`, `blank${name.length}@example.com`, { name }),
    );

    const user = await me(t.app, sessionCookieFrom(response));
    expect(user?.name).toBe(`blank${name.length}`);
  });

  it("shortens a very long provider name to the longest name a form accepts", async () => {
    const { response } = await googleSignIn(
      claimsFor("google-long", "long@example.com", { name: `${"Ä".repeat(79)}😀😀` }),
    );

    const user = await me(t.app, sessionCookieFrom(response));
    expect(user?.name).toBe(`${"Ä".repeat(79)}😀`);
  });

  it("signs a returning person in by their Google subject, even after their email changed", async () => {
    const first = await googleSignIn(claimsFor("google-grace", "grace@example.com"));
    const firstUser = await me(t.app, sessionCookieFrom(first.response));

    const second = await googleSignIn(
      claimsFor("google-grace", "grace.hopper@navy.example", { name: "Rear Admiral Hopper" }),
    );

    expect(location(second.response)).toBe("/login?google=success&redirect=%2F");
    const secondUser = await me(t.app, sessionCookieFrom(second.response));
    expect(secondUser).toEqual(firstUser);
    expect(t.db.select().from(users).all()).toHaveLength(1);
    expect(t.db.select().from(sessions).all()).toHaveLength(2);
  });

  it("links an existing password account when the provider verified the email, and drops its password", async () => {
    const { user: existing, input } = await signUp(t.app, { email: "linus@example.com" });

    const { response } = await googleSignIn(claimsFor("google-linus", "LINUS@example.com"));

    expect(location(response)).toBe("/login?google=success&redirect=%2F");
    expect(await me(t.app, sessionCookieFrom(response))).toEqual(existing);
    const rows = t.db.select().from(users).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSubject).toBe("google-linus");
    // The name chosen at sign-up stays; the password does not (decision 020): from now on only
    // Google signs this account in.
    expect(rows[0]?.name).toBe(input.userName);
    expect(rows[0]?.passwordHash).toBeNull();
    const login = await trpc(t.app, "mutation", "auth.login", {
      email: "linus@example.com",
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
    expect(login.error?.message).toBe(MESSAGES.wrongCredentials);
  });

  it("ends the session the browser already had", async () => {
    const { cookie: oldCookie } = await signUp(t.app);
    const { response } = await googleSignIn(claimsFor("google-new", "newcomer@example.com"), {
      cookie: oldCookie,
    });

    const newCookie = sessionCookieFrom(response);
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(oldCookie);
    expect(await me(t.app, oldCookie)).toBeNull();
    expect(await me(t.app, newCookie)).toMatchObject({ email: "newcomer@example.com" });
    expect(t.db.select().from(sessions).all()).toHaveLength(1);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/\t/evil.example",
    "/login",
  ])("goes to / instead of the unsafe or looping target %j", async (target) => {
    const { response, flow } = await googleSignIn(claimsFor("google-safe", "safe@example.com"), {
      redirect: target,
    });
    expect(setCookie(flow.response, "atlas_google_redirect")?.value).toBe("/");
    expect(location(response)).toBe("/login?google=success&redirect=%2F");
  });
});

describe("Google sign-in's access lines", () => {
  /** The app of this test, logging at info into memory. */
  async function loggingApp() {
    const logs = captureLogs();
    await t.close();
    t = await createTestApp(googleEnv({ LOG_LEVEL: "info" }), { logStream: logs.stream });
    return logs;
  }

  function accessLines(logs: ReturnType<typeof captureLogs>) {
    return logs.entries().filter((entry) => entry.msg === "request completed");
  }

  it("are one per request, the callback's included, without the code or the state", async () => {
    const logs = await loggingApp();
    const { response, flow, callbackPath } = await googleSignIn(
      claimsFor("google-logged", "logged@example.com"),
    );
    expect(location(response)).toBe("/login?google=success&redirect=%2F");

    const callbackQuery = new URL(callbackPath, TEST_ORIGIN).searchParams;
    const code = callbackQuery.get("code") ?? "";
    const state = callbackQuery.get("state") ?? "";
    expect(code.length).toBeGreaterThan(8);
    expect(state).toBe(flow.authorizeUrl.searchParams.get("state"));

    const lines = accessLines(logs);
    expect(lines.map((entry) => (entry.req as { url: string }).url)).toEqual([
      "/auth/google",
      expect.stringMatching(/^\/auth\/google\/callback\?/),
    ]);
    const [start, finish] = lines;
    expect(start?.reqId).not.toBe(finish?.reqId);
    expect(finish).toMatchObject({ level: 30, res: { statusCode: 302 } });
    const loggedQuery = new URLSearchParams((finish?.req as { url: string }).url.split("?")[1]);
    expect(loggedQuery.get("code")).toBe("[redacted]");
    expect(loggedQuery.get("state")).toBe("[redacted]");
    // Nowhere in any line: not the access lines, not the sign-in's own line.
    const everything = logs.lines.join("\n");
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(state);
    expect(logs.entries().find((entry) => entry.msg === "Google sign-in")).toMatchObject({
      reqId: finish?.reqId,
      outcome: "created",
    });
  });

  it("are written for a refused callback too, once", async () => {
    const logs = await loggingApp();
    const response = await callback("/auth/google/callback?code=stolen-code&state=forged", "");
    expect(location(response)).toBe("/login?google_error=invalid_state");

    const lines = accessLines(logs);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.req).toMatchObject({
      url: "/auth/google/callback?code=[redacted]&state=[redacted]",
    });
    expect(logs.lines.join("\n")).not.toContain("stolen-code");
    expect(logs.lines.join("\n")).not.toContain("forged");
  });
});

describe("An account pre-claimed with someone else's email", () => {
  it("is handed to the person Google vouches for: the claimer's sessions and password stop working", async () => {
    // The attacker signs up with the victim's address (sign-up does not check it), keeps the
    // session that sign-up started and opens a second one with the password.
    const attacker = await signUp(t.app, {
      email: "victim@example.com",
      userName: "Not The Victim",
    });
    const attackerLogin = await trpc(t.app, "mutation", "auth.login", {
      email: "victim@example.com",
      password: PASSWORD,
    });
    const attackerSecondCookie = sessionCookieFrom(attackerLogin.response);
    expect(attackerSecondCookie).toBeDefined();
    expect(await me(t.app, attacker.cookie)).toEqual(attacker.user);

    // The owner of the address signs in with Google, which verified it.
    const { response } = await googleSignIn(claimsFor("google-victim", "victim@example.com"));

    expect(location(response)).toBe("/login?google=success&redirect=%2F");
    const victimCookie = sessionCookieFrom(response);
    expect(await me(t.app, victimCookie)).toEqual(attacker.user);
    // Every session the attacker held is gone: the cookies answer "nobody" and are cleared.
    for (const cookie of [attacker.cookie, attackerSecondCookie]) {
      const result = await trpc(t.app, "query", "auth.me", undefined, cookie);
      expect(result.data).toBeNull();
      expect(setCookie(result.response, "atlas_session")?.value).toBe("");
    }
    // The attacker's password gets the one message for a wrong email or password.
    const retry = await trpc(t.app, "mutation", "auth.login", {
      email: "victim@example.com",
      password: PASSWORD,
    });
    expect(retry.status).toBe(401);
    expect(retry.error?.message).toBe(MESSAGES.wrongCredentials);
    expect(sessionCookieFrom(retry.response)).toBeUndefined();
    // Only the Google session is left, and it keeps working.
    expect(t.db.select().from(sessions).all()).toHaveLength(1);
    expect(await me(t.app, victimCookie)).toEqual(attacker.user);
    const again = await googleSignIn(claimsFor("google-victim", "victim@example.com"));
    expect(await me(t.app, sessionCookieFrom(again.response))).toEqual(attacker.user);
    expect(await me(t.app, victimCookie)).toEqual(attacker.user);
  });

  it("keeps an account made with Google as it is: signing in again ends no other session", async () => {
    const laptop = await googleSignIn(claimsFor("google-own", "own@example.com"));
    const laptopCookie = sessionCookieFrom(laptop.response);

    const phone = await googleSignIn(claimsFor("google-own", "own@example.com"));

    expect(await me(t.app, sessionCookieFrom(phone.response))).toMatchObject({
      email: "own@example.com",
    });
    expect(await me(t.app, laptopCookie)).toMatchObject({ email: "own@example.com" });
  });
});

describe("Google sign-in that fails changes nothing", () => {
  it("refuses to link an existing account when the provider did not verify the email", async () => {
    await signUp(t.app, { email: "mallory-target@example.com" });
    const before = snapshot();

    const { response } = await googleSignIn(
      claimsFor("google-mallory", "mallory-target@example.com", { email_verified: false }),
    );

    expectFailure(response, "email_not_verified");
    expectUnchanged(before);
    expect(before.users[0]?.googleSubject).toBeNull();
  });

  it("refuses to move an account linked to another Google subject", async () => {
    await googleSignIn(claimsFor("google-first", "shared@example.com"));
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-second", "shared@example.com"));

    expectFailure(response, "account_conflict");
    expectUnchanged(before);
  });

  it("reports a refused consent (error=access_denied)", async () => {
    provider.service.once("beforeAuthorizeRedirect", ({ url }: MutableRedirectUri) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const before = snapshot();

    const { response, callbackPath } = await googleSignIn(claimsFor("google-no", "no@example.com"));

    expect(callbackPath).toContain("error=access_denied");
    expectFailure(response, "access_denied");
    expectUnchanged(before);
  });

  it("reports a provider that could not serve the authorization as unavailable", async () => {
    provider.service.once("beforeAuthorizeRedirect", ({ url }: MutableRedirectUri) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "temporarily_unavailable");
    });
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-busy", "busy@example.com"));

    expectFailure(response, "provider_unavailable");
    expectUnchanged(before);
  });

  it("refuses a callback whose state does not match the flow cookie", async () => {
    idTokenClaims = claimsFor("google-csrf", "csrf@example.com");
    const flow = await startFlow();
    const callbackPath = await authorizeAtProvider(flow.authorizeUrl);
    const tampered = new URL(callbackPath, TEST_ORIGIN);
    tampered.searchParams.set("state", "attacker-chosen-state");
    const before = snapshot();

    const response = await callback(`${tampered.pathname}${tampered.search}`, flow.flowCookies);

    expectFailure(response, "invalid_state");
    expectUnchanged(before);
  });

  it("refuses a callback that belongs to another browser's flow (login CSRF)", async () => {
    idTokenClaims = claimsFor("google-attacker", "attacker@example.com");
    const attackers = await startFlow();
    const attackersCallback = await authorizeAtProvider(attackers.authorizeUrl);
    const victims = await startFlow();
    const before = snapshot();

    const response = await callback(attackersCallback, victims.flowCookies);

    expectFailure(response, "invalid_state");
    expectUnchanged(before);
  });

  it("refuses a callback without a state parameter", async () => {
    idTokenClaims = claimsFor("google-nostate", "nostate@example.com");
    const flow = await startFlow();
    const withState = new URL(await authorizeAtProvider(flow.authorizeUrl), TEST_ORIGIN);
    withState.searchParams.delete("state");
    const before = snapshot();

    const response = await callback(`${withState.pathname}${withState.search}`, flow.flowCookies);

    expectFailure(response, "invalid_state");
    expectUnchanged(before);
  });

  it("refuses a callback without the flow cookies", async () => {
    idTokenClaims = claimsFor("google-nocookie", "nocookie@example.com");
    const flow = await startFlow();
    const callbackPath = await authorizeAtProvider(flow.authorizeUrl);
    const before = snapshot();

    const response = await callback(callbackPath, "");

    expectFailure(response, "invalid_state");
    expectUnchanged(before);
  });

  it("refuses a reused code", async () => {
    const first = await googleSignIn(claimsFor("google-replay", "replay@example.com"));
    expect(location(first.response)).toMatch(/^\/login\?google=success/);
    const before = snapshot();

    // Replaying the exact callback request, flow cookies included (as a copied URL and cookies would).
    const replay = await callback(first.callbackPath, first.cookie);

    expectFailure(replay, "invalid_code");
    expectUnchanged(before);
  });

  it("refuses a code the provider never issued", async () => {
    idTokenClaims = claimsFor("google-forged", "forged@example.com");
    const flow = await startFlow();
    const forged = new URL(await authorizeAtProvider(flow.authorizeUrl), TEST_ORIGIN);
    forged.searchParams.set("code", "not-a-code-the-provider-issued");
    const before = snapshot();

    const response = await callback(`${forged.pathname}${forged.search}`, flow.flowCookies);

    expectFailure(response, "invalid_code");
    expectUnchanged(before);
  });

  it("refuses a code sent with another flow's verifier", async () => {
    idTokenClaims = claimsFor("google-pkce", "pkce@example.com");
    const stolen = await startFlow();
    const stolenCallback = new URL(await authorizeAtProvider(stolen.authorizeUrl), TEST_ORIGIN);
    const own = await startFlow();
    const ownState = own.authorizeUrl.searchParams.get("state") ?? "";
    stolenCallback.searchParams.set("state", ownState);
    const before = snapshot();

    const response = await callback(
      `${stolenCallback.pathname}${stolenCallback.search}`,
      own.flowCookies,
    );

    expectFailure(response, "invalid_code");
    expectUnchanged(before);
  });

  it("reports a token endpoint that cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await t.close();
    t = await createTestApp(googleEnv({ GOOGLE_TOKEN_ENDPOINT: `http://127.0.0.1:${port}/token` }));
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-offline", "offline@example.com"));

    expectFailure(response, "provider_unavailable");
    expectUnchanged(before);
  });

  it("reports a token endpoint that answers with a server error", async () => {
    provider.service.once("beforeResponse", (answer: MutableResponse) => {
      answer.statusCode = 500;
      answer.body = { error: "server_error" };
    });
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-500", "five@example.com"));

    expectFailure(response, "provider_unavailable");
    expectUnchanged(before);
  });

  it("reports a token endpoint that refuses this client", async () => {
    provider.service.once("beforeResponse", (answer: MutableResponse) => {
      answer.statusCode = 401;
      answer.body = { error: "invalid_client", error_description: "Unknown client" };
    });
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-401", "client@example.com"));

    expectFailure(response, "provider_error");
    expectUnchanged(before);
  });

  it("reports a token answer without an ID token", async () => {
    provider.service.once("beforeResponse", (answer: MutableResponse) => {
      if (answer.body !== "") delete answer.body.id_token;
    });
    const before = snapshot();

    const { response } = await googleSignIn(claimsFor("google-noid", "noid@example.com"));

    expectFailure(response, "invalid_token");
    expectUnchanged(before);
  });

  it.each([
    ["without a subject", { sub: undefined, email: "nosub@example.com", email_verified: true }],
    ["without an email", { sub: "google-noemail", email: undefined }],
    ["with an email that is not an address", { sub: "google-bademail", email: "not-an-email" }],
    ["for another client", { ...claimsFor("google-aud", "aud@example.com"), aud: "other-app" }],
    [
      "from another issuer",
      { ...claimsFor("google-iss", "iss@example.com"), iss: "https://evil.example" },
    ],
    [
      "that has expired",
      { ...claimsFor("google-exp", "exp@example.com"), exp: Math.floor(Date.now() / 1000) - 3600 },
    ],
  ])("refuses an ID token %s", async (_label, claims) => {
    const before = snapshot();

    const { response } = await googleSignIn(claims);

    expectFailure(response, "invalid_token");
    expectUnchanged(before);
  });
});

describe("Google sign-in on https", () => {
  const HTTPS_ORIGIN = "https://atlas.example";
  const HOST_COOKIE = "__Host-atlas_session";

  it("sets the session cookie as __Host-atlas_session (Secure, Path=/, no Domain), which sign-out clears", async () => {
    const secure = await createTestApp(googleEnv({ PUBLIC_ORIGIN: HTTPS_ORIGIN }));
    try {
      idTokenClaims = claimsFor("google-https", "https@example.com");
      const flow = await startFlow(undefined, undefined, secure.app);
      for (const name of ["atlas_google_state", "atlas_google_verifier", "atlas_google_redirect"]) {
        expect(setCookie(flow.response, name)).toMatchObject({ secure: true });
      }
      const answer = await fetch(flow.authorizeUrl, { redirect: "manual" });
      const back = new URL(answer.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(`${HTTPS_ORIGIN}/auth/google/callback`);

      const response = await callback(
        `${back.pathname}${back.search}`,
        flow.flowCookies,
        secure.app,
      );

      expect(location(response)).toBe("/login?google=success&redirect=%2F");
      const header = [response.headers["set-cookie"] ?? []]
        .flat()
        .find((line) => line.startsWith(`${HOST_COOKIE}=`));
      expect(header).toMatch(
        new RegExp(
          `^${HOST_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax$`,
        ),
      );
      expect(setCookie(response, "atlas_session")).toBeUndefined();
      const cookie = `${HOST_COOKIE}=${setCookie(response, HOST_COOKIE)?.value}`;
      expect(await me(secure.app, cookie)).toMatchObject({ email: "https@example.com" });

      const logout = await secure.app.inject({
        method: "POST",
        url: "/trpc/auth.logout",
        headers: { origin: HTTPS_ORIGIN, "content-type": "application/json", cookie },
        payload: "{}",
      });

      expect(logout.statusCode).toBe(200);
      expect(logout.headers["set-cookie"]).toBe(
        `${HOST_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
      );
      expect(await me(secure.app, cookie)).toBeNull();
    } finally {
      await secure.close();
    }
  });
});

describe("Google sign-in without credentials", () => {
  it("says plainly that it is not set up, for the start and the callback", async () => {
    const plain = await createTestApp();
    try {
      expect(plain.env.google).toBeNull();
      const start = await plain.app.inject({ method: "GET", url: "/auth/google?redirect=/" });
      expectFailure(start, "not_configured");
      expect(start.headers["set-cookie"]).toBeUndefined();
      const back = await plain.app.inject({
        method: "GET",
        url: "/auth/google/callback?code=x&state=y",
      });
      expectFailure(back, "not_configured");
      expect(GOOGLE_ERROR_MESSAGES.not_configured).toBe(
        "Google sign-in is not set up on this server.",
      );
      expect(plain.db.select().from(users).all()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe("Google configuration", () => {
  it("defaults to Google's endpoints and derives the redirect URI from PUBLIC_ORIGIN", () => {
    const env = loadEnv({
      PUBLIC_ORIGIN: "https://atlas.example",
      GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    expect(env.google).toEqual({
      clientId: "id.apps.googleusercontent.com",
      clientSecret: "secret",
      authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenEndpoint: "https://oauth2.googleapis.com/token",
      issuer: "https://accounts.google.com",
      redirectUri: "https://atlas.example/auth/google/callback",
    });
  });

  it("treats blank credentials as not configured", () => {
    expect(loadEnv({ GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: " " }).google).toBeNull();
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET"],
    [{ GOOGLE_CLIENT_SECRET: "secret" }, "GOOGLE_CLIENT_ID"],
  ])("refuses to start with only one of the two credentials (%j)", (source, missing) => {
    expect(() => loadEnv(source)).toThrow(
      new RegExp(`${missing}: Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`),
    );
  });

  it("refuses an endpoint that is not an http(s) URL", () => {
    expect(() =>
      loadEnv({
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "s",
        GOOGLE_TOKEN_ENDPOINT: "ftp://x",
      }),
    ).toThrow(/GOOGLE_TOKEN_ENDPOINT/);
  });
});

describe("createGoogleOAuth", () => {
  let silent: Server;
  let silentUrl: string;

  beforeAll(async () => {
    // Accepts connections and never answers, like a provider stuck behind a broken proxy.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/token`;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("gives up on a token endpoint that never answers", async () => {
    const google = createGoogleOAuth(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        tokenEndpoint: silentUrl,
        issuer: "https://accounts.google.com",
        redirectUri: CALLBACK,
      },
      { tokenTimeoutMs: 200 },
    );
    const attempt = google.exchangeCode("code", "v".repeat(43));
    await expect(attempt).rejects.toBeInstanceOf(GoogleSignInError);
    await expect(attempt).rejects.toMatchObject({ code: "provider_unavailable" });
  });

  it("accepts Google's issuer written without the scheme", async () => {
    // Google's ID tokens carry iss "https://accounts.google.com" or "accounts.google.com".
    const server = createServer((_request, response) => {
      const now = Math.floor(Date.now() / 1000);
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
      const idToken = [
        encode({ alg: "RS256", typ: "JWT" }),
        encode({
          iss: "accounts.google.com",
          aud: CLIENT_ID,
          exp: now + 600,
          sub: "1234567890",
          email: "g@example.com",
          email_verified: true,
        }),
        "signature",
      ].join(".");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ access_token: "a", token_type: "Bearer", id_token: idToken }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const google = createGoogleOAuth({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        tokenEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`,
        issuer: "https://accounts.google.com",
        redirectUri: CALLBACK,
      });
      expect(await google.exchangeCode("code", "v".repeat(43))).toEqual({
        subject: "1234567890",
        email: "g@example.com",
        emailVerified: true,
        name: null,
        picture: null,
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
