import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ARTIFACT_FIELD_NAMES,
  IMPORT_MAX_ROWS,
  type Artifact,
  type ImportReport,
  type ImportSummary,
} from "@artifact-atlas/shared";
import { parseCsv } from "../src/open-data/csv";
import { ARTIFACT_SELECT } from "../src/store/artifact-columns";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields, like } from "./support/artifacts";
import { rest } from "./support/rest";
import { decided, entryFor } from "./review/support";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let clock: number;
let curator: SignedInUser;
let member: SignedInUser;

beforeEach(async () => {
  clock = Date.parse("2026-11-26T12:00:00Z");
  t = await createTestApp({}, { now: () => clock });
  curator = await createUserWithSession(t, { name: "Clio Curator", role: "curator" });
  member = await createUserWithSession(t, { name: "Mina Member" });
});

afterEach(async () => {
  await t.close();
});

type Format = "csv" | "json";
const CONTENT_TYPE: Record<Format, string> = {
  csv: "text/csv",
  json: "application/ld+json",
};

function upload(file: string, format: Format, query = "", cookie = curator.cookie) {
  return rest(t.app, "POST", `/imports${query}`, {
    cookie,
    payload: file,
    headers: { "content-type": CONTENT_TYPE[format] },
  });
}

async function exported(format: Format): Promise<string> {
  const response = await rest(t.app, "GET", `/export?format=${format}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The editable fields of an artifact, as an import would read them. */
function editable(artifact: Record<string, unknown>) {
  return Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, artifact[name]]));
}

/** Every artifact in the database, public or not (imported ones wait for review), in id order. */
function artifactRows(): Artifact[] {
  return t.db.$client
    .prepare(`select ${ARTIFACT_SELECT} from artifacts order by id`)
    .all() as Artifact[];
}

describe("export, then import as a dry run", () => {
  it.each(["csv", "json"] as const)(
    "gives zero errors and the same fields (%s)",
    async (format) => {
      const originals = [
        await addArtifact(t, member, { artifactName: 'Rosetta Stone, "the" key' }),
        await addArtifact(t, member, {
          artifactName: '=HYPERLINK("x")',
          discoveredBy: "-Someone",
          historicalContext: 'Line one\r\nline two, with "quotes"\nand more',
          imageAlt: "@described",
        }),
        await addArtifact(t, member, { artifactName: "Pietà", presentLocation: "'Ain Ghazal" }),
      ];
      const before = artifactRows().length;
      const response = await upload(await exported(format), format, "?dryRun=true");
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json() as ImportReport;
      expect(report).toMatchObject({
        format,
        total: 3,
        added: 3,
        rejected: 0,
        rejectedCsv: "",
        importId: null,
      });
      expect(report.rows.flatMap((row) => row.problems)).toEqual([]);
      expect(report.rows.map((row) => row.artifactName)).toEqual(
        originals.map((artifact) => artifact.artifactName),
      );
      // A dry run changes nothing.
      expect(artifactRows()).toHaveLength(before);

      // And the real import adds the same fields, owned by the curator.
      const imported = await upload(await exported(format), format, "?dryRun=false");
      expect(imported.statusCode, imported.body).toBe(201);
      const added = artifactRows().slice(before);
      expect(added.map(editable)).toEqual(originals.map(editable));
      // The years the server reads from the dates are worked out for imported rows too.
      expect(added.map((a) => a.createdFromYear)).toEqual(originals.map((a) => a.createdFromYear));
      expect(added.every((artifact) => artifact.username === "Clio Curator")).toBe(true);
      expect(added.every((artifact) => artifact.likeCount === 0)).toBe(true);
    },
  );
});

describe("POST /imports", () => {
  const header = ARTIFACT_FIELD_NAMES.join(",");
  const good = (name: string) =>
    ARTIFACT_FIELD_NAMES.map((field) =>
      field === "artifactName" ? name : String(artifactFields()[field]),
    ).join(",");

  it("reports every problem with its row number and field, and offers the rejected rows as CSV", async () => {
    const file = [
      header,
      good("First good row"),
      // Row 3: no name, an unknown type, a javascript: image.
      ARTIFACT_FIELD_NAMES.map((field) =>
        field === "artifactName"
          ? ""
          : field === "artifactType"
            ? "Spaceship"
            : field === "artifactImage"
              ? "javascript:alert(1)"
              : "x",
      ).join(","),
      good("Second good row"),
    ].join("\r\n");
    const response = await upload(file, "csv");
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report).toMatchObject({ total: 3, added: 2, rejected: 1 });
    expect(report.rows.map((row) => [row.row, row.status])).toEqual([
      [2, "add"],
      [3, "reject"],
      [4, "add"],
    ]);
    expect(report.rows[1]!.problems).toEqual([
      { row: 3, field: "artifactName", message: "Artifact Name is required." },
      {
        row: 3,
        field: "artifactImage",
        message: expect.stringMatching(/URL/) as unknown as string,
      },
      { row: 3, field: "artifactType", message: "Please select an artifact type." },
    ]);
    const [rejectedHeader, ...rejected] = parseCsv(report.rejectedCsv);
    expect(rejectedHeader).toEqual([
      "row",
      "problems",
      ...ARTIFACT_FIELD_NAMES,
      "rights",
      "images",
    ]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]![0]).toBe("3");
    expect(rejected[0]![1]).toContain("artifactName: Artifact Name is required.");

    // The import adds the good rows and skips the rejected one.
    const before = artifactRows().length;
    const run = await upload(file, "csv", "?dryRun=false&fileName=batch.csv");
    expect(run.statusCode).toBe(201);
    expect(run.json()).toMatchObject({ added: 2, rejected: 1 });
    expect(
      artifactRows()
        .slice(before)
        .map((a) => a.artifactName),
    ).toEqual(["First good row", "Second good row"]);
  });

  it("refuses files it cannot read, with 400 and a message, and changes nothing", async () => {
    const cases: [string, Format, RegExp][] = [
      ["artifactName,artifactType\r\nx,Tools", "csv", /no column for artifactImage/],
      [`${header}\r\n"never closed`, "csv", /never closed/],
      [header, "csv", /no artifacts/],
      ['{"not":"a graph"}', "json", /array of artifacts/],
      ["{broken json", "json", /./],
    ];
    for (const [file, format, message] of cases) {
      const response = await upload(file, format, "?dryRun=false");
      expect(response.statusCode, file).toBe(400);
      expect((response.json() as { error: string }).error).toMatch(message);
    }
    const plain = await rest(t.app, "POST", "/imports", {
      cookie: curator.cookie,
      payload: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.statusCode).toBe(400);
    expect((plain.json() as { error: string }).error).toMatch(/Send a CSV file/);
    expect(artifactRows()).toHaveLength(0);
  });

  it("refuses more than 5,000 rows", async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({
      ...artifactFields(),
    }));
    const response = await upload(JSON.stringify(rows), "json");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "A file may hold at most 5,000 artifacts." });
  });

  it("is for curators and admins only; a member or a visitor changes nothing", async () => {
    const file = `${header}\r\n${good("Sneaky")}`;
    expect((await upload(file, "csv", "?dryRun=false", member.cookie)).statusCode).toBe(403);
    const anonymous = await rest(t.app, "POST", "/imports?dryRun=false", {
      payload: file,
      headers: { "content-type": "text/csv" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(artifactRows()).toHaveLength(0);
    const admin = await createUserWithSession(t, { role: "admin" });
    expect((await upload(file, "csv", "?dryRun=false", admin.cookie)).statusCode).toBe(201);
    const list = await trpc(t.app, "query", "imports.list", {}, member.cookie);
    expect(list.status).toBe(403);
  });
});

describe("undoing an import", () => {
  async function importThree(): Promise<{ id: number; artifacts: Artifact[] }> {
    const file = JSON.stringify(
      ["Amphora", "Lyre", "Strigil"].map((name) => artifactFields({ artifactName: name })),
    );
    const response = await upload(file, "json", "?dryRun=false&fileName=three.json");
    expect(response.statusCode).toBe(201);
    const report = response.json() as ImportReport;
    return { id: report.importId!, artifacts: artifactRows().slice(-3) };
  }

  it("removes the artifacts nobody edited since, keeps the edited ones, and only once", async () => {
    const { id, artifacts } = await importThree();
    const [amphora, lyre, strigil] = artifacts as [Artifact, Artifact, Artifact];
    clock += 60_000;
    const edited = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: lyre.id, fields: { ...editable(lyre), historicalContext: "Corrected by hand." } },
      curator.cookie,
    );
    expect(edited.status).toBe(200);
    // Likes are not edits: a liked artifact goes with the undo (approved first by another curator:
    // imported artifacts wait for review, and only public ones can be liked).
    const colleague = await createUserWithSession(t, { role: "curator" });
    await decided(t, colleague, {
      entryId: (await entryFor(t, colleague, strigil.id, "new")).id,
      decision: "approve",
    });
    await like(t, member, strigil.id);

    const list = await trpc(t.app, "query", "imports.list", {}, curator.cookie);
    expect((list.data as { items: ImportSummary[] }).items).toEqual([
      expect.objectContaining({ id, fileName: "three.json", added: 3, undoable: true }),
    ]);

    const undo = await trpc(t.app, "mutation", "imports.undo", { id }, curator.cookie);
    expect(undo.status).toBe(200);
    expect(undo.data).toEqual({ removed: 2, kept: 1 });
    expect(artifactRows().map((a) => a.id)).toEqual([lyre.id]);
    expect(amphora.id).toBeLessThan(lyre.id);

    const again = await trpc(t.app, "mutation", "imports.undo", { id }, curator.cookie);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe("This import has already been undone.");
    const after = await trpc(t.app, "query", "imports.list", {}, curator.cookie);
    expect((after.data as { items: ImportSummary[] }).items[0]).toMatchObject({
      removed: 2,
      undoable: false,
    });
    const audit = t.db.$client
      .prepare("select action from audit_log where action like 'import.%' order by id")
      .pluck()
      .all();
    expect(audit).toEqual(["import.run", "import.undo"]);
  });

  it("can be undone for 7 days only, and only by the curator who imported", async () => {
    const { id } = await importThree();
    const other = await createUserWithSession(t, { role: "curator" });
    const stranger = await trpc(t.app, "mutation", "imports.undo", { id }, other.cookie);
    expect(stranger.status).toBe(404);
    clock += 7 * 24 * 60 * 60 * 1000 + 1;
    const late = await trpc(t.app, "mutation", "imports.undo", { id }, curator.cookie);
    expect(late.status).toBe(409);
    expect(late.error?.message).toBe("An import can be undone for 7 days only.");
    expect(artifactRows()).toHaveLength(3);
  });
});
