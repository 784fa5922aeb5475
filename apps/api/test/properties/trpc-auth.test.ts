import { eq } from "drizzle-orm";
import fc from "fast-check";
import { expect, it } from "vitest";
import { hashPassword } from "../../src/auth/password";
import { users } from "../../src/db/schema";
import { TEST_ORIGIN } from "../support/app";
import { PASSWORD } from "../support/auth";
import {
  expectSafe,
  jsonArb,
  nastyTextArb,
  RUNS,
  sendTrpc,
  tally,
  trpcCallArb,
  urlArb,
  usePropertyFixture,
  type TrpcCall,
} from "../support/properties";

/*
 * auth.*, signed in and out, with 1,000 generated inputs each. Sign-up and sign-in hash passwords
 * (argon2id): the attempt limits soon answer 429, which is itself a refusal that must change nothing.
 */

// The other account signs in with a password in these properties.
const fx = usePropertyFixture(async (fixture) => {
  fixture.t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, fixture.other.id))
    .run();
});

/** A well-formed call from the app itself, for the examples that always run. */
const VALID_CALL: TrpcCall = {
  kind: "mutation",
  path: "",
  input: undefined,
  who: "signedOut",
  origin: TEST_ORIGIN,
  form: "json",
};

const emailArb = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom("member@example.com", "OTHER@example.com", "other@example.com "),
  nastyTextArb,
  jsonArb,
);

const passwordArb = fc.oneof(
  fc.constant(PASSWORD),
  fc.string({ maxLength: 20 }).map((text) => `Aa1${text}`),
  fc.string({ maxLength: 140 }),
  nastyTextArb,
  jsonArb,
);

it("query auth.me", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      trpcCallArb("query", "auth.me", fc.oneof(fc.constant(undefined), jsonArb)),
      async (call) => {
        const response = await expectSafe(fx, () => sendTrpc(fx, call));
        seen.add(response.statusCode);
        if (response.statusCode === 200 && call.form === "json") {
          const user = (response.json() as { result: { data: { email?: string } | null } }).result
            .data;
          const expected = { member: "member@example.com", other: "other@example.com" }[
            call.who as string
          ];
          expect(user?.email).toBe(expected);
        }
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("mutation auth.logout", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      trpcCallArb("mutation", "auth.logout", fc.oneof(fc.constant(undefined), jsonArb)),
      async (call) => {
        // A session of its own for every signed-in run: a successful logout ends it.
        const own = call.who === "member" || call.who === "other";
        const session = own
          ? await fx.t.app.deps.sessions.create(fx[call.who as "member"].id)
          : null;
        const cookie = session ? `${session.name}=${session.value}` : undefined;
        const response = await expectSafe(fx, () => sendTrpc(fx, call, { cookie }));
        seen.add(response.statusCode);
        // A refused logout leaves the run's session alive: end it, so that the runs' sessions do
        // not push the fixture's out of the account's 50 (MAX_SESSIONS_PER_ACCOUNT).
        const left = session ? await fx.t.app.deps.sessions.validate(session.value) : null;
        if (left) await fx.t.app.deps.sessions.invalidate(left.sessionId);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
  // The shared sessions of the fixture are alive still: nobody's logout ended another's session.
  const me = await fx.t.app.inject({ url: "/trpc/auth.me", headers: { cookie: fx.member.cookie } });
  expect(me.json()).toMatchObject({ result: { data: { email: "member@example.com" } } });
});

it("mutation auth.login", async () => {
  const seen = tally();
  const loginArb = fc.oneof(
    fc.record({
      email: fc.constantFrom("other@example.com", "OTHER@EXAMPLE.COM"),
      password: passwordArb,
    }),
    fc.record({ email: emailArb, password: passwordArb }, { requiredKeys: [] }),
    jsonArb,
  );
  const callArb = trpcCallArb("mutation", "auth.login", loginArb);
  await fc.assert(
    fc.asyncProperty(callArb, async (call) => {
      // An address of its own: sign-up's attempts (below) have their own per-address budget.
      seen.add((await expectSafe(fx, () => sendTrpc(fx, call, { ip: "10.0.0.2" }))).statusCode);
    }),
    {
      numRuns: RUNS,
      // Run first, before the attempt limits close in: the right password does sign in.
      examples: [
        [
          {
            ...VALID_CALL,
            path: "auth.login",
            input: { email: "other@example.com", password: PASSWORD },
          },
        ],
      ],
    },
  );
  expect(seen.counts.ok).toBeGreaterThan(0);
  expect(seen.counts.refused).toBeGreaterThan(RUNS / 2);
});

it("mutation auth.signup", async () => {
  const seen = tally();
  const signupArb = fc.oneof(
    fc.record({
      userName: fc
        .string({ minLength: 5, maxLength: 40 })
        .filter((name) => name.trim().length >= 5),
      email: fc.emailAddress(),
      password: fc.constant(PASSWORD),
      photoUrl: fc.oneof(fc.constant(""), fc.webUrl()),
    }),
    fc.record(
      {
        userName: fc.oneof(nastyTextArb, fc.string()),
        email: emailArb,
        password: passwordArb,
        photoUrl: fc.oneof(urlArb, jsonArb),
      },
      { requiredKeys: [] },
    ),
    jsonArb,
  );
  await fc.assert(
    fc.asyncProperty(trpcCallArb("mutation", "auth.signup", signupArb), async (call) => {
      seen.add((await expectSafe(fx, () => sendTrpc(fx, call))).statusCode);
    }),
    {
      numRuns: RUNS,
      examples: [
        [
          {
            ...VALID_CALL,
            path: "auth.signup",
            input: { userName: "Valid Person", email: "valid@example.com", password: PASSWORD },
          },
        ],
      ],
    },
  );
  expect(seen.counts.ok).toBeGreaterThan(0);
  expect(seen.counts.refused).toBeGreaterThan(RUNS / 2);
});
