import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COLLECTION_MESSAGES,
  MESSAGES,
  type CollectionDetail,
  type CollectionPage,
  type ReportedCollectionPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { insertArtifacts } from "./support/harvesting";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { webBuildStandIn } from "./support/web-build";

/*
 * Reports and curator hiding of collections (issue 32): a member reports a public collection, a
 * curator sees it on the review screen and hides it with a reason; hidden, it is invisible through
 * every door to everyone but its owner (who is told) and curators, until a curator unhides it.
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let owner: SignedInUser;
let helper: SignedInUser;
let reporter: SignedInUser;
let curator: SignedInUser;
let collection: CollectionDetail;

beforeEach(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  helper = await createUserWithSession(t, { name: "Hal Helper" });
  reporter = await createUserWithSession(t, { name: "Rita Reporter" });
  curator = await createUserWithSession(t, { name: "Cora Curator", role: "curator" });
  collection = await call<CollectionDetail>(
    "mutation",
    "collections.create",
    { title: "Rude words in stone", visibility: "public" },
    owner,
  );
  await call(
    "mutation",
    "collections.addItems",
    { id: collection.id, artifactIds: insertArtifacts(t.db, 2) },
    owner,
  );
  await call(
    "mutation",
    "collections.addCollaborator",
    { id: collection.id, userId: helper.id },
    owner,
  );
});

afterEach(async () => {
  await t.close();
  web.remove();
});

async function call<T>(
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  user?: SignedInUser,
): Promise<T> {
  const result = await trpc(t.app, kind, path, input, user?.cookie);
  if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.response.body}`);
  return result.data as T;
}

async function status(
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  user?: SignedInUser,
) {
  const result = await trpc(t.app, kind, path, input, user?.cookie);
  return { status: result.status, message: result.error?.message ?? "" };
}

/** Whether `viewer` sees the collection through each door, as statuses. */
async function doors(id: number, viewer?: SignedInUser) {
  const cookie = viewer?.cookie;
  const withCookie = cookie ? { cookie } : {};
  const statuses: Record<string, number | boolean> = {};
  for (const [path, input] of [
    ["collections.byId", { id }],
    ["collections.items", { id }],
    ["collections.history", { id }],
    ["artifacts.list", { collection: id }],
  ] as const) {
    statuses[path] = (await trpc(t.app, "query", path, input, cookie)).status;
  }
  for (const url of [
    `/collections/${id}`,
    `/collections/${id}/items`,
    `/artifacts?collection=${id}`,
    `/collections/${id}/feed.atom`,
  ]) {
    statuses[url.replace(String(id), "ID")] = (
      await rest(t.app, "GET", url, withCookie)
    ).statusCode;
  }
  const page = await t.app.inject({
    method: "GET",
    url: `/c/${id}`,
    headers: { accept: "text/html", ...withCookie },
  });
  statuses["/c/ID"] = page.statusCode;
  const listed = await call<CollectionPage>("query", "collections.list", {}, viewer);
  statuses.listed = listed.items.some((item) => item.id === id);
  return statuses;
}

function auditActions(): string[] {
  return t.db.$client
    .prepare("select action from audit_log where action like 'collection.%' order by id")
    .pluck()
    .all() as string[];
}

describe("reporting a collection", () => {
  it("waits for a curator, once per member, and hides nothing by itself", async () => {
    const sent = await call<{ message: string }>(
      "mutation",
      "collections.report",
      { id: collection.id, reason: "offensive", note: "Look at item 2" },
      reporter,
    );
    expect(sent.message).toBe(MESSAGES.reportReceived);
    expect(
      await status(
        "mutation",
        "collections.report",
        { id: collection.id, reason: "spam" },
        reporter,
      ),
    ).toEqual({ status: 409, message: COLLECTION_MESSAGES.alreadyReported });
    // Over REST, a second member.
    const viaRest = await rest(t.app, "POST", `/collections/${collection.id}/reports`, {
      cookie: curator.cookie,
      body: { reason: "spam" },
    });
    expect(viaRest.statusCode).toBe(201);
    expect(
      (await call<CollectionDetail>("query", "collections.byId", { id: collection.id })).status,
    ).toBe("published");

    const reported = await call<ReportedCollectionPage>(
      "query",
      "collections.reported",
      {},
      curator,
    );
    expect(reported.total).toBe(1);
    expect(reported.items[0]).toMatchObject({
      collection: {
        id: collection.id,
        title: "Rude words in stone",
        owner: { name: "Olive Owner" },
      },
      reportCount: 2,
    });
    expect(reported.items[0]!.reports.map((report) => [report.reason, report.note])).toEqual([
      ["spam", null],
      ["offensive", "Look at item 2"],
    ]);
    // Members do not read the curators' list.
    expect((await status("query", "collections.reported", {}, reporter)).status).toBe(403);
  });

  it("refuses one's own, a private one (as unknown) and nonsense", async () => {
    expect(
      await status("mutation", "collections.report", { id: collection.id, reason: "spam" }, owner),
    ).toEqual({ status: 400, message: COLLECTION_MESSAGES.notReportable });
    const secret = await call<CollectionDetail>(
      "mutation",
      "collections.create",
      { title: "Secret", visibility: "private" },
      owner,
    );
    expect(
      await status("mutation", "collections.report", { id: secret.id, reason: "spam" }, reporter),
    ).toEqual(
      await status(
        "mutation",
        "collections.report",
        { id: secret.id + 99, reason: "spam" },
        reporter,
      ),
    );
    expect(
      (
        await status(
          "mutation",
          "collections.report",
          { id: collection.id, reason: "boring" },
          reporter,
        )
      ).status,
    ).toBe(400);
    expect(
      (await status("mutation", "collections.report", { id: collection.id, reason: "spam" }))
        .status,
    ).toBe(401);
  });
});

