import fc from "fast-check";
import { expect, it } from "vitest";
import { recordRevision } from "../../src/services/revisions";
import {
  expectSafe,
  idChoiceArb,
  jsonArb,
  resolveId,
  RUNS,
  sendTrpc,
  tally,
  trpcCallArb,
  usePropertyFixture,
  type IdChoice,
} from "../support/properties";

/*
 * revisions.* (issue 17) with 1,000 generated inputs each, signed in and out: never a 5xx, and a
 * refused call changes nothing (the fingerprint counts revisions and audit entries too).
 */

// Three revisions per artifact, so that small generated numbers often name one.
const fx = usePropertyFixture(async (fixture) => {
  for (const artifactId of fixture.ids()) {
    fixture.t.db.transaction((tx) => {
      recordRevision(tx, { artifactId, actorId: null, summary: "Approved" });
      recordRevision(tx, { artifactId, actorId: null, summary: "Approved again" });
    });
  }
});

/** A revision number: mostly a small one that may exist, sometimes anything at all. */
const numberArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 7 },
  {
    arbitrary: fc.oneof(
      fc.integer({ min: -5, max: 1_000_000 }),
      fc.double(),
      fc.constantFrom("1", "0", "-1", "1e400", "NaN", "", "9007199254740993"),
      jsonArb,
    ),
    weight: 4,
  },
);

type Generated =
  { id: IdChoice; number: unknown; other: unknown; page: unknown } | { raw: unknown };

const inputArb: fc.Arbitrary<Generated> = fc.oneof(
  {
    arbitrary: fc.record({ id: idChoiceArb, number: numberArb, other: numberArb, page: numberArb }),
    weight: 9,
  },
  { arbitrary: jsonArb.map((raw) => ({ raw })), weight: 1 },
);

function inputFor(path: string, generated: Generated): unknown {
  if ("raw" in generated) return generated.raw;
  const id = resolveId(fx, generated.id);
  switch (path) {
    case "revisions.list":
      return { id, page: generated.page };
    case "revisions.compare":
      return { id, from: generated.number, to: generated.other };
    case "revisions.forEditing":
      return { id };
    default:
      return { id, number: generated.number };
  }
}

it.each([
  ["query", "revisions.list"],
  ["query", "revisions.byNumber"],
  ["query", "revisions.compare"],
  ["query", "revisions.forEditing"],
  ["mutation", "revisions.restore"],
] as const)("%s %s", async (kind, path) => {
  const seen = tally();
  await fc.assert(
    fc.asyncProperty(trpcCallArb(kind, path, inputArb), async (call) => {
      const input = inputFor(path, call.input as Generated);
      const response = await expectSafe(fx, () => sendTrpc(fx, { ...call, input }));
      seen.add(response.statusCode);
    }),
    { numRuns: RUNS },
  );
  expect(seen.counts.ok).toBeGreaterThan(RUNS / 50);
  expect(seen.counts.refused).toBeGreaterThan(0);
});
