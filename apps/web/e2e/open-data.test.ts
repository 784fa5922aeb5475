import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setRoleOnDisk } from "@artifact-atlas/api/test-support/roles-on-disk";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { EXPORT_COLUMNS } from "@artifact-atlas/shared";
import { allArtifacts, signUp, trpcQuery } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { axeViolations } from "./support/axe";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 21's open data in the production build: Export downloads what the collection shows, and a
 * curator checks, imports and undoes a file; both screens pass axe and are photographed in both
 * themes at both widths.
 */

vi.setConfig({ testTimeout: 120_000 });

const product = useProductInBrowser();

/** Clicks `link` and answers the downloaded file's name and text. */
async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, "utf8") };
}

/** The CSV's cells, for files whose cells hold no line breaks or quoted commas. */
function simpleCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

/** A curator's browser profile, signed in. */
async function curatorContext(name: string, label: string, options = {}) {
  const context = await product.newContext(options);
  const account = await signUp(context, product.origin, name, label);
  setRoleOnDisk(product.databasePath, account.email, "curator");
  return context;
}

const HEADER = [
  "artifactName",
  "artifactImage",
  "artifactType",
  "historicalContext",
  "createdAt",
  "discoveredAt",
  "discoveredBy",
  "presentLocation",
].join(",");

function csvFile(rows: string[]): string {
  const path = join(
    tmpdir(),
    `atlas-import-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`,
  );
  writeFileSync(path, [HEADER, ...rows].join("\r\n"));
  return path;
}