describe("a curator hides a collection", () => {
  it("keeps it from everyone but its owner and curators, through every door, until unhidden", async () => {
    await call(
      "mutation",
      "collections.report",
      { id: collection.id, reason: "offensive" },
      reporter,
    );
    const before = await doors(collection.id, reporter);
    expect(Object.values(before).every((value) => value === 200 || value === true)).toBe(true);

    const hidden = await call<CollectionDetail>(
      "mutation",
      "collections.hide",
      { id: collection.id, reason: "Offensive", note: "Slurs in the notes" },
      curator,
    );
    expect(hidden).toMatchObject({ status: "hidden", hiddenReason: "Offensive" });

    const unseen = {
      "collections.byId": 404,
      "collections.items": 404,
      "collections.history": 404,
      "artifacts.list": 404,
      "/collections/ID": 404,
      "/collections/ID/items": 404,
      "/artifacts?collection=ID": 404,
      "/collections/ID/feed.atom": 404,
      "/c/ID": 404,
      listed: false,
    };
    expect(await doors(collection.id)).toEqual(unseen);
    expect(await doors(collection.id, reporter)).toEqual(unseen);
    // A collaborator too, and it leaves their My Collections.
    expect(await doors(collection.id, helper)).toEqual(unseen);
    const helpersOwn = await call<CollectionPage>("query", "collections.mine", {}, helper);
    expect(helpersOwn.items.map((item) => item.id)).not.toContain(collection.id);
    // Its owner sees it and is told why; curators see it; the feed is for visitors alone.
    const seen = { ...unseen };
    for (const door of Object.keys(seen) as (keyof typeof seen)[]) {
      if (door !== "listed" && door !== "/collections/ID/feed.atom") seen[door] = 200 as never;
    }
    expect(await doors(collection.id, owner)).toEqual(seen);
    expect(await doors(collection.id, curator)).toEqual(seen);
    const told = await call<CollectionDetail>(
      "query",
      "collections.byId",
      { id: collection.id },
      owner,
    );
    expect(told).toMatchObject({ status: "hidden", hiddenReason: "Offensive" });
    const mine = await call<CollectionPage>("query", "collections.mine", {}, owner);
    expect(mine.items.find((item) => item.id === collection.id)?.status).toBe("hidden");

    // The reports are decided; the audit log and the history say who did it.
    const reported = await call<ReportedCollectionPage>(
      "query",
      "collections.reported",
      {},
      curator,
    );
    expect(reported.total).toBe(0);
    expect(auditActions()).toEqual(["collection.hide"]);
    const details = t.db.$client
      .prepare("select actor_id as actorId, subject_user_id as subject, details from audit_log")
      .get() as { actorId: number; subject: number; details: string };
    expect(details.actorId).toBe(curator.id);
    expect(details.subject).toBe(owner.id);
    expect(JSON.parse(details.details)).toMatchObject({
      collectionId: String(collection.id),
      reason: "Offensive",
      reports: "1",
    });

    // Unhidden over REST, it is back for everyone.
    const back = await rest(t.app, "POST", `/collections/${collection.id}/unhide`, {
      cookie: curator.cookie,
      body: { reason: "Other" },
    });
    expect(back.statusCode).toBe(200);
    expect(await doors(collection.id, reporter)).toEqual(before);
    expect(auditActions()).toEqual(["collection.hide", "collection.unhide"]);
    const history = await call<{ items: { action: string }[] }>(
      "query",
      "collections.history",
      { id: collection.id },
      owner,
    );
    expect(history.items.slice(0, 2).map((entry) => entry.action)).toEqual(["unhide", "hide"]);
  });

  it("is the curators' alone, not on their own, with a listed reason", async () => {
    const hide = { id: collection.id, reason: "Offensive" };
    expect((await status("mutation", "collections.hide", hide, reporter)).status).toBe(403);
    expect((await status("mutation", "collections.hide", hide, owner)).status).toBe(403);
    const viaRest = await rest(t.app, "POST", `/collections/${collection.id}/hide`, {
      cookie: helper.cookie,
      body: { reason: "Offensive" },
    });
    expect(viaRest.statusCode).toBe(403);
    expect(
      (await status("mutation", "collections.hide", { ...hide, reason: "I dislike it" }, curator))
        .status,
    ).toBe(400);
    const own = await call<CollectionDetail>(
      "mutation",
      "collections.create",
      { title: "Cora's own", visibility: "public" },
      curator,
    );
    expect(
      await status("mutation", "collections.hide", { id: own.id, reason: "Spam" }, curator),
    ).toEqual({ status: 403, message: MESSAGES.ownEntryDecision });
    expect(
      await status("mutation", "collections.unhide", { ...hide, reason: "Other" }, curator),
    ).toEqual({ status: 409, message: COLLECTION_MESSAGES.notHidden });
    expect(
      (await call<CollectionDetail>("query", "collections.byId", { id: collection.id })).status,
    ).toBe("published");
    expect(auditActions()).toEqual([]);
  });

  it("or dismisses its reports, leaving it as it is", async () => {
    await call("mutation", "collections.report", { id: collection.id, reason: "spam" }, reporter);
    expect(
      await call("mutation", "collections.dismissReports", { id: collection.id }, curator),
    ).toEqual({ dismissed: 1 });
    expect(
      (await call<ReportedCollectionPage>("query", "collections.reported", {}, curator)).total,
    ).toBe(0);
    expect(
      await status("mutation", "collections.dismissReports", { id: collection.id }, curator),
    ).toEqual({ status: 409, message: COLLECTION_MESSAGES.noOpenReports });
    expect(auditActions()).toEqual(["collection.reports_dismiss"]);
    // Once decided, the same member may report it again.
    expect(
      (
        await status(
          "mutation",
          "collections.report",
          { id: collection.id, reason: "spam" },
          reporter,
        )
      ).status,
    ).toBe(200);
  });
});

