import { afterEach, describe, expect, it } from "vitest";
import {
  MESSAGES,
  type ImportReport,
  type NotificationItem,
  type QueueEntry,
  type ReviewedArtifact,
  type WaitingImport,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decide, decided, entryFor, notificationsOf, queue } from "./support";

/*
 * Issue 28, "Decisions on what was seen" and "Review at the scale of an import". Before: in
 * REVIEW_MODE=pre a member edited an entry after the curator opened it, and the approval published
 * text the curator never saw; an importing curator could do the same to their own import after
 * another curator loaded the queue; and every imported row waited for its own click. Now a
 * decision names the revision and version it was made on, and one decision covers an import.
 */

let t: TestApp;
let member: SignedInUser;
let curator: SignedInUser;

async function start(reviewMode: "post" | "pre") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  member = await createUserWithSession(t, { name: "Mia Member" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
}

afterEach(async () => {
  await t.close();
});

async function edit(user: SignedInUser, id: number, name: string) {
  const result = await trpc(
    t.app,
    "mutation",
    "artifacts.update",
    { id, fields: artifactFields({ artifactName: name }) },
    user.cookie,
  );
  expect(result.status, result.response.body).toBe(200);
  return result.data as ReviewedArtifact;
}

function nameOf(id: number): string {
  return t.db.$client
    .prepare("select artifact_name from artifacts where id = ?")
    .pluck()
    .get(id) as string;
}

function decisionOf(entryId: number) {
  return t.db.$client
    .prepare("select decision, decided_by as decidedBy from review_queue where id = ?")
    .get(entryId);
}

describe("bait and switch in REVIEW_MODE=pre", () => {
  it("refuses an approval of a waiting edit replaced after the curator opened it, and shows the new one", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Mirror" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "approve",
    });
    await edit(member, artifact.id, "Bronze Mirror, Etruscan");
    const opened = await entryFor(t, curator, artifact.id, "edit");
    expect(opened.proposed?.artifactName).toBe("Bronze Mirror, Etruscan");

    // After the curator opened it, the member swaps the text.
    await edit(member, artifact.id, "Buy cheap watches at example.com");
    const approval = await decide(t, curator, {
      entryId: opened.id,
      decision: "approve",
      revision: opened.revision,
      version: opened.version,
    });
    expect(approval.status).toBe(409);
    expect(approval.error?.message).toBe(MESSAGES.entryChanged);
    expect(nameOf(artifact.id)).toBe("Bronze Mirror");
    expect(decisionOf(opened.id)).toEqual({ decision: null, decidedBy: null });

    // The queue shows the new version, which the curator may now judge.
    const shown = await entryFor(t, curator, artifact.id, "edit");
    expect(shown).toMatchObject({ id: opened.id, version: opened.version + 1 });
    expect(shown.proposed?.artifactName).toBe("Buy cheap watches at example.com");
    await decided(t, curator, {
      entryId: shown.id,
      decision: "reject",
      reason: "Not historical",
      revision: shown.revision,
      version: shown.version,
    });
    expect(nameOf(artifact.id)).toBe("Bronze Mirror");
  });

  it("refuses over REST too, and a decision that does not say what it saw is invalid", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member);
    const opened = await entryFor(t, curator, artifact.id, "new");
    await edit(member, artifact.id, "Renamed while pending");
    const stale = await rest(t.app, "POST", `/review-queue/${opened.id}`, {
      cookie: curator.cookie,
      body: { decision: "approve", revision: opened.revision, version: opened.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: MESSAGES.entryChanged });
    const blind = await rest(t.app, "POST", `/review-queue/${opened.id}`, {
      cookie: curator.cookie,
      body: { decision: "approve" },
    });
    expect(blind.statusCode).toBe(400);
    expect(
      t.db.$client.prepare("select status from artifacts where id = ?").pluck().get(artifact.id),
    ).toBe("pending");
  });

  it("is no refusal when a newer revision only decided something: the fields the curator saw stand", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member);
    await edit(member, artifact.id, "A clearer name");
    const entries = (await queue(t, curator)).filter((entry) => entry.artifact.id === artifact.id);
    expect(entries.map((entry) => [entry.kind, entry.revision])).toEqual([
      ["new", 2],
      ["edit", 2],
    ]);
    const [created, edited] = entries as [QueueEntry, QueueEntry];
    // Approving the artifact adds revision 3 ("Approved"), which changes no field.
    await decided(t, curator, {
      entryId: created.id,
      decision: "approve",
      revision: 2,
      version: 1,
    });
    await decided(t, curator, { entryId: edited.id, decision: "approve", revision: 2, version: 1 });
    expect(decisionOf(edited.id)).toEqual({ decision: "approve", decidedBy: curator.id });
  });
});

