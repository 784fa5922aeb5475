import fc from "fast-check";
import { expect, it } from "vitest";
import { ARTIFACT_TYPES } from "@artifact-atlas/shared";
import {
  artifactFieldsArb,
  expectSafe,
  idChoiceArb,
  idSegment,
  jsonArb,
  queryArb,
  resolveId,
  restCallArb,
  RUNS,
  sendRest,
  tally,
  usePropertyFixture,
} from "../support/properties";

/* The REST artifact paths, signed in and out, with 1,000 generated requests each. */

const fx = usePropertyFixture();

const number = (max: number) => fc.integer({ min: 1, max }).map(String);
const collectionQueryArb = fc.oneof(
  queryArb({
    limit: number(100),
    type: fc.constantFrom(...ARTIFACT_TYPES),
    page: number(20),
    pageSize: number(100),
  }),
  queryArb({
    email: fc.constantFrom("member@example.com", "other@example.com", "MEMBER@example.com"),
  }),
);

const deleteBodyArb = fc.oneof(
  fc.record(
    { userEmail: fc.constantFrom("member@example.com", "other@example.com", "x") },
    { requiredKeys: [] },
  ),
  jsonArb,
  fc.constant(undefined),
);

it("GET /artifacts", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(fc.constant(undefined)),
      collectionQueryArb,
      async (call, query) => {
        const response = await expectSafe(fx, () =>
          sendRest(fx, "GET", `/artifacts${query}`, call),
        );
        seen.add(response.statusCode);
        if (response.statusCode === 200)
          expect(response.body).not.toMatch(/ownerId|owner_id|passwordHash/);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("GET /artifacts/{id}", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(restCallArb(fc.constant(undefined)), idChoiceArb, async (call, choice) => {
      const url = `/artifacts/${idSegment(resolveId(fx, choice))}`;
      seen.add((await expectSafe(fx, () => sendRest(fx, "GET", url, call))).statusCode);
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("POST /artifacts", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(
        fc.oneof({ arbitrary: artifactFieldsArb, weight: 9 }, { arbitrary: jsonArb, weight: 1 }),
      ),
      async (call) => {
        const response = await expectSafe(fx, () => sendRest(fx, "POST", "/artifacts", call));
        seen.add(response.statusCode);
        if (response.statusCode === 201) {
          const { insertedId } = response.json() as { insertedId: string };
          const row = fx.t.db.$client
            .prepare("select owner_id as ownerId, like_count as likes from artifacts where id = ?")
            .get(Number(insertedId)) as { ownerId: number; likes: number };
          expect(row.ownerId).toBe(call.who === "member" ? fx.member.id : fx.other.id);
          expect(row.likes).toBe(0);
        }
      },
    ),
    { numRuns: RUNS },
  );
  // About one call in twenty is a valid create by a signed-in member, so RUNS / 20 failed by
  // chance (2 runs of 13); RUNS / 40 still proves that the success path ran many times.
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 40);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("PUT /artifacts/{id}", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(
        fc.oneof({ arbitrary: artifactFieldsArb, weight: 9 }, { arbitrary: jsonArb, weight: 1 }),
      ),
      idChoiceArb,
      async (call, choice) => {
        const url = `/artifacts/${idSegment(resolveId(fx, choice))}`;
        seen.add((await expectSafe(fx, () => sendRest(fx, "PUT", url, call))).statusCode);
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 100);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("DELETE /artifacts/{id}", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(restCallArb(deleteBodyArb), idChoiceArb, async (call, choice) => {
      await fx.replenish();
      const url = `/artifacts/${idSegment(resolveId(fx, choice))}`;
      seen.add((await expectSafe(fx, () => sendRest(fx, "DELETE", url, call))).statusCode);
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 50);
  expect(seen.counts.refused).toBeGreaterThan(0);
});

it("GET /openapi.json", async () => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(
      restCallArb(fc.constant(undefined)),
      queryArb({ format: fc.constantFrom("json", "yaml") }),
      async (call, query) => {
        seen.add(
          (await expectSafe(fx, () => sendRest(fx, "GET", `/openapi.json${query}`, call)))
            .statusCode,
        );
      },
    ),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBe(RUNS);
});