describe("curators over REST", () => {
  it("list the reported collections a page at a time and dismiss their reports", async () => {
    await call("mutation", "collections.report", { id: collection.id, reason: "spam" }, reporter);
    await call("mutation", "collections.report", { id: collection.id, reason: "other" }, helper);

    // Members are refused; curators get the page with its total.
    expect(
      (await rest(t.app, "GET", "/collections/reported", { cookie: reporter.cookie })).statusCode,
    ).toBe(403);
    expect((await rest(t.app, "GET", "/collections/reported")).statusCode).toBe(401);
    const listed = await rest(t.app, "GET", "/collections/reported?page=1&pageSize=5", {
      cookie: curator.cookie,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["x-total-count"]).toBe("1");
    const items = listed.json() as {
      collection: { id: number };
      reportCount: number;
      reports: { reason: string; fromNewAccount: boolean }[];
    }[];
    expect(items.map((item) => [item.collection.id, item.reportCount])).toEqual([
      [collection.id, 2],
    ]);
    expect(items[0]!.reports.map((report) => report.reason).sort()).toEqual(["other", "spam"]);
    expect(
      (
        await rest(t.app, "GET", "/collections/reported?pageSize=0x10", {
          cookie: curator.cookie,
        })
      ).statusCode,
    ).toBe(400);

    // A member cannot dismiss; the curator can, once; it stays as it was and is audited.
    const url = `/collections/${collection.id}/reports/dismiss`;
    expect((await rest(t.app, "POST", url, { cookie: reporter.cookie })).statusCode).toBe(403);
    const dismissed = await rest(t.app, "POST", url, { cookie: curator.cookie });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ dismissed: 2 });
    const again = await rest(t.app, "POST", url, { cookie: curator.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: COLLECTION_MESSAGES.noOpenReports });
    expect(auditActions()).toEqual(["collection.reports_dismiss"]);
    expect((await doors(collection.id, reporter))["/collections/ID"]).toBe(200);
    const after = await rest(t.app, "GET", "/collections/reported", { cookie: curator.cookie });
    expect(after.json()).toEqual([]);
    expect(after.headers["x-total-count"]).toBe("0");
  });
});

describe("Download my data", () => {
  it("holds the member's reports of collections and what became of each, no curator's", async () => {
    await call(
      "mutation",
      "collections.report",
      { id: collection.id, reason: "spam", note: "Adverts in the notes" },
      reporter,
    );
    await call("mutation", "collections.dismissReports", { id: collection.id }, curator);
    await call(
      "mutation",
      "collections.report",
      { id: collection.id, reason: "offensive" },
      reporter,
    );
    await call("mutation", "collections.report", { id: collection.id, reason: "other" }, helper);

    const response = await rest(t.app, "GET", "/account/data", { cookie: reporter.cookie });
    expect(response.statusCode).toBe(200);
    const { collectionReports } = response.json() as {
      collectionReports: Record<string, unknown>[];
    };
    expect(
      collectionReports.map(({ reportedAt, decidedAt, ...report }) => ({
        ...report,
        reportedAt: typeof reportedAt,
        decided: decidedAt !== null,
      })),
    ).toEqual([
      {
        collectionId: collection.id,
        reason: "spam",
        note: "Adverts in the notes",
        outcome: "dismiss",
        reportedAt: "string",
        decided: true,
      },
      {
        collectionId: collection.id,
        reason: "offensive",
        note: null,
        outcome: "open",
        reportedAt: "string",
        decided: false,
      },
    ]);
    // Each report holds exactly the fields above (no curator who decided, no curator's note), and
    // another member's report of the same collection is not in it.
  });
});
