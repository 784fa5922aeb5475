import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HarvestingOverview } from "@artifact-atlas/shared";
import { createTestApp, trpc, TEST_ORIGIN, type TestApp } from "../support/app";
import { insertArtifacts } from "../support/harvesting";
import { oaiGet } from "../support/oai";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The Harvesting screen's calls (issue 34, admins only): where harvesters go, how many records
 * Europeana would take for their rights, which fields are missing most, and the settings, whose
 * names harvesters are then told and whose change is audit-logged.
 */

let t: TestApp;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin" });
});

afterEach(async () => {
  await t.close();
});

const SETTINGS = { onlyApproved: false, dataProvider: "", provider: "", adminEmail: "" };

async function overview(cookie: string) {
  return trpc(t.app, "query", "harvesting.overview", undefined, cookie);
}

describe("harvesting.overview", () => {
  it("is for admins alone", async () => {
    for (const role of [undefined, "curator"] as const) {
      const user = await createUserWithSession(t, role ? { role } : {});
      expect((await overview(user.cookie)).status).toBe(403);
      const update = await trpc(
        t.app,
        "mutation",
        "harvesting.updateSettings",
        SETTINGS,
        user.cookie,
      );
      expect(update.status).toBe(403);
    }
    expect((await trpc(t.app, "query", "harvesting.overview")).status).toBe(401);
  });

  it("counts the harvested records, their rights and the fields missing most", async () => {
    // 6 published: 2 writings (a dc:language Europeana wants), 3 without an image description,
    // 1 without a present location; 2 never public, which count nowhere.
    // Rights: one CC BY, one In Copyright - Non-Commercial Use Permitted (which Europeana does
    // not take), the others nobody gave: Copyright Not Evaluated.
    const rights = [
      "http://creativecommons.org/licenses/by/4.0/",
      "http://rightsstatements.org/vocab/InC-NC/1.0/",
    ];
    insertArtifacts(t.db, 6, (index) => ({
      artifactType: index < 2 ? "Writings" : "Tools",
      imageAlt: index < 3 ? "" : "A bowl on a table",
      presentLocation: index === 5 ? "" : "A regional museum",
      ...(rights[index] ? { imageRights: rights[index] } : {}),
    }));
    insertArtifacts(t.db, 2, () => ({ status: "pending" }));
    const { status, data } = await overview(admin.cookie);
    expect(status).toBe(200);
    const screen = data as HarvestingOverview;
    expect(screen.endpoint).toBe(`${TEST_ORIGIN}/oai`);
    expect(screen.feed).toBe(`${TEST_ORIGIN}/feeds/artifacts.atom`);
    expect(screen.dataset).toBe(`${TEST_ORIGIN}/.well-known/void`);
    expect(screen.harvested).toBe(6);
    expect(screen.deleted).toBe(0);
    // Every record has the rights of its first image (issue 30); none lacks edm:rights.
    expect(screen.rights).toEqual({ accepted: 5, notEvaluated: 4, notAccepted: 1 });
    expect(screen.missingFields.map((field) => [field.field, field.records])).toEqual([
      ["dc:description (image)", 3],
      ["dc:language", 2],
      ["edm:currentLocation", 1],
    ]);
    expect(screen.defaults).toEqual({
      dataProvider: "Artifact Atlas",
      provider: "Artifact Atlas",
      adminEmail: "postmaster@localhost.localdomain",
    });
  });
});

describe("harvesting.updateSettings", () => {
  it("names the repository to harvesters, holds back unreviewed records, and is audit-logged", async () => {
    insertArtifacts(t.db, 3);
    const settings = {
      onlyApproved: true,
      dataProvider: "  Village Museum Friends ",
      provider: "Regional Heritage Aggregator",
      adminEmail: "harvest@village.example.org",
    };
    const { status, data } = await trpc(
      t.app,
      "mutation",
      "harvesting.updateSettings",
      settings,
      admin.cookie,
    );
    expect(status).toBe(200);
    const screen = data as HarvestingOverview;
    expect(screen.settings).toEqual({ ...settings, dataProvider: "Village Museum Friends" });

    const identify = await oaiGet(t.app, "verb=Identify");
    expect(identify.oai.Identify.repositoryName).toBe("Village Museum Friends");
    expect(identify.oai.Identify.adminEmail).toEqual(["harvest@village.example.org"]);

    const audit = t.db.$client
      .prepare(
        "select actor_id as actorId, action, details from audit_log order by id desc limit 1",
      )
      .get() as { actorId: number; action: string; details: string };
    expect(audit.actorId).toBe(admin.id);
    expect(audit.action).toBe("settings.harvesting");
    // The names and the address stay out of the log (decision 026).
    expect(audit.details).not.toContain("Village");
    expect(audit.details).not.toContain("harvest@");
  });

  it("refuses what is not a setting, naming the field", async () => {
    const tooLong = await trpc(
      t.app,
      "mutation",
      "harvesting.updateSettings",
      { ...SETTINGS, dataProvider: "x".repeat(201) },
      admin.cookie,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toContain("Data provider must be at most 200 characters long.");
    const badEmail = await trpc(
      t.app,
      "mutation",
      "harvesting.updateSettings",
      { ...SETTINGS, adminEmail: "not an address" },
      admin.cookie,
    );
    expect(badEmail.status).toBe(400);
    const screen = (await overview(admin.cookie)).data as HarvestingOverview;
    expect(screen.settings).toEqual(SETTINGS);
  });
});
