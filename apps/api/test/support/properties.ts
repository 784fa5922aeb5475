import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { ARTIFACT_TYPES } from "@artifact-atlas/shared";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./app";
import { addArtifact, like } from "./artifacts";
import { fingerprint, likeCountDrift } from "./fingerprint";
import { createUserWithSession, type SignedInUser } from "./users";

/*
 * Shared pieces of the property tests (test/properties): a populated app, generators of hostile
 * and ordinary input, and the invariants every request must keep: no 5xx, a refused request leaves
 * the database as it was, and like counts stay exact.
 */

/** Inputs generated per procedure or path (the issue asks for at least 1,000 each). */
export const RUNS = 1_000;

export interface PropertyFixture {
  t: TestApp;
  member: SignedInUser;
  other: SignedInUser;
  /** The ids of the artifacts that exist right now. */
  ids(): number[];
  /** A request cookie for one kind of visitor. */
  cookie(who: Who): string | undefined;
  /** Keeps at least `count` artifacts of the member's, so that deletes keep finding some. */
  replenish(count?: number): Promise<void>;
}

export type Who = "member" | "other" | "signedOut" | "deadSession" | "garbage";
export const whoArb = fc.constantFrom<Who>(
  "member",
  "member",
  "other",
  "signedOut",
  "deadSession",
  "garbage",
);

/**
 * The fixture of one property file: made before its first test (then `prepare`, the file's own
 * setup, runs), checked and closed after its last, when every artifact's like_count must still
 * equal its like rows. The returned object is filled in before the first test: use it in tests.
 */
export function usePropertyFixture(
  prepare?: (fixture: PropertyFixture) => Promise<void>,
): PropertyFixture {
  // A thousand requests per property take seconds, more on a loaded machine.
  vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
  const fixture = {} as PropertyFixture;
  beforeAll(async () => {
    Object.assign(fixture, await propertyFixture());
    await prepare?.(fixture);
  });
  afterAll(async () => {
    expectLikeCountsExact(fixture);
    await fixture.t.close();
  });
  return fixture;
}

async function propertyFixture(): Promise<PropertyFixture> {
  const t = await createTestApp();
  const member = await createUserWithSession(t, {
    email: "member@example.com",
    name: "Member One",
  });
  const other = await createUserWithSession(t, { email: "other@example.com", name: "Other Two" });
  const ids = () =>
    (t.db.$client.prepare("select id from artifacts order by id").all() as { id: number }[]).map(
      (row) => row.id,
    );
  const ownedByMember = () =>
    (
      t.db.$client
        .prepare("select count(*) as n from artifacts where owner_id = ?")
        .get(member.id) as {
        n: number;
      }
    ).n;
  for (let i = 0; i < 12; i += 1) {
    const owner = i % 3 === 0 ? other : member;
    const { id } = await addArtifact(t, owner, {
      artifactType: ARTIFACT_TYPES[i % ARTIFACT_TYPES.length],
    });
    if (i % 2 === 0) await like(t, member, id);
    if (i % 3 === 0) await like(t, other, id);
  }
  return {
    t,
    member,
    other,
    ids,
    cookie(who) {
      switch (who) {
        case "member":
          return member.cookie;
        case "other":
          return other.cookie;
        case "signedOut":
          return undefined;
        case "deadSession":
          return "atlas_session=bm8tc3VjaC1zZXNzaW9uLWFueW1vcmU";
        case "garbage":
          return "atlas_session=%00%ff;;=;atlas_session=' OR 1=1 --";
      }
    },
    async replenish(count = 6) {
      while (ownedByMember() < count) await addArtifact(t, member);
    },
  };
}

/** Mostly the app's own origin; sometimes none (curl) or another site's (refused). */
export const originArb = fc.oneof(
  { arbitrary: fc.constant<string | null>(TEST_ORIGIN), weight: 8 },
  { arbitrary: fc.constant<string | null>(null), weight: 2 },
  { arbitrary: fc.constant<string | null>("https://evil.example"), weight: 1 },
);

/** Text that breaks naive code: SQL and FTS syntax, markup, control and astral characters. */
export const nastyTextArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "'",
    '"',
    "%",
    "_",
    "*",
    "\\",
    "NEAR",
    "AND",
    "OR NOT",
    "(",
    "' OR 1=1 --",
    '"; DROP TABLE artifacts; --',
    "<script>alert(1)</script>",
    "\u0000",
    "\u202e",
    "🏺",
    "a".repeat(121),
    "b".repeat(5_001),
  ),
);

export const urlArb = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "ftp://example.org/x",
    "//example.org/x.png",
    "",
    `https://example.org/${"p".repeat(2_100)}`,
  ),
  nastyTextArb,
);

/** Anything JSON can carry, kept small. */
export const jsonArb = fc.jsonValue({ maxDepth: 3 });

/** Text a form would accept: not blank after trimming. */
const filled = (maxLength: number) =>
  fc.string({ minLength: 1, maxLength }).filter((text) => text.trim().length > 0);

