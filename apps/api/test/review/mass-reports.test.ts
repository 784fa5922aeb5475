import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  MESSAGES,
  type HiddenPage,
  type NewAccountReports,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { REPORT_RULES } from "../../src/rate-limit";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { rest } from "../support/rest";
import { signUp } from "../support/auth";
import { createUserWithSession, type SignedInUser } from "../support/users";
import {
  auditActions,
  decided,
  entryFor,
  establish,
  establishedUser,
  notificationsOf,
  queue,
  report,
} from "./support";

/*
 * Issue 28, "Three free accounts hid the whole collection": three spam reports from three new
 * accounts hid an artifact at once (57 of 57 demo artifacts in 4.4 s), and when the reports were
 * dismissed or the accounts deleted themselves, the artifacts stayed hidden with nothing in the
 * product able to unhide them. Now only established accounts' spam reports hide; reports are
 * limited per account and per address; the hide is undone when its reports fall away; curators
 * unhide any hidden artifact directly; the new accounts' reports wait as one group.
 */

let t: TestApp;
let owner: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
});

afterEach(async () => {
  await t.close();
});

function stateOf(id: number) {
  return t.db.$client
    .prepare(
      "select status, status_reason as reason, hidden_automatically as automatic from artifacts where id = ?",
    )
    .get(id) as { status: string; reason: string | null; automatic: number };
}

function revisionsOf(id: number) {
  return t.db.$client
    .prepare(
      "select summary, actor_id as actorId from artifact_revisions where artifact_id = ? order by number",
    )
    .all(id) as { summary: string; actorId: number | null }[];
}

async function groups(reader = curator) {
  const result = await trpc(t.app, "query", "review.groups", undefined, reader.cookie);
  expect(result.status, result.response.body).toBe(200);
  return result.data as { newAccountReports: NewAccountReports | null };
}

/** Three established accounts report `artifact` as spam: the server hides it at once. */
async function hiddenBySpam(artifact: ReviewedArtifact): Promise<SignedInUser[]> {
  const reporters = [await establishedUser(t), await establishedUser(t), await establishedUser(t)];
  for (const reporter of reporters) {
    const answer = await report(t, reporter, { id: artifact.id, reason: "spam" });
    expect(answer.status, answer.response.body).toBe(200);
  }
  expect(stateOf(artifact.id)).toEqual({ status: "hidden", reason: "Spam", automatic: 1 });
  return reporters;
}

