import fc from "fast-check";
import { expect, it } from "vitest";
import {
  expectLikeCountsExact,
  expectSafe,
  idChoiceArb,
  idSegment,
  jsonArb,
  queryArb,
  queryValueArb,
  resolveId,
  restCallArb,
  RUNS,
  sendRest,
  tally,
  usePropertyFixture,
} from "../support/properties";

/* The REST like paths and POST /jwt, signed in and out, with 1,000 generated requests each. */

const fx = usePropertyFixture();

const emailArb = fc.constantFrom("member@example.com", "other@example.com", "Member@Example.com");
const emailQueryArb = queryArb({ email: emailArb });

it.each(["GET", "DELETE"] as const)("%s /liked-artifacts/{id}", async (method) => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(jsonArb),
      idChoiceArb,
      emailQueryArb,
      async (call, choice, query) => {
        const url = `/liked-artifacts/${idSegment(resolveId(fx, choice))}${query}`;
        seen.add((await expectSafe(fx, () => sendRest(fx, method, url, call))).statusCode);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 20);
  expect(seen.counts.refused).toBeGreaterThan(0);
  expectLikeCountsExact(fx);
});

it("POST /liked-artifacts", async () => {
  const seen = tally();
  const likeBodyArb = fc.oneof(
    fc.record(
      {
        artifact_id: fc.oneof(
          { arbitrary: idChoiceArb, weight: 4 },
          { arbitrary: jsonArb, weight: 1 },
        ),
        applicant_email: fc.oneof(
          { arbitrary: emailArb, weight: 3 },
          { arbitrary: queryValueArb, weight: 1 },
          { arbitrary: jsonArb, weight: 1 },
        ),
      },
      { requiredKeys: ["artifact_id"] },
    ),
    jsonArb,
  );
  await fc.assert(
    fc.asyncProperty(restCallArb(likeBodyArb), async (call) => {
      const body = call.body as { artifact_id?: unknown } | null;
      const choice = body && typeof body === "object" ? body.artifact_id : undefined;
      const resolved =
        choice && typeof choice === "object" && ("pick" in choice || "raw" in choice)
          ? { ...body, artifact_id: resolveId(fx, choice as never) }
          : body;
      seen.add(
        (
          await expectSafe(fx, () =>
            sendRest(fx, "POST", "/liked-artifacts", { ...call, body: resolved }),
          )
        ).statusCode,
      );
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 100);
  expect(seen.counts.refused).toBeGreaterThan(0);
  expectLikeCountsExact(fx);
});

it("GET /liked-artifact", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(restCallArb(fc.constant(undefined)), emailQueryArb, async (call, query) => {
      seen.add(
        (await expectSafe(fx, () => sendRest(fx, "GET", `/liked-artifact${query}`, call)))
          .statusCode,
      );
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 20);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("POST /jwt", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(
        fc.oneof(
          fc.record({ email: fc.oneof(emailArb, queryValueArb, jsonArb) }, { requiredKeys: [] }),
          jsonArb,
        ),
      ),
      async (call) => {
        const response = await expectSafe(fx, () => sendRest(fx, "POST", "/jwt", call));
        seen.add(response.statusCode);
        // It confirms and never issues anything.
        expect(
          response.headers["set-cookie"] === undefined ||
            call.who === "deadSession" ||
            call.who === "garbage",
        ).toBe(true);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(0);
  expect(seen.counts.refused).toBeGreaterThan(0);
});
