import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SORT_VALUES } from "@artifact-atlas/shared";
import {
  artifactFieldsArb,
  expectLikeCountsExact,
  expectSafe,
  idChoiceArb,
  jsonArb,
  nastyTextArb,
  propertyFixture,
  resolveId,
  RUNS,
  sendTrpc,
  tally,
  trpcCallArb,
  type IdChoice,
  type PropertyFixture,
} from "../support/properties";

// A thousand requests per property take seconds, more on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
/* Every artifacts.* procedure, signed in and out, with 1,000 generated inputs each. */

let fx: PropertyFixture;

beforeAll(async () => {
  fx = await propertyFixture();
});

afterAll(async () => {
  expectLikeCountsExact(fx);
  await fx.t.close();
});

const listInputArb = fc.oneof(
  fc.record(
    {
      search: fc.oneof(nastyTextArb, fc.string({ maxLength: 100 }), jsonArb),
      sort: fc.oneof(fc.constantFrom(...SORT_VALUES), nastyTextArb),
      page: fc.oneof(fc.integer({ min: -2, max: 12_000 }), fc.double(), nastyTextArb),
    },
    { requiredKeys: [] },
  ),
  jsonArb,
  fc.constant(undefined),
);

const idInputArb = fc.oneof(
  { arbitrary: idChoiceArb.map((choice) => ({ choice })), weight: 9 },
  { arbitrary: jsonArb.map((raw) => ({ raw })), weight: 1 },
);

/** { id } from a generated choice, or the generated value itself when it is not one. */
function idInput(value: { choice: IdChoice } | { raw: unknown }): unknown {
  return "choice" in value ? { id: resolveId(fx, value.choice) } : value.raw;
}

describe("queries", () => {
  it.each(["artifacts.popular", "artifacts.mine"])("%s", async (path) => {
    const seen = tally();
    await fc.assert(
      fc.asyncProperty(
        trpcCallArb("query", path, fc.oneof(fc.constant(undefined), jsonArb)),
        async (call) => {
          seen.add((await expectSafe(fx, () => sendTrpc(fx, call))).statusCode);
        },
      ),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(0);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });

  it("artifacts.list", async () => {
    const seen = tally();
    await fc.assert(
      fc.asyncProperty(trpcCallArb("query", "artifacts.list", listInputArb), async (call) => {
        seen.add((await expectSafe(fx, () => sendTrpc(fx, call))).statusCode);
      }),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });

  it.each(["artifacts.byId", "artifacts.similar"])("%s", async (path) => {
    const seen = tally();
    await fc.assert(
      fc.asyncProperty(trpcCallArb("query", path, idInputArb), async (call) => {
        const response = await expectSafe(fx, () =>
          sendTrpc(fx, { ...call, input: idInput(call.input as never) }),
        );
        seen.add(response.statusCode);
      }),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 10);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });
});

describe("mutations", () => {
  it("artifacts.create", async () => {
    const seen = tally();
    await fc.assert(
      fc.asyncProperty(
        trpcCallArb(
          "mutation",
          "artifacts.create",
          fc.oneof({ arbitrary: artifactFieldsArb, weight: 9 }, { arbitrary: jsonArb, weight: 1 }),
        ),
        async (call) => {
          const response = await expectSafe(fx, () => sendTrpc(fx, call));
          seen.add(response.statusCode);
          if (response.statusCode === 200) {
            // Owner and name come from the session, whatever the input claimed.
            const created = (
              response.json() as { result: { data: { id: number; likeCount: number } } }
            ).result.data;
            expect(created.likeCount).toBe(0);
            const row = fx.t.db.$client
              .prepare("select owner_id as ownerId from artifacts where id = ?")
              .get(created.id) as { ownerId: number };
            expect([fx.member.id, fx.other.id]).toContain(row.ownerId);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 20);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });

  it("artifacts.update", async () => {
    const seen = tally();
    const updateArb = fc.record(
      { id: idChoiceArb, fields: fc.oneof(artifactFieldsArb, jsonArb) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(trpcCallArb("mutation", "artifacts.update", updateArb), async (call) => {
        const generated = call.input as { id?: IdChoice; fields?: unknown };
        const input = {
          ...generated,
          ...(generated.id === undefined ? {} : { id: resolveId(fx, generated.id) }),
        };
        seen.add((await expectSafe(fx, () => sendTrpc(fx, { ...call, input }))).statusCode);
      }),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 100);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });

  it("artifacts.delete", async () => {
    const seen = tally();
    await fc.assert(
      fc.asyncProperty(trpcCallArb("mutation", "artifacts.delete", idInputArb), async (call) => {
        await fx.replenish();
        const response = await expectSafe(fx, () =>
          sendTrpc(fx, { ...call, input: idInput(call.input as never) }),
        );
        seen.add(response.statusCode);
      }),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 50);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });
});