describe("an import under review", () => {
  let importer: SignedInUser;
  let colleague: SignedInUser;

  async function startWithImport(names: string[]) {
    await start("post");
    importer = await createUserWithSession(t, { role: "curator", name: "Ian Importer" });
    colleague = curator;
    const response = await rest(t.app, "POST", "/imports?dryRun=false&fileName=museum.json", {
      cookie: importer.cookie,
      payload: JSON.stringify(names.map((artifactName) => artifactFields({ artifactName }))),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const importId = (response.json() as ImportReport).importId!;
    const ids = t.db.$client
      .prepare(
        "select artifact_id from imported_artifacts where import_id = ? order by artifact_id",
      )
      .pluck()
      .all(importId) as number[];
    return { importId, ids };
  }

  async function waiting(reader = colleague): Promise<WaitingImport[]> {
    const result = await trpc(t.app, "query", "review.groups", undefined, reader.cookie);
    return (result.data as { imports: WaitingImport[] }).imports;
  }

  function decideImport(user: SignedInUser, input: Record<string, unknown>) {
    return trpc(t.app, "mutation", "review.decideImport", input, user.cookie);
  }

  function statuses(ids: number[]) {
    return ids.map(
      (id) =>
        t.db.$client.prepare("select status from artifacts where id = ?").pluck().get(id) as string,
    );
  }

  it("is approved by one decision: one notification to the importer and one audit line", async () => {
    const { importId, ids } = await startWithImport(["Amphora", "Lyre", "Strigil", "Kylix"]);
    const [shown] = await waiting();
    expect(shown).toMatchObject({
      importId,
      fileName: "museum.json",
      importerName: "Ian Importer",
      waiting: 4,
      ownImport: false,
    });
    expect((await waiting(importer))[0]?.ownImport).toBe(true);
    const rows = await queue(t, colleague, { importId });
    expect(rows.map((row) => row.artifact.artifactName)).toEqual([
      "Amphora",
      "Lyre",
      "Strigil",
      "Kylix",
    ]);
    expect(rows.every((row) => row.importId === importId)).toBe(true);

    const answer = await decideImport(colleague, {
      importId,
      decision: "approve",
      waiting: shown!.waiting,
      lastRevisionId: shown!.lastRevisionId,
    });
    expect(answer.status, answer.response.body).toBe(200);
    expect(answer.data).toEqual({ importId, decision: "approve", decided: 4 });
    expect(statuses(ids)).toEqual(["published", "published", "published", "published"]);
    const revisions = t.db.$client
      .prepare(
        "select artifact_id as id, number, actor_id as actorId, summary, fields from artifact_revisions where summary = 'Approved' order by artifact_id",
      )
      .all() as { id: number; number: number; actorId: number; summary: string; fields: string }[];
    expect(revisions.map(({ fields: _fields, ...rest }) => rest)).toEqual(
      ids.map((id) => ({ id, number: 2, actorId: colleague.id, summary: "Approved" })),
    );
    expect(JSON.parse(revisions[0]!.fields)).toEqual(
      t.db.$client
        .prepare("select fields from artifact_revisions where artifact_id = ? and number = 1")
        .pluck()
        .all(ids[0])
        .map((text) => JSON.parse(text as string))[0],
    );
    expect(notificationsOf(t, importer.id)).toEqual([
      { kind: "import_approved", artifactId: null, reason: null },
    ]);
    const bell = await trpc(t.app, "query", "notifications.list", {}, importer.cookie);
    expect((bell.data as { items: NotificationItem[] }).items[0]).toMatchObject({
      importId,
      text: "Your import “museum.json” was approved: its artifacts are published.",
    });
    const audit = t.db.$client
      .prepare(
        "select action, actor_id as actorId, details from audit_log where action like 'import.%' order by id",
      )
      .all();
    expect(audit).toEqual([
      expect.objectContaining({ action: "import.run" }),
      {
        action: "import.approve",
        actorId: colleague.id,
        details: JSON.stringify({ import: String(importId), entries: "4", artifacts: "4" }),
      },
    ]);
    expect(await waiting()).toEqual([]);
    // The importer is now established: something of theirs was approved.
    expect(
      t.db.$client
        .prepare(
          "select count(*) from review_queue where submitted_by = ? and decision = 'approve'",
        )
        .pluck()
        .get(importer.id),
    ).toBe(4);
  });

  it("lets single rows be picked out, then covers the rest", async () => {
    const { importId, ids } = await startWithImport(["Amphora", "Forgery", "Strigil"]);
    const before = (await waiting())[0]!;
    const forgery = await entryFor(t, colleague, ids[1]!, "new");
    await decided(t, colleague, {
      entryId: forgery.id,
      decision: "reject",
      reason: "Not historical",
    });
    // What the curator was shown before moved: refused.
    const stale = await decideImport(colleague, {
      importId,
      decision: "approve",
      waiting: before.waiting,
      lastRevisionId: before.lastRevisionId,
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(MESSAGES.importChanged);

    const now = (await waiting())[0]!;
    expect(now.waiting).toBe(2);
    const answer = await decideImport(colleague, {
      importId,
      decision: "approve",
      waiting: now.waiting,
      lastRevisionId: now.lastRevisionId,
    });
    expect(answer.status, answer.response.body).toBe(200);
    expect(statuses(ids)).toEqual(["published", "rejected", "published"]);
  });

  it("is rejected as a whole with a reason, over REST; the importer and strangers cannot decide it", async () => {
    const { importId, ids } = await startWithImport(["Amphora", "Lyre"]);
    const shown = (await waiting())[0]!;
    const seen = { waiting: shown.waiting, lastRevisionId: shown.lastRevisionId };
    const own = await decideImport(importer, { importId, decision: "approve", ...seen });
    expect(own.status).toBe(403);
    const noReason = await rest(t.app, "POST", `/review-queue/imports/${importId}`, {
      cookie: colleague.cookie,
      body: { decision: "reject", ...seen },
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await rest(t.app, "POST", `/review-queue/imports/${importId}`, {
      cookie: colleague.cookie,
      body: {
        decision: "reject",
        reason: "duplicate",
        note: "Already in the collection.",
        ...seen,
      },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(statuses(ids)).toEqual(["rejected", "rejected"]);
    expect(notificationsOf(t, importer.id)).toEqual([
      { kind: "import_rejected", artifactId: null, reason: "Duplicate" },
    ]);
    const again = await rest(t.app, "POST", `/review-queue/imports/${importId}`, {
      cookie: colleague.cookie,
      body: { decision: "approve", ...seen },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MESSAGES.importNotWaiting });
  });

  it("sees the importer's edit after the queue was loaded: reviewed as an edit, and every stale decision refused", async () => {
    const { importId, ids } = await startWithImport(["Amphora", "Lyre"]);
    const shown = (await waiting())[0]!;
    const row = await entryFor(t, colleague, ids[0]!, "new");
    // Before: the importer's edit was published with the approval its colleague gave the old text.
    const switched = await edit(importer, ids[0]!, "Amphora (buy replicas at example.com)");
    expect(switched.status).toBe("pending");

    const single = await decide(t, colleague, {
      entryId: row.id,
      decision: "approve",
      revision: row.revision,
      version: row.version,
    });
    expect(single.status).toBe(409);
    expect(single.error?.message).toBe(MESSAGES.entryChanged);
    const whole = await decideImport(colleague, {
      importId,
      decision: "approve",
      waiting: shown.waiting,
      lastRevisionId: shown.lastRevisionId,
    });
    expect(whole.status).toBe(409);
    expect(statuses(ids)).toEqual(["pending", "pending"]);

    // The edit waits among the import's rows, sent by the importer, who cannot decide it.
    const rows = await queue(t, colleague, { importId });
    const editEntry = rows.find((entry) => entry.kind === "edit")!;
    expect(editEntry).toMatchObject({ submittedByName: "Ian Importer", importId });
    expect(editEntry.before?.artifactName).toBe("Amphora");
    expect(editEntry.proposed?.artifactName).toBe("Amphora (buy replicas at example.com)");
    const ownEdit = await decide(t, importer, { entryId: editEntry.id, decision: "approve" });
    expect(ownEdit.status).toBe(403);

    const now = (await waiting())[0]!;
    expect(now.waiting).toBe(3);
    const answer = await decideImport(colleague, {
      importId,
      decision: "approve",
      waiting: now.waiting,
      lastRevisionId: now.lastRevisionId,
    });
    expect(answer.data).toMatchObject({ decided: 3 });
    expect(statuses(ids)).toEqual(["published", "published"]);
  });
});
