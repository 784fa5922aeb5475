import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, REVIEW_NOTE_MAX_LENGTH, type TrashPage } from "@artifact-atlas/shared";
import { buildApp } from "../../src/app";
import type { Every } from "../../src/jobs";
import { purgeExpiredTrash, TRASH_MS, TRASH_PURGE_INTERVAL_MS } from "../../src/services/trash";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, like } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import {
  auditActions,
  decide,
  decided,
  entryFor,
  establishedUser,
  notificationsOf,
  report,
} from "./support";

/* Reports and the trash (issue 17; decisions 052 and 053). */

let t: TestApp;
let owner: SignedInUser;
let reader: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  reader = await createUserWithSession(t, { name: "Rita Reader" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
});

afterEach(async () => {
  await t.close();
});

function statusOf(id: number) {
  return t.db.$client
    .prepare("select status, status_reason as reason from artifacts where id = ?")
    .get(id);
}

describe("reports", () => {
  it("queue a report once per person; upholding hides with the report's reason and tells both", async () => {
    const artifact = await addArtifact(t, owner);
    const first = await report(t, reader, {
      id: artifact.id,
      reason: "copyright",
      note: "Scan of a book.",
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ message: MESSAGES.reportReceived });
    const twice = await report(t, reader, { id: artifact.id, reason: "spam" });
    expect(twice.status).toBe(409);
    expect(twice.error?.message).toBe(MESSAGES.alreadyReported);

    const entry = await entryFor(t, curator, artifact.id, "report");
    expect(entry.report).toEqual({
      reason: "copyright",
      note: "Scan of a book.",
      fromNewAccount: true,
    });
    await decided(t, curator, { entryId: entry.id, decision: "uphold" });
    expect(statusOf(artifact.id)).toEqual({ status: "hidden", reason: "Copyright" });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    expect(notificationsOf(t, owner.id)).toContainEqual({
      kind: "artifact_hidden",
      artifactId: artifact.id,
      reason: "Copyright",
    });
    // The reporter learns how it was resolved (issue 29).
    expect(notificationsOf(t, reader.id)).toEqual([
      { kind: "report_upheld", artifactId: artifact.id, reason: "Copyright" },
    ]);
    expect(auditActions(t, artifact.id).map((a) => a.action)).toEqual(["report.uphold"]);
  });

  it("a dismissed report changes nothing but tells the reporter; they may report again", async () => {
    const artifact = await addArtifact(t, owner);
    await report(t, reader, { id: artifact.id, reason: "inaccurate" });
    const entry = await entryFor(t, curator, artifact.id, "report");
    await decided(t, curator, { entryId: entry.id, decision: "dismiss" });
    expect(statusOf(artifact.id)).toEqual({ status: "published", reason: null });
    expect(notificationsOf(t, reader.id).map((n) => n.kind)).toEqual(["report_dismissed"]);
    expect((await report(t, reader, { id: artifact.id, reason: "inaccurate" })).status).toBe(200);
  });

  it("owners cannot decide reports on their own artifacts, curators included", async () => {
    const own = await addArtifact(t, curator);
    await report(t, reader, { id: own.id, reason: "offensive" });
    const entry = await entryFor(t, curator, own.id, "report");
    expect(entry.ownArtifact).toBe(true);
    const result = await decide(t, curator, { entryId: entry.id, decision: "dismiss" });
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(MESSAGES.ownArtifactDecision);
  });

  it("three spam reports from three established accounts hide the artifact at once; a curator unhides it", async () => {
    const artifact = await addArtifact(t, owner);
    const reporters = [
      await establishedUser(t),
      await establishedUser(t),
      await establishedUser(t),
    ];
    await report(t, reporters[0]!, { id: artifact.id, reason: "spam" });
    await report(t, reporters[1]!, { id: artifact.id, reason: "spam" });
    expect(statusOf(artifact.id)).toEqual({ status: "published", reason: null });
    await report(t, reporters[2]!, { id: artifact.id, reason: "spam" });
    expect(statusOf(artifact.id)).toEqual({ status: "hidden", reason: "Spam" });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    expect(auditActions(t, artifact.id)).toEqual([
      { action: "artifact.hide", actorId: null, requestId: expect.any(String) },
    ]);
    // A hidden artifact cannot be reported again.
    expect((await report(t, curator, { id: artifact.id, reason: "spam" })).status).toBe(404);

    const entry = await entryFor(t, curator, artifact.id, "report");
    await decided(t, curator, { entryId: entry.id, decision: "unhide", reason: "Other" });
    expect(statusOf(artifact.id)).toEqual({ status: "published", reason: null });
  });

  it("refuses bad input with 400 and unknown or hidden artifacts with 404", async () => {
    const artifact = await addArtifact(t, owner);
    const long = "x".repeat(REVIEW_NOTE_MAX_LENGTH + 1);
    expect((await report(t, reader, { id: artifact.id, reason: "rude" })).status).toBe(400);
    expect((await report(t, reader, { id: artifact.id, reason: "other", note: long })).status).toBe(
      400,
    );
    expect((await report(t, reader, { id: 999_999, reason: "other" })).status).toBe(404);
    const anonymous = await trpc(t.app, "mutation", "reports.create", {
      id: artifact.id,
      reason: "spam",
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the trash", () => {
  async function trash(user: SignedInUser) {
    const result = await trpc(t.app, "query", "trash.list", {}, user.cookie);
    return result.data as TrashPage;
  }

  it("keeps a deleted artifact for curators, who restore it with its id and likes", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    await like(t, reader, artifact.id);
    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, owner.cookie);
    expect(await doorsShowing(t, artifact)).toEqual([]);

    const listed = await trash(curator);
    expect(listed.items.map((item) => item.artifact.id)).toEqual([artifact.id]);
    expect(listed.items[0]!.purgeAt - listed.items[0]!.deletedAt).toBe(TRASH_MS);

    const restored = await trpc(
      t.app,
      "mutation",
      "trash.restore",
      { id: artifact.id },
      curator.cookie,
    );
    expect(restored.data).toEqual({ id: artifact.id });
    const back = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(back.data).toMatchObject({ id: artifact.id, likeCount: 1 });
    expect(await doorsShowing(t, artifact)).toContain("list search (2) desc");
    expect((await trash(curator)).items).toEqual([]);
    expect(auditActions(t, artifact.id).map((a) => a.action)).toEqual([
      "artifact.delete",
      "artifact.restore",
    ]);
    const again = await trpc(
      t.app,
      "mutation",
      "trash.restore",
      { id: artifact.id },
      curator.cookie,
    );
    expect(again.status).toBe(404);
  });

  it("is closed to members", async () => {
    const artifact = await addArtifact(t, owner);
    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, owner.cookie);
    expect((await trpc(t.app, "query", "trash.list", {}, owner.cookie)).status).toBe(403);
    const restore = await trpc(
      t.app,
      "mutation",
      "trash.restore",
      { id: artifact.id },
      owner.cookie,
    );
    expect(restore.status).toBe(403);
    expect((await trash(curator)).total).toBe(1);
  });

  it("is purged after 30 days, at start and every hour, on a clock the test controls", async () => {
    const old = await addArtifact(t, owner);
    const recent = await addArtifact(t, owner);
    await like(t, reader, old.id);
    await report(t, reader, { id: old.id, reason: "spam" });
    const day = 24 * 60 * 60 * 1000;
    const start = Date.parse("2026-11-01T00:00:00Z");
    const deletedAt = t.db.$client.prepare("update artifacts set deleted_at = ? where id = ?");
    deletedAt.run(start, old.id);
    deletedAt.run(start + 2 * day, recent.id);

    let now = start + 30 * day - 1;
    // The server's hourly jobs (the trash purge among them), run when the test says.
    const hourly: (() => void)[] = [];
    const every: Every = (ms, run) => {
      if (ms === TRASH_PURGE_INTERVAL_MS) hourly.push(run);
      return () => hourly.splice(0);
    };
    const server = await buildApp({ env: t.env, db: t.db, now: () => now, every });
    await server.ready();
    const count = () => t.db.$client.prepare("select count(*) as n from artifacts").get();
    expect(count()).toEqual({ n: 2 });

    now = start + 30 * day;
    for (const run of hourly) run();
    expect(t.db.$client.prepare("select id from artifacts").pluck().all()).toEqual([recent.id]);
    expect(t.db.$client.prepare("select count(*) as n from likes").get()).toEqual({ n: 0 });
    expect(
      t.db.$client
        .prepare("select count(*) as n from review_queue where artifact_id = ?")
        .get(old.id),
    ).toEqual({ n: 0 });
    expect(auditActions(t, old.id).map((a) => a.action)).toEqual(["artifact.purge"]);

    now = start + 32 * day;
    for (const run of hourly) run();
    expect(count()).toEqual({ n: 0 });
    await server.close();
    expect(hourly).toEqual([]);
    expect(purgeExpiredTrash(t.db, now)).toEqual({ purged: 0 });
  });
});

describe("the REST doors", () => {
  it("report, read the queue, decide, and list and restore the trash", async () => {
    const artifact = await addArtifact(t, owner);
    // An established reporter: a new account's report waits in its own group (issue 28).
    const regular = await establishedUser(t, { name: "Reg Regular" });
    const reported = await rest(t.app, "POST", `/artifacts/${artifact.id}/reports`, {
      cookie: regular.cookie,
      body: { reason: "offensive", note: "Slur in the text." },
    });
    expect(reported.statusCode).toBe(201);
    const queue = await rest(t.app, "GET", "/review-queue", { cookie: curator.cookie });
    expect(queue.statusCode).toBe(200);
    const items = (
      queue.json() as { items: { id: number; kind: string; revision: number; version: number }[] }
    ).items;
    expect(items.map((item) => item.kind)).toEqual(["new", "report"]);
    const forbidden = await rest(t.app, "GET", "/review-queue", { cookie: reader.cookie });
    expect(forbidden.statusCode).toBe(403);

    const { id: entryId, revision, version } = items[1]!;
    const decision = await rest(t.app, "POST", `/review-queue/${entryId}`, {
      cookie: curator.cookie,
      body: { decision: "hide", reason: "offensive", revision, version },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect(statusOf(artifact.id)).toEqual({ status: "hidden", reason: "Offensive" });
    const second = await rest(t.app, "POST", `/review-queue/${entryId}`, {
      cookie: curator.cookie,
      body: { decision: "dismiss", revision, version },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: MESSAGES.alreadyDecided("Cora Curator") });

    await rest(t.app, "DELETE", `/artifacts/${artifact.id}`, { cookie: owner.cookie });
    const trash = await rest(t.app, "GET", "/trash", { cookie: curator.cookie });
    expect((trash.json() as TrashPage).total).toBe(1);
    const restored = await rest(t.app, "POST", `/trash/${artifact.id}/restore`, {
      cookie: curator.cookie,
    });
    expect(restored.statusCode).toBe(200);
    // Restored as it was: still hidden.
    expect(statusOf(artifact.id)).toEqual({ status: "hidden", reason: "Offensive" });
    const reasons = await rest(t.app, "GET", "/review-reasons", { cookie: curator.cookie });
    expect(reasons.json()).toHaveLength(7);
  });
});