describe("open data", () => {
  it("exports what the collection shows with the current search and filters, as CSV and JSON-LD", async () => {
    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/allartifacts?search=stone&in=all&era=m-1`);
    const count = page.getByText(/^Displaying \d+ artifacts$/);
    await shown(count);
    const shownCount = Number(/\d+/.exec((await count.textContent()) ?? "")?.[0]);
    expect(shownCount).toBeGreaterThan(0);
    // What GET /artifacts lists for the same search and filters, every page.
    const listed: number[] = [];
    for (let pageNumber = 1; listed.length < shownCount; pageNumber += 1) {
      const answer = await fetch(
        `${product.origin}/artifacts?q=stone&in=all&era=m-1&page=${pageNumber}`,
      );
      const items = (await answer.json()) as { _id: string }[];
      expect(items.length).toBeGreaterThan(0);
      listed.push(...items.map((item) => Number(item._id)));
    }
    expect(listed).toHaveLength(shownCount);

    await page.getByRole("button", { name: "Export" }).click();
    await shown(page.getByText("The artifacts matching your search and filters, as a file."));
    const csv = await download(page, page.getByRole("link", { name: /Download CSV/ }));
    expect(csv.name).toMatch(/^artifact-atlas-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = simpleCsv(csv.text);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => Number(row[0]))).toEqual(listed.sort((a, b) => a - b));

    await page.getByRole("button", { name: "Export" }).click();
    const json = await download(page, page.getByRole("link", { name: /Download JSON-LD/ }));
    expect(json.name).toMatch(/\.jsonld$/);
    const graph = (JSON.parse(json.text) as { "@graph": { id: number }[] })["@graph"];
    expect(graph.map((item) => item.id)).toEqual(listed);
    expect(problems).toEqual([]);
  });

  it("lets a curator check a file, import its good rows, and undo the import", async () => {
    const context = await curatorContext("Clio Curator", "clio");
    const { page, problems } = await openPage(context);
    const stamp = Date.now().toString(36);
    const names = [`Imported Amphora ${stamp}`, `Imported Lyre ${stamp}`];
    const good = (name: string) =>
      `${name},https://images.example.org/${stamp}.jpg,Art,Brought in from a spreadsheet.,500 BC,1901,A survey,A museum`;
    const file = csvFile([good(names[0]!), `,not-a-url,Spaceship,x,x,x,x,x`, good(names[1]!)]);

    await page.goto(`${product.origin}/allartifacts`);
    await page.getByRole("link", { name: "Import" }).click();
    await shown(page.getByRole("heading", { name: "Import Artifacts", level: 1 }));
    await page.getByLabel("CSV or JSON file (up to 5,000 artifacts)").setInputFiles(file);
    await page.getByRole("button", { name: "Check file" }).click();
    await shown(page.getByText("3 rows: 2 would be added, 1 rejected."));
    const table = page.getByRole("table", { name: "Rows of the file" });
    await shown(table.getByText("artifactName").first());
    await shown(table.getByText("Artifact Name is required."));
    expect(await table.getByText("Will be added").count()).toBe(2);

    const rejected = await download(
      page,
      page.getByRole("button", { name: "Download rejected rows" }),
    );
    expect(rejected.name).toBe("rejected-rows.csv");
    expect(rejected.text).toMatch(/^row,problems,artifactName/);
    expect(rejected.text).toContain("Spaceship");

    // Nothing is added by the check.
    const before = await trpcQuery<{ total: number }>(product.origin, "artifacts.list", {
      search: stamp,
    });
    expect(before.total).toBe(0);

    await page.getByRole("button", { name: "Import 2 artifacts" }).click();
    const done = page.getByRole("dialog", { name: "Import complete" });
    await shown(done);
    await shown(done.getByText("2 artifacts added, 1 row skipped."));
    await shown(done.getByText(/Each waits in the review queue until another curator approves it/));
    await done.getByRole("button", { name: "OK" }).click();
    const list = page.getByRole("table", { name: "Your imports" });
    await shown(list.getByRole("button", { name: /^Undo the import of atlas-import-/ }));
    // Imported artifacts wait for review: nobody sees them yet.
    const publicCount = async () =>
      (await trpcQuery<{ total: number }>(product.origin, "artifacts.list", { search: stamp }))
        .total;
    expect(await publicCount()).toBe(0);

    // Another curator finds them in the review queue and approves one.
    const colleagueContext = await curatorContext("Cass Curator", "cass");
    const { page: colleaguePage, problems: colleagueProblems } = await openPage(colleagueContext);
    await colleaguePage.goto(`${product.origin}/review`);
    // The import's rows wait as one group (issue 28); one of them is picked out and decided.
    const importCard = colleaguePage.getByRole("article", { name: /^Import “atlas-import-/ });
    await shown(importCard.getByText(/2 entries waiting/));
    await importCard.getByRole("button", { name: "Show its rows" }).click();
    const amphora = importCard.getByRole("article", { name: names[0] });
    await shown(amphora);
    await shown(importCard.getByRole("article", { name: names[1] }));
    await amphora.getByRole("button", { name: "Approve" }).click();
    await shown(amphora.getByText("Approved."));
    const approved = (await allArtifacts(product.origin)).filter((a) =>
      a.artifactName.includes(stamp),
    );
    expect(approved.map((a) => [a.artifactName, a.username])).toEqual([[names[0], "Clio Curator"]]);

    await list.getByRole("button", { name: /^Undo the import of/ }).click();
    const confirm = page.getByRole("dialog", { name: "Undo this import?" });
    await confirm.getByRole("button", { name: "Yes, undo it" }).click();
    const undone = page.getByRole("dialog", { name: "Import undone" });
    await shown(undone.getByText("2 artifacts removed."));
    await undone.getByRole("button", { name: "OK" }).click();
    await shown(list.getByText("Undone: 2 removed"));
    expect(await publicCount()).toBe(0);
    // The undo took the waiting one's queue entry with it.
    await colleaguePage.reload();
    await shown(colleaguePage.getByRole("heading", { name: "Review", level: 1 }));
    await expect.poll(() => colleaguePage.getByRole("article", { name: names[1] }).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(colleagueProblems).toEqual([]);
  });

  for (const theme of ["light", "dark"] as const) {
    for (const width of [390, 1280] as const) {
      it(`shows the export control and the import screen without axe violations (${theme}, ${width} px)`, async () => {
        const context = await curatorContext("Thea Curator", `thea-${theme}-${width}`, {
          theme,
          width,
          reducedMotion: true,
        });
        const { page, problems } = await openPage(context);
        await page.goto(`${product.origin}/allartifacts`);
        await shown(page.getByText(/^Displaying \d+ artifacts$/));
        await page.getByRole("button", { name: "Export" }).click();
        await shown(page.getByRole("link", { name: /Download CSV/ }));
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `export-menu-${width}-${theme}`);

        await page.goto(`${product.origin}/import`);
        const file = csvFile([
          "Bronze Mirror,https://images.example.org/m.jpg,Art,A polished bronze disc.,200 BC,1920,Farmers,A museum",
          ",javascript:alert(1),Art,x,x,x,x,x",
        ]);
        await page.getByLabel("CSV or JSON file (up to 5,000 artifacts)").setInputFiles(file);
        await page.getByRole("button", { name: "Check file" }).click();
        await shown(page.getByText("2 rows: 1 would be added, 1 rejected."));
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `import-${width}-${theme}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
