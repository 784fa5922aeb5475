import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES, type Artifact } from "@artifact-atlas/shared";
import { createArtifact, SAMPLE_ARTIFACT, signUp, trpcMutation, trpcQuery } from "./support/api";
import { expectedProblems, openPage } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 17's history in the browser: two tabs editing one artifact (the second is told and merges
 * by hand), the History view's comparison, and Restore this version.
 */

const product = useProductInBrowser();

async function shown(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "visible" });
}

async function openEditor(page: Page, id: number): Promise<void> {
  await page.goto(`${product.origin}/update-artifact/${id}`);
  await expect
    .poll(() => page.getByLabel("Artifact Name").inputValue(), { timeout: 10_000 })
    .toBe(SAMPLE_ARTIFACT.artifactName);
}

async function saveAndConfirm(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await shown(page.getByRole("dialog", { name: "Artifact Updated Successfully" }));
  await page.waitForURL((url) => url.pathname === "/myartifacts");
}

describe("editing in two tabs", () => {
  it("the second save is refused, shows both versions, and saves once merged", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Theon Tabs", "two-tabs");
    const artifact = await createArtifact(context, product.origin);
    const first = await openPage(context);
    const second = await openPage(context);
    await openEditor(first.page, artifact.id);
    await openEditor(second.page, artifact.id);

    // The first tab moves the artifact and saves.
    await first.page.getByLabel("Present Location").fill("Ashmolean Museum, Oxford");
    await saveAndConfirm(first.page);

    // The second tab, opened before that save, rewrote the context.
    const context2 = "Found in a shipwreck; its gears model the motions of the heavens.";
    await second.page.getByLabel("Historical Context").fill(context2);
    await second.page.getByRole("button", { name: "Save Changes" }).click();
    const conflict = second.page.getByRole("region", { name: MESSAGES.editConflict });
    await shown(conflict);
    await shown(second.page.getByRole("heading", { name: MESSAGES.editConflict }));
    // Their change next to the person's own, field by field.
    const location = conflict.getByRole("term").filter({ hasText: "Present Location" });
    await shown(location);
    await shown(conflict.getByText("Ashmolean Museum, Oxford", { exact: true }));
    await shown(conflict.getByText(SAMPLE_ARTIFACT.presentLocation, { exact: true }));
    await shown(conflict.getByText(context2, { exact: true }));
    await shown(conflict.getByText(SAMPLE_ARTIFACT.historicalContext, { exact: true }));
    // Nothing was overwritten.
    const meanwhile = await trpcQuery<Artifact>(product.origin, "artifacts.byId", {
      id: artifact.id,
    });
    expect(meanwhile.presentLocation).toBe("Ashmolean Museum, Oxford");
    expect(meanwhile.historicalContext).toBe(SAMPLE_ARTIFACT.historicalContext);
    // The form still holds the person's text; they take the other change and save again.
    await expect(second.page.getByLabel("Historical Context").inputValue()).resolves.toBe(context2);
    await second.page.getByLabel("Present Location").fill("Ashmolean Museum, Oxford");
    await saveAndConfirm(second.page);

    const merged = await trpcQuery<Artifact>(product.origin, "artifacts.byId", {
      id: artifact.id,
    });
    expect(merged.presentLocation).toBe("Ashmolean Museum, Oxford");
    expect(merged.historicalContext).toBe(context2);
    // The refused save is the one failed request, which the browser logs.
    expect(expectedProblems(second.problems, /status of 409 \(Conflict\)/)).toBe(1);
    expect([...first.problems, ...second.problems]).toEqual([]);
  });
});

describe("the History view", () => {
  it("lists the versions, compares any two, and restores an earlier one as a new version", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Hero Historian", "history");
    const artifact = await createArtifact(context, product.origin);
    const update = (fields: Partial<typeof SAMPLE_ARTIFACT>) =>
      trpcMutation(context, product.origin, "artifacts.update", {
        id: artifact.id,
        fields: { ...SAMPLE_ARTIFACT, ...fields },
      });
    await update({ artifactName: "Astrolabe of Hypatia" });
    await update({ artifactName: "Astrolabe of Hypatia", discoveredAt: "1901" });

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/artifacts/${artifact.id}`);
    await page.getByRole("link", { name: "History" }).click();
    await page.waitForURL((url) => url.pathname === `/artifacts/${artifact.id}/history`);

    // The newest two, compared: only the changed field, its removed and added words marked.
    await shown(page.getByRole("heading", { name: "Changes from version 2 to version 3" }));
    const changes = page.getByRole("region", { name: "Changes from version 2 to version 3" });
    await shown(changes.getByRole("deletion").filter({ hasText: "1902" }));
    await shown(changes.getByRole("insertion").filter({ hasText: "1901" }));
    await expect(changes.getByRole("term").allTextContents()).resolves.toEqual(["Discovered At"]);
    const versions = page.getByRole("region", { name: /Versions/ }).getByRole("listitem");
    await expect(versions.count()).resolves.toBe(3);
    await shown(versions.first().getByText("Edited: discovered at"));
    await shown(versions.last().getByText("Created"));
    await shown(versions.last().getByText(/by Hero Historian/));

    // Any two: the first and the last.
    await page.getByRole("spinbutton", { name: "From version" }).fill("1");
    await page.getByRole("spinbutton", { name: "To version" }).fill("3");
    await page.getByRole("button", { name: "Compare" }).click();
    const wide = page.getByRole("region", { name: "Changes from version 1 to version 3" });
    await expect
      .poll(() => wide.getByRole("term").allTextContents(), { timeout: 10_000 })
      .toEqual(["Artifact Name", "Discovered At"]);
    await shown(wide.getByRole("insertion").filter({ hasText: "Hypatia" }));

    // Restore the first version: a new version, the past kept.
    await page.getByRole("button", { name: "Restore this version (version 1)" }).click();
    const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
    await confirm.getByRole("button", { name: "Restore this version" }).click();
    await shown(page.getByRole("dialog", { name: MESSAGES.versionRestored(1) }));
    await expect.poll(() => versions.count(), { timeout: 10_000 }).toBe(4);
    await shown(versions.first().getByText("Restored version 1"));
    await shown(page.getByRole("heading", { name: "Changes from version 3 to version 4" }));
    const now = await trpcQuery<Artifact>(product.origin, "artifacts.byId", { id: artifact.id });
    expect(now.artifactName).toBe(SAMPLE_ARTIFACT.artifactName);
    expect(now.discoveredAt).toBe(SAMPLE_ARTIFACT.discoveredAt);
    expect(problems).toEqual([]);

    // Another member reads the same history but is offered no restore.
    const otherContext = await product.newContext();
    await signUp(otherContext, product.origin, "Curious Reader", "history-reader");
    const other = await openPage(otherContext);
    await other.page.goto(`${product.origin}/artifacts/${artifact.id}/history`);
    await shown(other.page.getByText("Restored version 1", { exact: true }));
    await expect(
      other.page.getByRole("button", { name: /Restore this version/ }).count(),
    ).resolves.toBe(0);
    expect(other.problems).toEqual([]);
  });
});
