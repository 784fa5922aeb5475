import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { artifactFields } from "./support/artifacts";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { webBuildStandIn } from "./support/web-build";
import { decide, decided, entryFor, queue } from "./review/support";
import type { ImportReport } from "@artifact-atlas/shared";

/*
 * Imported artifacts enter review (decision 068, amended by 074): pending whoever imports, each with
 * a "new" entry in the queue and revision 1, invisible on every public path until a curator other
 * than the importer approves; an undo takes them with their entries and revisions.
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let importer: SignedInUser;
let colleague: SignedInUser;

beforeEach(async () => {
  web = webBuildStandIn();
  // REVIEW_MODE=post: a curator's (or a member's) own new artifact would be published at once.
  t = await createTestApp({ WEB_DIST_PATH: web.path, REVIEW_MODE: "post" });
  importer = await createUserWithSession(t, { name: "Clio Curator", role: "curator" });
  colleague = await createUserWithSession(t, { name: "Cass Curator", role: "curator" });
});

afterEach(async () => {
  await t.close();
  web.remove();
});

const NAMES = ["Imported Amphora", "Imported Lyre", "Imported Strigil"];

async function importFile(user = importer): Promise<{ importId: number; ids: number[] }> {
  const file = JSON.stringify(NAMES.map((name) => artifactFields({ artifactName: name })));
  const response = await rest(t.app, "POST", "/imports?dryRun=false&fileName=three.json", {
    cookie: user.cookie,
    payload: file,
    headers: { "content-type": "application/json" },
  });
  expect(response.statusCode, response.body).toBe(201);
  const report = response.json() as ImportReport;
  const ids = t.db.$client
    .prepare("select artifact_id from imported_artifacts where import_id = ? order by artifact_id")
    .pluck()
    .all(report.importId) as number[];
  expect(ids).toHaveLength(NAMES.length);
  return { importId: report.importId!, ids };
}

/** Where the public can see an artifact: its page, the list, the export, the sitemap. */
async function publicly(id: number) {
  const page = await t.app.inject({ method: "GET", url: `/a/${id}`, headers: { accept: "*/*" } });
  const listed = await rest(t.app, "GET", "/artifacts?pageSize=100");
  const exported = await rest(t.app, "GET", "/export?format=json");
  const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
  const trpcById = await trpc(t.app, "query", "artifacts.publicById", { id });
  return {
    page: page.statusCode,
    list: (listed.json() as { _id: string }[]).some((item) => item._id === String(id)),
    export: (exported.json() as { "@graph": { id: number }[] })["@graph"].some(
      (item) => item.id === id,
    ),
    sitemap: sitemap.body.includes(`/a/${id}/`),
    trpc: trpcById.status,
  };
}

function rowsOf(table: "review_queue" | "artifact_revisions" | "artifacts", ids: number[]) {
  const column = table === "artifacts" ? "id" : "artifact_id";
  return t.db.$client
    .prepare(`select count(*) from ${table} where ${column} in (select value from json_each(?))`)
    .pluck()
    .get(JSON.stringify(ids)) as number;
}

describe("imported artifacts", () => {
  it("are pending, with a queue entry and revision 1 each, and invisible publicly", async () => {
    const { importId, ids } = await importFile();
    const statuses = t.db.$client
      .prepare("select status from artifacts where id in (select value from json_each(?))")
      .pluck()
      .all(JSON.stringify(ids));
    expect(statuses).toEqual(["pending", "pending", "pending"]);

    // Apart from the queue itself, as the import's group (issue 28).
    expect((await queue(t, colleague)).filter((entry) => ids.includes(entry.artifact.id))).toEqual(
      [],
    );
    const entries = await queue(t, colleague, { importId });
    expect(entries.map((entry) => [entry.kind, entry.artifact.artifactName])).toEqual(
      NAMES.map((name) => ["new", name]),
    );
    const revisions = t.db.$client
      .prepare(
        `select artifact_id as artifactId, number, actor_id as actorId, summary from artifact_revisions
         where artifact_id in (select value from json_each(?)) order by artifact_id`,
      )
      .all(JSON.stringify(ids));
    expect(revisions).toEqual(
      ids.map((artifactId) => ({
        artifactId,
        number: 1,
        actorId: importer.id,
        summary: "Created",
      })),
    );

    for (const id of ids) {
      expect(await publicly(id)).toEqual({
        page: 404,
        list: false,
        export: false,
        sitemap: false,
        trpc: 404,
      });
    }
    // The importer sees them among their own artifacts, waiting.
    const own = await rest(t.app, "GET", `/artifacts?email=${encodeURIComponent(importer.email)}`, {
      cookie: importer.cookie,
    });
    expect((own.json() as { _id: string }[]).map((item) => Number(item._id)).sort()).toEqual(ids);
  });

  it("are published when another curator approves them, not by the importer", async () => {
    const { ids } = await importFile();
    const [first] = ids as [number];
    const own = await decide(t, importer, {
      entryId: (await entryFor(t, colleague, first, "new")).id,
      decision: "approve",
    });
    expect(own.status).toBe(403);
    expect((await publicly(first)).page).toBe(404);

    await decided(t, colleague, {
      entryId: (await entryFor(t, colleague, first, "new")).id,
      decision: "approve",
    });
    expect(await publicly(first)).toEqual({
      page: 200,
      list: true,
      export: true,
      sitemap: true,
      trpc: 200,
    });
    // The others still wait.
    expect((await publicly(ids[1]!)).export).toBe(false);
  });

  it("enter review when an admin imports too", async () => {
    const admin = await createUserWithSession(t, { role: "admin" });
    const { ids } = await importFile(admin);
    expect(rowsOf("review_queue", ids)).toBe(3);
    expect((await publicly(ids[0]!)).list).toBe(false);
  });

  it("leave with their queue entries, revisions and the import's rows when it is undone", async () => {
    const { importId, ids } = await importFile();
    const [approved] = ids as [number];
    await decided(t, colleague, {
      entryId: (await entryFor(t, colleague, approved, "new")).id,
      decision: "approve",
    });
    expect(rowsOf("review_queue", ids)).toBe(3);
    // The approval added revision 2 to the approved one.
    expect(rowsOf("artifact_revisions", ids)).toBe(4);

    const undo = await trpc(t.app, "mutation", "imports.undo", { id: importId }, importer.cookie);
    expect(undo.status).toBe(200);
    expect(undo.data).toEqual({ removed: 3, kept: 0 });
    expect(rowsOf("artifacts", ids)).toBe(0);
    expect(rowsOf("review_queue", ids)).toBe(0);
    expect(rowsOf("artifact_revisions", ids)).toBe(0);
    expect((await queue(t, colleague)).filter((entry) => ids.includes(entry.artifact.id))).toEqual(
      [],
    );
    expect(
      t.db.$client
        .prepare("select count(*) from notifications where artifact_id = ?")
        .pluck()
        .get(approved),
    ).toBe(0);
    // The audit log keeps the import, the approval and the undo.
    const audit = t.db.$client
      .prepare("select action, details from audit_log order by id")
      .all() as { action: string; details: string | null }[];
    expect(audit.map((row) => row.action)).toEqual([
      "import.run",
      "artifact.approve",
      "import.undo",
    ]);
    expect(JSON.parse(audit[2]!.details!)).toMatchObject({
      importId: String(importId),
      removed: "3",
      kept: "0",
    });
  });
});