describe("three new accounts reporting the whole collection as spam", () => {
  it("hide nothing, are held to their limits, and wait as one group a curator dismisses at once", async () => {
    const collection: ReviewedArtifact[] = [];
    for (let i = 0; i < 12; i += 1) collection.push(await addArtifact(t, owner));
    const attackers = [
      await createUserWithSession(t),
      await createUserWithSession(t),
      await createUserWithSession(t),
    ];

    const statuses: number[] = [];
    for (const attacker of attackers) {
      for (const artifact of collection) {
        statuses.push((await report(t, attacker, { id: artifact.id, reason: "spam" })).status);
      }
    }
    // Before: 36 reports, and every artifact hidden after the third account's. Now: each account
    // reports ten an hour, and one address thirty, whatever the accounts.
    const { perAccount, perAddress } = REPORT_RULES;
    expect(statuses.filter((status) => status === 200)).toHaveLength(perAddress.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(36 - perAddress.limit);
    expect(statuses.slice(0, 12)).toEqual([
      ...Array<number>(perAccount.limit).fill(200),
      ...Array<number>(12 - perAccount.limit).fill(429),
    ]);
    for (const artifact of collection) {
      expect(stateOf(artifact.id).status).toBe("published");
    }
    expect(await doorsShowing(t, collection[0]!)).toContain("list default");

    // The queue itself holds the owner's new artifacts; the reports are one group beside it.
    const main = await queue(t, curator);
    expect(main.every((entry) => entry.kind === "new")).toBe(true);
    const group = (await groups()).newAccountReports;
    // Each account got through the first ten of the twelve.
    expect(group).toMatchObject({ reports: 30, accounts: 3, artifacts: 10 });
    const members = await queue(t, curator, { group: "new-accounts" });
    expect(members.every((entry) => entry.report?.fromNewAccount)).toBe(true);

    const dismissed = await trpc(
      t.app,
      "mutation",
      "review.dismissNewAccountReports",
      { upTo: group!.upTo },
      curator.cookie,
    );
    expect(dismissed.status, dismissed.response.body).toBe(200);
    expect(dismissed.data).toEqual({ dismissed: 30, remaining: 0 });
    expect((await groups()).newAccountReports).toBeNull();
    const audit = t.db.$client
      .prepare("select action, actor_id as actorId, details from audit_log")
      .all() as { action: string; actorId: number; details: string }[];
    expect(audit).toEqual([
      {
        action: "report.dismiss_new_accounts",
        actorId: curator.id,
        details: JSON.stringify({ reports: "30", accounts: "3", upTo: String(group!.upTo) }),
      },
    ]);
    for (const attacker of attackers) {
      const told = notificationsOf(t, attacker.id);
      expect(told).toHaveLength(10);
      expect(told.every((notice) => notice.kind === "report_dismissed")).toBe(true);
    }
  });

  it("dismisses only what the curator was shown: a report after `upTo` stays in the group", async () => {
    const artifact = await addArtifact(t, owner);
    const later = await addArtifact(t, owner);
    await report(t, await createUserWithSession(t), { id: artifact.id, reason: "spam" });
    const shown = (await groups()).newAccountReports!;
    await report(t, await createUserWithSession(t), { id: later.id, reason: "offensive" });
    const dismissed = await trpc(
      t.app,
      "mutation",
      "review.dismissNewAccountReports",
      { upTo: shown.upTo },
      curator.cookie,
    );
    expect(dismissed.data).toEqual({ dismissed: 1, remaining: 0 });
    expect((await groups()).newAccountReports).toMatchObject({ reports: 1, artifacts: 1 });
  });
});

describe("who counts towards the automatic hide", () => {
  it("an account older than three days with something approved; not an old one without, nor a new one with", async () => {
    const artifact = await addArtifact(t, owner);
    const old = await createUserWithSession(t);
    t.db.$client
      .prepare("update users set joined_at = ? where id = ?")
      .run(Date.now() - 30 * 24 * 60 * 60 * 1000, old.id);
    const fresh = await createUserWithSession(t);
    await establish(t, fresh);
    t.db.$client.prepare("update users set joined_at = ? where id = ?").run(Date.now(), fresh.id);
    const regular = await establishedUser(t);
    for (const reporter of [old, fresh, regular]) {
      await report(t, reporter, { id: artifact.id, reason: "spam" });
    }
    const flags = t.db.$client
      .prepare(
        "select submitted_by as who, from_new_account as fromNew from review_queue where kind = 'report' order by id",
      )
      .all();
    expect(flags).toEqual([
      { who: old.id, fromNew: 1 },
      { who: fresh.id, fromNew: 1 },
      { who: regular.id, fromNew: 0 },
    ]);
    expect(stateOf(artifact.id).status).toBe("published");
  });
});

describe("an automatic hide", () => {
  it("is undone when its spam reports are dismissed, by the server, with a revision and an audit line", async () => {
    const artifact = await addArtifact(t, owner);
    const [first] = await hiddenBySpam(artifact);
    const entry = await entryFor(t, curator, artifact.id, "report");
    expect(entry.hiddenAutomatically).toBe(true);

    await decided(t, curator, { entryId: entry.id, decision: "dismiss" });
    expect(stateOf(artifact.id)).toEqual({ status: "published", reason: null, automatic: 0 });
    expect(revisionsOf(artifact.id).slice(-2)).toEqual([
      { summary: "Hidden: Spam", actorId: null },
      { summary: "Unhidden", actorId: null },
    ]);
    expect(auditActions(t, artifact.id)).toEqual([
      { action: "artifact.hide", actorId: null, requestId: expect.any(String) },
      // In the dismissal's own transaction and request.
      { action: "artifact.unhide", actorId: null, requestId: expect.any(String) },
      { action: "report.dismiss", actorId: curator.id, requestId: expect.any(String) },
    ]);
    expect(notificationsOf(t, owner.id).map((notice) => notice.kind)).toEqual([
      "artifact_hidden",
      "artifact_unhidden",
    ]);
    expect(notificationsOf(t, first!.id).map((notice) => notice.kind)).toContain(
      "report_dismissed",
    );
    expect(await doorsShowing(t, artifact)).toContain("list default");
  });

  it("is undone when a reporter withdraws their report (REST)", async () => {
    const artifact = await addArtifact(t, owner);
    const [first] = await hiddenBySpam(artifact);
    const withdrawn = await rest(t.app, "DELETE", `/artifacts/${artifact.id}/reports`, {
      cookie: first!.cookie,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ message: MESSAGES.reportWithdrawn });
    expect(stateOf(artifact.id).status).toBe("published");
    const again = await rest(t.app, "DELETE", `/artifacts/${artifact.id}/reports`, {
      cookie: first!.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MESSAGES.noOpenReport });
  });

  it("is undone when a reporter's account is deleted", async () => {
    const artifact = await addArtifact(t, owner);
    const leaver = await signUp(t.app);
    const leaving = { ...leaver.user, cookie: leaver.cookie };
    await establish(t, leaving);
    const others = [await establishedUser(t), await establishedUser(t)];
    for (const reporter of [leaving, ...others]) {
      await report(t, reporter, { id: artifact.id, reason: "spam" });
    }
    expect(stateOf(artifact.id).status).toBe("hidden");
    const deleted = await trpc(
      t.app,
      "mutation",
      "account.delete",
      { artifacts: "delete", password: leaver.input.password },
      leaver.cookie,
    );
    expect(deleted.status, deleted.response.body).toBe(200);
    expect(stateOf(artifact.id)).toEqual({ status: "published", reason: null, automatic: 0 });
    expect(auditActions(t, artifact.id).at(-1)).toMatchObject({
      action: "artifact.unhide",
      actorId: null,
    });
  });

  it("is a curator's once upheld, and then no dismissal undoes it", async () => {
    const artifact = await addArtifact(t, owner);
    await hiddenBySpam(artifact);
    // A hidden artifact takes no more reports: three is the most that can stand.
    expect(
      (await report(t, await establishedUser(t), { id: artifact.id, reason: "spam" })).status,
    ).toBe(404);
    const entries = (await queue(t, curator)).filter((entry) => entry.kind === "report");
    expect(entries).toHaveLength(3);
    await decided(t, curator, { entryId: entries[0]!.id, decision: "uphold" });
    expect(stateOf(artifact.id)).toEqual({ status: "hidden", reason: "Spam", automatic: 0 });
    await decided(t, curator, { entryId: entries[1]!.id, decision: "dismiss" });
    await decided(t, curator, { entryId: entries[2]!.id, decision: "dismiss" });
    expect(stateOf(artifact.id).status).toBe("hidden");
  });
});

describe("a curator's Unhide", () => {
  it("publishes any hidden artifact with a reason, even one that nothing in the queue is about", async () => {
    const artifact = await addArtifact(t, owner);
    // What the old rules left behind: hidden by spam reports that a curator then dismissed.
    t.db.$client
      .prepare(
        "update artifacts set status = 'hidden', status_reason = 'Spam', status_note = ? where id = ?",
      )
      .run(MESSAGES.spamAutoHideNote, artifact.id);
    t.db.$client.prepare("delete from review_queue where artifact_id = ?").run(artifact.id);

    const hidden = await trpc(t.app, "query", "review.hidden", {}, curator.cookie);
    expect((hidden.data as HiddenPage).items).toEqual([
      {
        artifact: expect.objectContaining({
          id: artifact.id,
          status: "hidden",
          statusReason: "Spam",
        }),
        automatic: false,
      },
    ]);
    const member = await createUserWithSession(t);
    expect((await trpc(t.app, "query", "review.hidden", {}, member.cookie)).status).toBe(403);
    const withoutReason = await trpc(
      t.app,
      "mutation",
      "review.unhide",
      { id: artifact.id },
      curator.cookie,
    );
    expect(withoutReason.status).toBe(400);

    const unhidden = await rest(t.app, "POST", `/artifacts/${artifact.id}/unhide`, {
      cookie: curator.cookie,
      body: { reason: "other", note: "Checked: a real artifact." },
    });
    expect(unhidden.statusCode, unhidden.body).toBe(200);
    expect(stateOf(artifact.id)).toEqual({ status: "published", reason: null, automatic: 0 });
    expect(revisionsOf(artifact.id).at(-1)).toEqual({ summary: "Unhidden", actorId: curator.id });
    const line = t.db.$client
      .prepare("select action, actor_id as actorId, details from audit_log where artifact_id = ?")
      .get(artifact.id);
    expect(line).toEqual({
      action: "artifact.unhide",
      actorId: curator.id,
      details: JSON.stringify({ reason: "Other" }),
    });
    expect(notificationsOf(t, owner.id).map((notice) => notice.kind)).toEqual([
      "artifact_unhidden",
    ]);
    expect(
      ((await trpc(t.app, "query", "review.hidden", {}, curator.cookie)).data as HiddenPage).items,
    ).toEqual([]);

    const twice = await trpc(
      t.app,
      "mutation",
      "review.unhide",
      { id: artifact.id, reason: "Other" },
      curator.cookie,
    );
    expect(twice.status).toBe(409);
    expect(twice.error?.message).toBe(MESSAGES.notHidden);
  });

  it("settles the spam reports it stood on, so they cannot hide it again; a curator's own stays theirs to leave", async () => {
    const artifact = await addArtifact(t, owner);
    const reporters = await hiddenBySpam(artifact);
    const unhidden = await trpc(
      t.app,
      "mutation",
      "review.unhide",
      { id: artifact.id, reason: "Other" },
      curator.cookie,
    );
    expect(unhidden.status, unhidden.response.body).toBe(200);
    expect((await queue(t, curator)).filter((entry) => entry.kind === "report")).toEqual([]);
    for (const reporter of reporters) {
      expect(notificationsOf(t, reporter.id).map((notice) => notice.kind)).toEqual([
        "report_dismissed",
      ]);
    }
    // A fourth report is one counting report, not the fourth of four.
    await report(t, await establishedUser(t), { id: artifact.id, reason: "spam" });
    expect(stateOf(artifact.id).status).toBe("published");

    const own = await addArtifact(t, curator);
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(own.id);
    const ownUnhide = await trpc(
      t.app,
      "mutation",
      "review.unhide",
      { id: own.id, reason: "Other" },
      curator.cookie,
    );
    expect(ownUnhide.status).toBe(403);
  });
});
