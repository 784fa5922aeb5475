import fc from "fast-check";
import { expect, it } from "vitest";
import {
  expectLikeCountsExact,
  expectSafe,
  idInput,
  idInputArb,
  jsonArb,
  nastyTextArb,
  RUNS,
  sendTrpc,
  tally,
  trpcCallArb,
  urlArb,
  usePropertyFixture,
} from "../support/properties";

/* likes.* and users.updateProfile, signed in and out, with 1,000 generated inputs each. */

const fx = usePropertyFixture();

it.each([
  ["query", "likes.status"],
  ["mutation", "likes.like"],
  ["mutation", "likes.unlike"],
] as const)("%s %s", async (kind, path) => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(trpcCallArb(kind, path, idInputArb), async (call) => {
      const response = await expectSafe(fx, () =>
        sendTrpc(fx, { ...call, input: idInput(fx, call.input) }),
      );
      seen.add(response.statusCode);
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
  expectLikeCountsExact(fx);
});

it("query likes.list", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      trpcCallArb("query", "likes.list", fc.oneof(fc.constant(undefined), jsonArb)),
      async (call) => {
        seen.add((await expectSafe(fx, () => sendTrpc(fx, call))).statusCode);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("mutation users.updateProfile", async () => {
  const seen = tally();
  const profileArb = fc.oneof(
    {
      arbitrary: fc.record(
        {
          displayName: fc.oneof(fc.string({ maxLength: 90 }), nastyTextArb, jsonArb),
          photoUrl: fc.oneof(urlArb, fc.constant(""), jsonArb),
          // Nobody else's account can be named.
          id: fc.integer(),
          email: fc.constantFrom("other@example.com", "member@example.com"),
        },
        { requiredKeys: [] },
      ),
      weight: 9,
    },
    { arbitrary: jsonArb, weight: 1 },
  );
  await fc.assert(
    fc.asyncProperty(trpcCallArb("mutation", "users.updateProfile", profileArb), async (call) => {
      const response = await expectSafe(fx, () => sendTrpc(fx, call));
      seen.add(response.statusCode);
      if (response.statusCode === 200) {
        const user = (response.json() as { result: { data: { id: number; email: string } } }).result
          .data;
        expect(user.email).toBe(call.who === "member" ? "member@example.com" : "other@example.com");
        const photo = fx.t.db.$client
          .prepare("select photo_url as url from users where id = ?")
          .get(user.id) as {
          url: string | null;
        };
        if (photo.url !== null) expect(new URL(photo.url).protocol).toMatch(/^https?:$/);
      }
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 20);
  expect(seen.counts.refused).toBeGreaterThan(0);
  expectLikeCountsExact(fx);
});
