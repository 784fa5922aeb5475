import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REVIEW_NOTE_MAX_LENGTH } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { REPORT_RULES } from "../../src/rate-limit";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { entryFor } from "../review/support";

/*
 * Attacks on issue 17's doors (reports, the review queue, decisions, reasons, the trash), over
 * tRPC and REST: no member reaches a curator's power, no body field chooses who decided or what
 * status results, a race decides once, floods leave one report, and nothing answers 5xx.
 */

let t: TestApp;
let member: SignedInUser;
let owner: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  member = await createUserWithSession(t);
  owner = await createUserWithSession(t);
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
});

afterEach(async () => {
  await t.close();
});

function statusOf(id: number) {
  return t.db.$client
    .prepare("select status, deleted_at as deletedAt from artifacts where id = ?")
    .get(id);
}

describe("a member posing as a curator", () => {
  it("is refused by every curator and admin door, and changes nothing", async () => {
    const artifact = await addArtifact(t, owner);
    const entry = await entryFor(t, curator, artifact.id, "new");
    await rest(t.app, "DELETE", `/artifacts/${artifact.id}`, { cookie: owner.cookie });
    // A role claimed in the body, the query or a header is not the session's.
    const claims = { role: "admin", userRole: "curator" };
    const answers = await Promise.all([
      rest(t.app, "GET", "/review-queue?role=curator", { cookie: member.cookie }),
      rest(t.app, "POST", `/review-queue/${entry.id}`, {
        cookie: member.cookie,
        body: { decision: "reject", reason: "Spam", ...claims },
      }),
      rest(t.app, "GET", "/review-reasons", { cookie: member.cookie }),
      rest(t.app, "GET", "/trash", { cookie: member.cookie, headers: { "x-role": "admin" } }),
      rest(t.app, "POST", `/trash/${artifact.id}/restore`, { cookie: member.cookie, body: claims }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
    const viaTrpc = await Promise.all([
      trpc(
        t.app,
        "mutation",
        "review.decide",
        { entryId: entry.id, decision: "approve" },
        member.cookie,
      ),
      trpc(t.app, "mutation", "review.addReason", { label: "Anything" }, curator.cookie),
      trpc(t.app, "mutation", "review.removeReason", { id: 1 }, member.cookie),
      trpc(t.app, "mutation", "trash.restore", { id: artifact.id }, member.cookie),
    ]);
    expect(viaTrpc.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect(statusOf(artifact.id)).toMatchObject({
      status: "published",
      deletedAt: expect.any(Number),
    });
    expect(t.db.$client.prepare("select count(*) as n from review_reasons").get()).toEqual({
      n: 7,
    });
  });

  it("cannot choose the decider, the status or the time through the body", async () => {
    const artifact = await addArtifact(t, owner);
    const entry = await entryFor(t, curator, artifact.id, "new");
    const answer = await rest(t.app, "POST", `/review-queue/${entry.id}`, {
      cookie: curator.cookie,
      body: {
        decision: "approve",
        revision: entry.revision,
        version: entry.version,
        decidedBy: member.id,
        decidedAt: 0,
        status: "hidden",
        entryId: 999,
      },
    });
    expect(answer.statusCode).toBe(200);
    const row = t.db.$client
      .prepare("select decided_by as by, decision from review_queue where id = ?")
      .get(entry.id);
    expect(row).toEqual({ by: curator.id, decision: "approve" });
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
  });
});

describe("the doors of issues 28 and 29", () => {
  it("refuse members every curator's call, however they dress it, and change nothing", async () => {
    const artifact = await addArtifact(t, owner);
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifact.id);
    const claims = { role: "curator", decidedBy: curator.id };
    const answers = await Promise.all([
      rest(t.app, "GET", "/review-queue/groups", { cookie: member.cookie }),
      rest(t.app, "GET", "/review-queue?group=new-accounts", { cookie: member.cookie }),
      rest(t.app, "POST", "/review-queue/imports/1", {
        cookie: member.cookie,
        body: { decision: "approve", waiting: 1, lastRevisionId: 1, ...claims },
      }),
      rest(t.app, "POST", "/review-queue/new-account-reports/dismiss", {
        cookie: member.cookie,
        body: { upTo: 1_000_000, ...claims },
      }),
      rest(t.app, "GET", "/hidden-artifacts", { cookie: member.cookie }),
      rest(t.app, "POST", `/artifacts/${artifact.id}/unhide`, {
        cookie: member.cookie,
        body: { reason: "Other", ...claims },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    const viaTrpc = await Promise.all([
      trpc(t.app, "query", "review.groups", undefined, member.cookie),
      trpc(t.app, "query", "review.hidden", {}, member.cookie),
      trpc(t.app, "mutation", "review.unhide", { id: artifact.id, reason: "Other" }, member.cookie),
      trpc(t.app, "mutation", "review.dismissNewAccountReports", { upTo: 1 }, member.cookie),
      trpc(
        t.app,
        "mutation",
        "review.decideImport",
        { importId: 1, decision: "approve", waiting: 1, lastRevisionId: 1 },
        member.cookie,
      ),
    ]);
    expect(viaTrpc.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    expect(statusOf(artifact.id)).toMatchObject({ status: "hidden" });
    const anonymous = await rest(t.app, "POST", `/artifacts/${artifact.id}/unhide`, {
      body: { reason: "Other" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("withdraw only the caller's own report: another's stays", async () => {
    const artifact = await addArtifact(t, owner);
    await rest(t.app, "POST", `/artifacts/${artifact.id}/reports`, {
      cookie: member.cookie,
      body: { reason: "spam" },
    });
    const other = await createUserWithSession(t);
    const answers = await Promise.all([
      rest(t.app, "DELETE", `/artifacts/${artifact.id}/reports`, {
        cookie: other.cookie,
        body: { submittedBy: member.id },
      }),
      trpc(t.app, "mutation", "reports.withdraw", { id: artifact.id }, other.cookie),
      rest(t.app, "DELETE", `/artifacts/${artifact.id}/reports`),
    ]);
    expect(
      answers.map((answer) => ("statusCode" in answer ? answer.statusCode : answer.status)),
    ).toEqual([404, 404, 401]);
    const open = t.db.$client
      .prepare("select count(*) from review_queue where kind = 'report'")
      .pluck()
      .get();
    expect(open).toBe(1);
  });

  it("answer hostile input with 4xx, never 5xx, and decide nothing", async () => {
    const artifact = await addArtifact(t, owner);
    const cases: [string, string, unknown][] = [
      ["POST", "/review-queue/imports/abc", { decision: "approve", waiting: 1, lastRevisionId: 1 }],
      ["POST", "/review-queue/imports/0", { decision: "approve", waiting: 1, lastRevisionId: 1 }],
      ["POST", "/review-queue/imports/1", { decision: "approve", waiting: -1, lastRevisionId: 1 }],
      ["POST", "/review-queue/imports/1", { decision: "approve", waiting: "1", lastRevisionId: 1 }],
      ["POST", "/review-queue/imports/1", { decision: "uphold", waiting: 1, lastRevisionId: 1 }],
      ["POST", "/review-queue/imports/999", { decision: "approve", waiting: 1, lastRevisionId: 1 }],
      ["POST", "/review-queue/new-account-reports/dismiss", { upTo: 0 }],
      ["POST", "/review-queue/new-account-reports/dismiss", { upTo: "all" }],
      ["POST", `/review-queue/1`, { decision: "approve", revision: 1.5, version: 1 }],
      ["POST", `/review-queue/1`, { decision: "approve", revision: "1", version: 1 }],
      ["POST", `/review-queue/1`, { decision: "approve", revision: 99, version: 1 }],
      ["POST", `/artifacts/${artifact.id}/unhide`, { reason: "x".repeat(10_000) }],
      ["POST", `/artifacts/${artifact.id}/unhide`, { reason: "Other" }],
      ["POST", "/artifacts/0/unhide", { reason: "Other" }],
      ["GET", "/review-queue?group=everything", undefined],
      ["GET", "/review-queue?importId=-1", undefined],
      ["GET", "/hidden-artifacts?limit=100000", undefined],
      ["GET", "/hidden-artifacts?cursor=-1", undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await rest(t.app, method as "GET" | "POST", url, {
        cookie: curator.cookie,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json(), `${method} ${url}`).toHaveProperty("error");
    }
    const decided = t.db.$client
      .prepare("select count(*) from review_queue where decided_at is not null")
      .pluck()
      .get();
    expect(decided).toBe(0);
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
  });
});

describe("races and floods", () => {
  it("decides an entry once when two curators send 30 decisions at the same time", async () => {
    const second = await createUserWithSession(t, { role: "curator" });
    const artifact = await addArtifact(t, owner);
    const entry = await entryFor(t, curator, artifact.id, "new");
    const seen = { revision: entry.revision, version: entry.version };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? trpc(
              t.app,
              "mutation",
              "review.decide",
              { entryId: entry.id, decision: "reject", reason: "Spam", ...seen },
              curator.cookie,
            )
          : rest(t.app, "POST", `/review-queue/${entry.id}`, {
              cookie: second.cookie,
              body: { decision: "hide", reason: "Offensive", ...seen },
            }).then((response) => ({ status: response.statusCode })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const audit = t.db.$client
      .prepare("select count(*) as n from audit_log where artifact_id = ?")
      .get(artifact.id);
    expect(audit).toEqual({ n: 1 });
    const told = t.db.$client.prepare("select count(*) as n from notifications where user_id = ?");
    expect(told.get(owner.id)).toEqual({ n: 1 });
  });

  it("keeps one open report per person however many arrive at once; the rest wait their turn", async () => {
    const artifact = await addArtifact(t, owner);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        rest(t.app, "POST", `/artifacts/${artifact.id}/reports`, {
          cookie: member.cookie,
          body: { reason: "spam" },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // Ten reports an hour per account (REPORT_RULES): nine more are refused as duplicates, and the
    // account's bucket refuses the other fifteen before anything is read (issue 28).
    expect(statuses.filter((status) => status === 409)).toHaveLength(
      REPORT_RULES.perAccount.limit - 1,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      25 - REPORT_RULES.perAccount.limit,
    );
    // One account's reports never reach the three accounts that hide an artifact.
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
  });
});

describe("malformed input", () => {
  it("answers 4xx, never 5xx, and stores nothing", async () => {
    const artifact = await addArtifact(t, owner);
    const cases: [string, string, unknown][] = [
      [
        "POST",
        `/artifacts/${artifact.id}/reports`,
        { reason: "spam", note: "x".repeat(REVIEW_NOTE_MAX_LENGTH + 1) },
      ],
      ["POST", `/artifacts/${artifact.id}/reports`, { reason: ["spam"] }],
      ["POST", `/artifacts/${artifact.id}/reports`, { reason: "spam", note: "\ud800" }],
      ["POST", "/artifacts/abc/reports", { reason: "spam" }],
      ["POST", "/artifacts/1e400/reports", { reason: "spam" }],
      ["POST", "/review-queue/-1", { decision: "approve" }],
      ["POST", "/review-queue/abc", { decision: "approve" }],
      ["POST", "/review-queue/99999999999999999999", { decision: "approve" }],
      ["POST", "/review-queue/1", { decision: { $ne: null } }],
      ["POST", "/review-queue/1", { decision: "reject", reason: "x".repeat(10_000) }],
      ["GET", "/review-queue?limit=100000", undefined],
      ["GET", "/review-queue?cursor=-5", undefined],
      ["GET", "/trash?page=0", undefined],
      ["GET", "/trash?limit=1000000", undefined],
      ["POST", "/trash/0/restore", undefined],
      ["POST", `/trash/${artifact.id}/restore`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await rest(t.app, method as "GET" | "POST", url, {
        cookie: method === "POST" && url.includes("/reports") ? member.cookie : curator.cookie,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json(), `${method} ${url}`).toHaveProperty("error");
    }
    const huge = await rest(t.app, "POST", `/artifacts/${artifact.id}/reports`, {
      cookie: member.cookie,
      payload: JSON.stringify({ reason: "spam", note: "x".repeat(200_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
    const stored = t.db.$client.prepare(
      "select count(*) as n from review_queue where kind = 'report'",
    );
    expect(stored.get()).toEqual({ n: 0 });
  });
});
