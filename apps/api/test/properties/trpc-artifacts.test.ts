import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SORT_VALUES } from "@artifact-atlas/shared";
import {
  artifactFieldsArb,
  expectSafe,
  idChoiceArb,
  idInput,
  idInputArb,
  jsonArb,
  nastyTextArb,
  resolveId,
  RUNS,
  sendTrpc,
  tally,
  trpcCallArb,
  usePropertyFixture,
  type IdChoice,
} from "../support/properties";

/* Every artifacts.* procedure, signed in and out, with 1,000 generated inputs each. */

const fx = usePropertyFixture();

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
          sendTrpc(fx, { ...call, input: idInput(fx, call.input) }),
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
          sendTrpc(fx, { ...call, input: idInput(fx, call.input) }),
        );
        seen.add(response.statusCode);
      }),
      { numRuns: RUNS },
    );
    expect(seen.counts.ok).toBeGreaterThan(RUNS / 50);
    expect(seen.counts.refused).toBeGreaterThan(0);
  });
});