const plausibleFields = {
  artifactName: filled(60),
  artifactImage: fc.webUrl(),
  artifactType: fc.constantFrom(...ARTIFACT_TYPES),
  historicalContext: fc.lorem({ maxCount: 20 }),
  createdAt: fc.constantFrom("100 BC", "15th Century", "1799"),
  discoveredAt: fc.constantFrom("1799", "1922", "unknown"),
  discoveredBy: filled(40),
  presentLocation: filled(40),
};

/** Fields no schema asks for, which must never reach the database. */
const smuggledFields = {
  ownerId: fc.integer(),
  likeCount: fc.integer(),
  username: nastyTextArb,
  userEmail: fc.oneof(
    fc.constant("member@example.com"),
    fc.constant("other@example.com"),
    fc.emailAddress(),
    nastyTextArb,
  ),
};

/** A field's value: usually plausible, sometimes hostile, sometimes the wrong type. */
const spoiled = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: plausible, weight: 4 },
    { arbitrary: nastyTextArb, weight: 2 },
    { arbitrary: jsonArb, weight: 1 },
  );

/** The eight artifact fields: a valid form (with extra keys) or one with spoiled or missing fields. */
export const artifactFieldsArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    { ...plausibleFields, ...smuggledFields },
    { requiredKeys: Object.keys(plausibleFields) as (keyof typeof plausibleFields)[] },
  ),
  fc.record(
    {
      ...(Object.fromEntries(
        Object.entries(plausibleFields).map(([key, arb]) => [key, spoiled(arb)]),
      ) as Record<keyof typeof plausibleFields, fc.Arbitrary<unknown>>),
      ...smuggledFields,
    },
    { requiredKeys: [] },
  ),
);

/**
 * An artifact id as a client might send it. `pick` selects an existing id at run time (the set
 * changes as the test deletes and creates); the rest are unknown, malformed or hostile.
 */
export type IdChoice = { pick: number } | { raw: unknown };
export const idChoiceArb: fc.Arbitrary<IdChoice> = fc.oneof(
  { arbitrary: fc.nat().map((pick) => ({ pick })), weight: 6 },
  {
    arbitrary: fc
      .oneof(
        fc.integer({ min: -10, max: 10_000_000 }),
        fc.double(),
        fc.constantFrom(
          "1",
          " 1 ",
          "1e3",
          "0x10",
          "1;drop",
          "NaN",
          "Infinity",
          "-0",
          "9007199254740993",
          "",
          "%00",
        ),
        fc.string({ maxLength: 12 }),
        jsonArb,
      )
      .map((raw) => ({ raw })),
    weight: 4,
  },
);

export function resolveId(fixture: PropertyFixture, choice: IdChoice): unknown {
  if ("raw" in choice) return choice.raw;
  const ids = fixture.ids();
  return ids.length === 0 ? 1 : ids[choice.pick % ids.length];
}

/** A tRPC `{ id }` input: usually an id choice (resolved at run time by idInput), or any JSON. */
export const idInputArb = fc.oneof(
  { arbitrary: idChoiceArb.map((choice) => ({ choice })), weight: 9 },
  { arbitrary: jsonArb.map((raw) => ({ raw })), weight: 1 },
);

/** `{ id }` from a generated choice of idInputArb, or the generated value itself when it is not one. */
export function idInput(fixture: PropertyFixture, generated: unknown): unknown {
  const value = generated as { choice: IdChoice } | { raw: unknown };
  return "choice" in value ? { id: resolveId(fixture, value.choice) } : value.raw;
}

/** A path segment for an id: whatever it is, URL-encoded. */
export function idSegment(id: unknown): string {
  return encodeURIComponent(typeof id === "string" ? id : (JSON.stringify(id) ?? "undefined"));
}

/**
 * Sends one request and checks the invariants: the answer is not a 5xx, and a refused request
 * (4xx) changed nothing in the database.
 */
