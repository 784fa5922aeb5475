import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewAccountReports, QueuePage, ReviewedArtifact } from "@artifact-atlas/shared";
import { REPORT_RULES } from "../../src/rate-limit";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { newAccount, post } from "../support/auth";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Issue 28, tried as an attacker would: free accounts, made through the real sign-up from as many
 * addresses as the attacker has, report the whole collection as spam through both doors. Before,
 * three accounts hid every artifact in seconds. Now their reports hide nothing, each account and
 * each address is held to its limit, and what gets through waits as one group that a curator
 * dismisses with one decision.
 */

let t: TestApp;
let owner: SignedInUser;
let curator: SignedInUser;
let collection: ReviewedArtifact[];

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  curator = await createUserWithSession(t, { role: "curator" });
  collection = [];
  for (let i = 0; i < 15; i += 1) collection.push(await addArtifact(t, owner));
});

afterEach(async () => {
  await t.close();
});

/** A throwaway account signed up through tRPC from `ip`: its session cookie. */
async function throwaway(ip: string): Promise<string> {
  const response = await post(t.app, "auth.signup", newAccount(), { ip });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`signup: ${response.body}`);
  return cookie;
}

/** A spam report over REST from `ip`: its status. */
async function spam(ip: string, cookie: string, id: number): Promise<number> {
  const response = await t.app.inject({
    method: "POST",
    url: `/artifacts/${id}/reports`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
    payload: JSON.stringify({ reason: "spam", note: "spam" }),
  });
  return response.statusCode;
}

function hiddenCount(): number {
  return t.db.$client
    .prepare("select count(*) from artifacts where status != 'published'")
    .pluck()
    .get() as number;
}

describe("a flood of spam reports from fresh accounts", () => {
  it("from ten addresses with three accounts each hides nothing and is held to the limits", async () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);
    const accepted = new Map<string, number>();
    const refused: number[] = [];
    for (const ip of addresses) {
      for (let account = 0; account < 3; account += 1) {
        const cookie = await throwaway(ip);
        for (const artifact of collection) {
          const status = await spam(ip, cookie, artifact.id);
          if (status === 201) accepted.set(ip, (accepted.get(ip) ?? 0) + 1);
          else refused.push(status);
        }
      }
    }
    // 450 tries: each address gets its thirty an hour through, whatever its accounts.
    expect([...accepted.values()]).toEqual(addresses.map(() => REPORT_RULES.perAddress.limit));
    expect(new Set(refused)).toEqual(new Set([429]));
    expect(hiddenCount()).toBe(0);

    // The queue a curator reads first holds none of it; the group says what happened.
    const main = await trpc(t.app, "query", "review.queue", {}, curator.cookie);
    expect((main.data as QueuePage).items.some((entry) => entry.kind === "report")).toBe(false);
    const groups = await trpc(t.app, "query", "review.groups", undefined, curator.cookie);
    const group = (groups.data as { newAccountReports: NewAccountReports }).newAccountReports;
    expect(group).toMatchObject({ reports: 300, accounts: 30, artifacts: 10 });
    const dismissed = await trpc(
      t.app,
      "mutation",
      "review.dismissNewAccountReports",
      { upTo: group.upTo },
      curator.cookie,
    );
    expect(dismissed.data).toEqual({ dismissed: 300, remaining: 0 });
    expect(t.db.$client.prepare("select count(*) from audit_log").pluck().get()).toBe(1);
  });

  it("from one account on twenty addresses gets ten reports through, however it spreads them", async () => {
    const cookie = await throwaway("203.0.113.1");
    const statuses: number[] = [];
    for (const [i, artifact] of collection.entries()) {
      statuses.push(await spam(`203.0.113.${(i % 20) + 1}`, cookie, artifact.id));
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(REPORT_RULES.perAccount.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      collection.length - REPORT_RULES.perAccount.limit,
    );
    expect(hiddenCount()).toBe(0);
  });

  it("cannot pass for an established account by what it sends", async () => {
    const cookie = await throwaway("192.0.2.7");
    const response = await t.app.inject({
      method: "POST",
      url: `/artifacts/${collection[0]!.id}/reports`,
      remoteAddress: "192.0.2.7",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
      payload: JSON.stringify({
        reason: "spam",
        fromNewAccount: false,
        joinedAt: 0,
        role: "curator",
      }),
    });
    expect(response.statusCode).toBe(201);
    const flag = t.db.$client
      .prepare("select from_new_account from review_queue where kind = 'report'")
      .pluck()
      .get();
    expect(flag).toBe(1);
  });
});
