import { createHash } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { TRPCError } from "@trpc/server";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serializeError } from "../../src/logging";
import { users } from "../../src/db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { artifactFields } from "../support/artifacts";
import { captureLogs } from "../support/logs";

/*
 * No password, password hash, session token (or its hash) or cookie value in any log line or any
 * answer, at the most talkative log level, through sign-up, sign-in (right, wrong and refused),
 * writes, sign-out and requests that fail inside the database.
 */

const PASSWORDS = ["Secret123Zebra", "WrongPass987", "Leaky123Pass"];
const BEARER = "secret-bearer-token-3f9a";

let t: TestApp;
const logs = captureLogs();
const answers: LightMyRequestResponse[] = [];
const issuedTokens: string[] = [];

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  cookie?: string,
  extraHeaders: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
      ...extraHeaders,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  answers.push(response);
  for (const c of response.cookies)
    if (c.name === "atlas_session" && c.value) issuedTokens.push(c.value);
  const session = response.cookies.find((c) => c.name === "atlas_session" && c.value);
  return { response, cookie: session ? `atlas_session=${session.value}` : undefined };
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "trace" }, { logStream: logs.stream });
  const email = "careful@example.com";
  const signup = await call("POST", "/trpc/auth.signup", {
    userName: "Careful Person",
    email,
    password: PASSWORDS[0],
  });
  await call("GET", "/trpc/auth.me", undefined, signup.cookie);
  await call("POST", "/trpc/auth.login", { email, password: PASSWORDS[1] });
  const login = await call(
    "POST",
    "/trpc/auth.login",
    { email, password: PASSWORDS[0] },
    signup.cookie,
  );
  const cookie = login.cookie;
  expect(cookie).toBeDefined();

  await call("POST", "/trpc/users.updateProfile", { displayName: "Careful Again" }, cookie);
  const created = await call("POST", "/trpc/artifacts.create", artifactFields(), cookie);
  expect(created.response.statusCode).toBe(200);
  await call("POST", "/trpc/likes.like", { id: 1 }, cookie);
  await call("GET", `/artifacts?email=${email}`, undefined, cookie, {
    authorization: `Bearer ${BEARER}`,
  });
  await call("POST", "/artifacts", { ...artifactFields(), userEmail: email }, cookie);
  await call("GET", "/liked-artifact", undefined, cookie);

  // Failures inside the database: the driver's errors carry the statement's parameters.
  t.db.$client.pragma("query_only = ON");
  const leaky = await call("POST", "/trpc/auth.signup", {
    userName: "Leaky Person",
    email: "leaky@example.com",
    password: PASSWORDS[2],
  });
  expect(leaky.response.statusCode).toBe(500);
  expect((await call("POST", "/artifacts", artifactFields(), cookie)).response.statusCode).toBe(
    500,
  );
  expect(
    (await call("POST", "/trpc/auth.login", { email, password: PASSWORDS[0] })).response.statusCode,
  ).toBe(500);
  t.db.$client.pragma("query_only = OFF");

  // Refused attempts: wrong passwords until the limit answers.
  for (let i = 0; i < 12; i += 1) {
    await call("POST", "/trpc/auth.login", { email, password: PASSWORDS[1] });
  }
  expect(answers.at(-1)?.statusCode).toBe(429);
  await call("POST", "/trpc/auth.logout", {}, cookie);
});

afterAll(async () => {
  await t.close();
});

function secrets(): string[] {
  const hashes = t.db
    .select({ hash: users.passwordHash })
    .from(users)
    .all()
    .map((row) => row.hash)
    .filter((hash): hash is string => hash !== null);
  expect(hashes.length).toBeGreaterThan(0);
  expect(issuedTokens.length).toBeGreaterThanOrEqual(2);
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  return [
    ...PASSWORDS,
    BEARER,
    "$argon2",
    ...hashes,
    ...issuedTokens,
    ...issuedTokens.map(sha256),
    "atlas_session=",
  ];
}

it("logs JSON lines with a request id, including the failures inside the database", () => {
  const entries = logs.entries();
  // One access line per request (src/logging.ts), and the failures' own lines.
  expect(entries.length).toBeGreaterThan(25);
  const requestLines = entries.filter((entry) => entry.req !== undefined);
  expect(requestLines.length).toBeGreaterThan(10);
  for (const entry of requestLines) expect(entry.reqId).toEqual(expect.any(String));
  const failures = entries.filter((entry) => entry.err !== undefined && entry.level === 50);
  expect(failures).toHaveLength(3);
  for (const failure of failures) {
    expect(failure.reqId).toEqual(expect.any(String));
    expect(failure.err).toMatchObject({ message: "attempt to write a readonly database" });
  }
});

it("cuts the bound parameters out of a query error's message and stack, and its wrappers'", () => {
  const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g";
  const query = new DrizzleQueryError(
    "insert into users (email, password_hash) values (?, ?)",
    ["someone@example.com", hash],
    new Error("UNIQUE constraint failed: users.email"),
  );
  // tRPC copies the cause's message into its own error.
  const wrapped = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: query });
  expect(wrapped.message).toContain(hash);
  const serialized = JSON.stringify(serializeError(wrapped));
  expect(serialized).not.toContain(hash);
  expect(serialized).not.toContain("someone@example.com");
  expect(serialized).toContain("insert into users");
  expect(serialized).toContain("params: [not logged]");
  expect(serialized).toContain("UNIQUE constraint failed");
  expect(serialized).toMatch(/at .*secrets\.test\.ts/);
});

it("never writes a secret to the log", () => {
  for (const secret of secrets()) {
    const leaks = logs.lines.filter((line) => line.includes(secret));
    expect(leaks, secret).toEqual([]);
  }
});

it("never answers a secret, except each session cookie in its own Set-Cookie", () => {
  for (const secret of secrets()) {
    for (const response of answers) {
      expect(response.body.includes(secret), `${secret} in ${response.body.slice(0, 80)}`).toBe(
        false,
      );
      const { "set-cookie": _setCookie, ...headers } = response.headers;
      expect(JSON.stringify(headers).includes(secret), secret).toBe(false);
    }
  }
});

it("answers a failure inside the database with a bare 500", () => {
  const failures = answers.filter((response) => response.statusCode === 500);
  expect(failures.length).toBe(3);
  for (const response of failures) {
    expect(response.body).not.toMatch(/insert|select|params|sqlite|readonly/i);
  }
});