export async function expectSafe(
  fixture: PropertyFixture,
  send: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const before = fingerprint(fixture.t.db);
  const response = await send();
  if (response.statusCode >= 500) {
    throw new Error(`${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  if (response.statusCode >= 400) expect(fingerprint(fixture.t.db)).toEqual(before);
  return response;
}

/** After a property: every artifact's like_count equals its like rows. */
export function expectLikeCountsExact(fixture: PropertyFixture): void {
  expect(likeCountDrift(fixture.t.db)).toEqual([]);
}

/** How a tRPC call is sent: properly, as text that is not JSON, or with the wrong method. */
export const trpcFormArb = fc.oneof(
  { arbitrary: fc.constant("json" as const), weight: 8 },
  { arbitrary: fc.constant("notJson" as const), weight: 1 },
  { arbitrary: fc.constant("wrongMethod" as const), weight: 1 },
);

export interface TrpcCall {
  kind: "query" | "mutation";
  path: string;
  input: unknown;
  who: Who;
  origin: string | null;
  form: "json" | "notJson" | "wrongMethod";
}

/** A tRPC call over HTTP, as httpBatchLink sends it (unbatched) or deliberately not. */
export function sendTrpc(
  fixture: PropertyFixture,
  call: TrpcCall,
  options: {
    /** Replaces the visitor's usual cookie (e.g. a session made for this one call). */
    cookie?: string;
    /** The client's address; 127.0.0.1 by default. */
    ip?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  const cookie = options.cookie ?? fixture.cookie(call.who);
  const remoteAddress = options.ip ?? "127.0.0.1";
  const headers: Record<string, string> = {};
  if (call.origin !== null) headers.origin = call.origin;
  if (cookie) headers.cookie = cookie;
  const asQuery = (call.kind === "query") !== (call.form === "wrongMethod");
  const encoded =
    call.form === "notJson"
      ? String(typeof call.input === "string" ? call.input : "{not json")
      : JSON.stringify(call.input ?? null);
  if (asQuery) {
    const query =
      call.input === undefined && call.form === "json"
        ? ""
        : `?input=${encodeURIComponent(encoded)}`;
    return fixture.t.app.inject({
      method: "GET",
      url: `/trpc/${call.path}${query}`,
      headers,
      remoteAddress,
    });
  }
  return fixture.t.app.inject({
    method: "POST",
    url: `/trpc/${call.path}`,
    remoteAddress,
    headers: { ...headers, "content-type": "application/json" },
    payload: call.input === undefined && call.form === "json" ? "" : encoded,
  });
}

/** The common shape of a tRPC property: who, from where, how, and a generated input. */
export function trpcCallArb(
  kind: "query" | "mutation",
  path: string,
  inputArb: fc.Arbitrary<unknown>,
): fc.Arbitrary<TrpcCall> {
  return fc.record({
    kind: fc.constant(kind),
    path: fc.constant(path),
    input: inputArb,
    who: whoArb,
    origin: originArb,
    form: trpcFormArb,
  });
}

/** Tallies answers by class, so that each property is shown to reach both successes and refusals. */
export function tally() {
  const counts = { ok: 0, refused: 0 };
  return {
    counts,
    add(status: number) {
      if (status < 300) counts.ok += 1;
      else counts.refused += 1;
    },
  };
}

/** How a REST body travels: JSON mostly, sometimes as a client should not send it. */
export const bodyFormArb = fc.oneof(
  { arbitrary: fc.constant("json" as const), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      "text" as const,
      "form" as const,
      "none" as const,
      "brokenJson" as const,
    ),
    weight: 2,
  },
);

export interface RestCall {
  who: Who;
  origin: string | null;
  bodyForm: "json" | "text" | "form" | "none" | "brokenJson";
  body: unknown;
  accept: string | null;
}

export function restCallArb(bodyArb: fc.Arbitrary<unknown>): fc.Arbitrary<RestCall> {
  return fc.record({
    who: whoArb,
    origin: originArb,
    bodyForm: bodyFormArb,
    body: bodyArb,
    accept: fc.constantFrom(
      null,
      "application/json",
      "*/*",
      "text/html,application/xhtml+xml",
      "image/png",
    ),
  });
}

export const queryValueArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.constantFrom(
    "Tools",
    "Documents",
    "member@example.com",
    "other@example.com",
    "1e3",
    "NaN",
    "' OR 1=1 --",
  ),
  nastyTextArb,
);

/**
 * Query parameters: the ones a path knows, each usually plausible (the given arbitrary) and
 * sometimes hostile, and now and then parameters nobody knows.
 */
export function queryArb(known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const values = Object.fromEntries(
    Object.entries(known).map(([key, plausible]) => [
      key,
      fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: queryValueArb, weight: 1 }),
    ]),
  );
  return fc
    .record(
      {
        ...values,
        extra: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), {
          maxKeys: 2,
        }),
      },
      { requiredKeys: [] },
    )
    .map(({ extra, ...params }) => {
      const search = new URLSearchParams({ ...(extra as Record<string, string> | undefined) });
      for (const [key, value] of Object.entries(params)) search.append(key, value as string);
      const text = search.toString();
      return text ? `?${text}` : "";
    });
}

/** A REST request with the generated visitor, origin, body encoding and Accept header. */
export function sendRest(
  fixture: PropertyFixture,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  call: RestCall,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const cookie = fixture.cookie(call.who);
  if (cookie) headers.cookie = cookie;
  if (call.origin !== null) headers.origin = call.origin;
  if (call.accept !== null) headers.accept = call.accept;
  let payload: string | undefined;
  if (method !== "GET") {
    switch (call.bodyForm) {
      case "json":
        headers["content-type"] = "application/json";
        payload = JSON.stringify(call.body ?? null);
        break;
      case "text":
        headers["content-type"] = "text/plain";
        payload = typeof call.body === "string" ? call.body : JSON.stringify(call.body ?? null);
        break;
      case "form":
        headers["content-type"] = "application/x-www-form-urlencoded";
        payload = new URLSearchParams(
          Object.entries(typeof call.body === "object" && call.body !== null ? call.body : {}).map(
            // String() throws on a generated object such as {"toString": 0}; JSON text never does.
            ([key, value]): [string, string] => [
              key,
              typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
            ],
          ),
        ).toString();
        break;
      case "brokenJson":
        headers["content-type"] = "application/json";
        payload = '{"artifact_id": 1,';
        break;
      case "none":
        break;
    }
  }
  return fixture.t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}
