import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { createRateLimiter, perMinute } from "../src/rate-limit";
import { callsInTurn, YIELD_AFTER_MS } from "../src/work-budget";
import { createTestApp, type TestApp } from "./support/app";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * The budget of work (decision 100): each client's server time a minute, charged per tRPC call
 * (each call of a batch) and per REST request, shared by both doors; past it, 429 with
 * Retry-After. The smallest budget allowed, so that a few hundred cheap calls spend it.
 */

const BUDGET_MS = 100;
const LIST = "/trpc/artifacts.list?input=%7B%22page%22%3A1%2C%22sort%22%3A%22default%22%7D";

let t: TestApp;
let member: SignedInUser;

beforeEach(async () => {
  t = await createTestApp({ WORK_BUDGET_MS_PER_MINUTE: String(BUDGET_MS) });
  member = await createUserWithSession(t);
});

afterEach(async () => {
  await t.close();
});

function list(ip: string, cookie?: string) {
  return t.app.inject({ url: LIST, remoteAddress: ip, headers: cookie ? { cookie } : {} });
}

/** Lists from `ip` until refused; answers the refusal (or fails after 20,000 calls). */
async function spendBudget(ip: string, cookie?: string) {
  for (let calls = 0; calls < 20_000; calls += 1) {
    const response = await list(ip, cookie);
    if (response.statusCode === 429) return response;
    expect(response.statusCode).toBe(200);
  }
  throw new Error("never refused");
}

function expectSpent(response: Awaited<ReturnType<typeof list>>) {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  const body = response.json() as { error: { message: string; data: { code: string } } };
  expect(body.error.data.code).toBe("TOO_MANY_REQUESTS");
  expect(body.error.message).toBe(MESSAGES.workBudgetSpent(seconds));
}

describe("a client's budget of work", () => {
  it("refuses a visitor's calls once its address has used its budget, on both doors", async () => {
    expectSpent(await spendBudget("198.51.100.1"));

    const rest = await t.app.inject({ url: "/artifacts", remoteAddress: "198.51.100.1" });
    expect(rest.statusCode).toBe(429);
    expect(Number(rest.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((rest.json() as { error: string }).error).toMatch(/^You have asked for a lot/);

    // Another address, and a member signing in from the spent one, have budgets of their own.
    expect((await list("198.51.100.2")).statusCode).toBe(200);
    expect((await list("198.51.100.1", member.cookie)).statusCode).toBe(200);
  });

  it("counts each call of a batch: a spent client's batch is refused call by call", async () => {
    await spendBudget("198.51.100.3");
    const paths = Array.from({ length: 3 }, () => "artifacts.list").join(",");
    const input = encodeURIComponent(
      JSON.stringify(Object.fromEntries([0, 1, 2].map((i) => [i, { page: 1, sort: "default" }]))),
    );
    const response = await t.app.inject({
      url: `/trpc/${paths}?batch=1&input=${input}`,
      remoteAddress: "198.51.100.3",
    });
    expect(response.statusCode).toBe(429);
    const calls = response.json() as { error?: { data: { code: string } } }[];
    expect(calls.map((call) => call.error?.data.code)).toEqual([
      "TOO_MANY_REQUESTS",
      "TOO_MANY_REQUESTS",
      "TOO_MANY_REQUESTS",
    ]);
  });

  it("charges a member's calls to the account, wherever they come from", async () => {
    // Each call from an address of its own, so only the account's budget can run out. (Spending
    // from one address and then asking from another raced the budget's refill: the first refusal
    // can leave it a hair short of one more call.)
    const addressOf = (call: number) => `198.18.${(call >> 8) & 255}.${call & 255}`;
    let refused: Awaited<ReturnType<typeof list>> | undefined;
    let calls = 0;
    for (; calls < 20_000 && !refused; calls += 1) {
      const response = await list(addressOf(calls), member.cookie);
      if (response.statusCode === 429) refused = response;
      else expect(response.statusCode).toBe(200);
    }
    if (!refused) throw new Error("never refused");
    expectSpent(refused);
    expect((await list(addressOf(calls - 1))).statusCode).toBe(200);
  });
});

describe("the calls of one request", () => {
  it("run one at a time, letting others in after a long one", async () => {
    const budget = createRateLimiter(perMinute(60_000));
    const client = "address 198.51.100.9";
    const inTurn = callsInTurn(budget, client);
    const events: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let otherRanAt = -1;
    // Something else waiting for the event loop, as another client's request would.
    setImmediate(() => (otherRanAt = events.length));
    await Promise.all(
      [1, 2, 3, 4].map((call) =>
        inTurn(async () => {
          events.push(`start ${call}`);
          busy(YIELD_AFTER_MS + 5);
          events.push(`end ${call}`);
        }),
      ),
    );
    expect(events).toEqual([
      "start 1",
      "end 1",
      "start 2",
      "end 2",
      "start 3",
      "end 3",
      "start 4",
      "end 4",
    ]);
    // The other work ran after the first long call, before the second.
    expect(otherRanAt).toBe(2);
  });

  it("owes what a call cost beyond the budget, so the next waits until it is paid", () => {
    let now = 0;
    const budget = createRateLimiter(perMinute(6_000), { now: () => now });
    budget.spend("x", 5_990);
    // 10 ms left: one more call may start, and it costs 300.
    expect(budget.wait("x")).toBe(0);
    budget.spend("x", 300);
    // 290 ms owed, refilled at 100 ms a second: three seconds until the next call.
    expect(budget.wait("x")).toBe(3);
    now += 2_900;
    expect(budget.wait("x")).toBe(1);
    now += 100;
    expect(budget.wait("x")).toBe(0);
  });
});
