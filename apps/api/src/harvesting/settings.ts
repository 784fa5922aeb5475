import { eq, sql } from "drizzle-orm";
import { BRAND, type HarvestSettingsInput } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { harvestRecords, harvestSettings } from "../db/schema";
import { appendAudit } from "../services/audit";

/*
 * The harvesting settings (issue 34): the names and address harvesters are told, and "only records
 * approved by a curator". One row, made by the migration with the tokens' key.
 */

export interface HarvestSettings {
  onlyApproved: boolean;
  /** As the admin typed them; empty means the default below. */
  dataProvider: string;
  provider: string;
  adminEmail: string;
  /** When an admin last changed them, in ms. */
  updatedAt: number;
}

/** What harvesters are told, with the defaults filled in. */
export interface HarvestIdentity {
  dataProvider: string;
  provider: string;
  adminEmail: string;
}

type Reader = Pick<AppDatabase, "select">;

export function readHarvestSettings(db: Reader): HarvestSettings {
  const row = db
    .select({
      onlyApproved: harvestSettings.onlyApproved,
      dataProvider: harvestSettings.dataProvider,
      provider: harvestSettings.provider,
      adminEmail: harvestSettings.adminEmail,
      updatedAt: harvestSettings.updatedAt,
    })
    .from(harvestSettings)
    .where(eq(harvestSettings.id, 1))
    .get();
  if (!row) throw new Error("harvest_settings has no row: the database is not migrated");
  return row;
}

/** The key that signs resumption tokens, as bytes. */
export function readTokenKey(db: Reader): Buffer {
  const row = db
    .select({ key: harvestSettings.tokenKey })
    .from(harvestSettings)
    .where(eq(harvestSettings.id, 1))
    .get();
  if (!row) throw new Error("harvest_settings has no row: the database is not migrated");
  return Buffer.from(row.key, "hex");
}

/**
 * The names harvesters see: the data provider defaults to the product's name, the provider (the
 * aggregator) to the data provider, and the contact to the address mail is sent from, or to the
 * site's own postmaster when mail is off.
 */
export function harvestIdentity(
  settings: HarvestSettings,
  fallback: { mailFrom: string | null; host: string },
): HarvestIdentity {
  const dataProvider = settings.dataProvider || BRAND;
  return {
    dataProvider,
    provider: settings.provider || dataProvider,
    adminEmail: settings.adminEmail || fallback.mailFrom || `postmaster@${fallback.host}`,
  };
}

/** The address alone of a From header such as `Atlas <atlas@example.org>`. */
export function mailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * An admin's change, audit-logged in the same transaction. Turning "only approved" on or off
 * moves every record it concerns in or out of the harvest, with a new datestamp, so that an
 * incremental harvest learns of it.
 */
export function updateHarvestSettings(
  db: AppDatabase,
  actor: { id: number },
  input: HarvestSettingsInput & { requestId: string | null },
  now: number,
): HarvestSettings {
  const { requestId, ...settings } = input;
  return db.transaction(
    (tx) => {
      tx.update(harvestSettings)
        .set({ ...settings, updatedAt: now })
        .where(eq(harvestSettings.id, 1))
        .run();
      const harvestable = sql`exists (select 1 from artifacts a where a.id = ${harvestRecords.artifactId}
        and a.status = 'published' and a.deleted_at is null
        and (${settings.onlyApproved ? 0 : 1} = 1 or not exists (select 1 from review_queue q
          where q.artifact_id = a.id and q.kind = 'new' and q.decided_at is null)))`;
      tx.update(harvestRecords)
        .set({ harvestable: sql`${harvestable}`, datestamp: now })
        .where(sql`${harvestRecords.harvestable} is not ${harvestable}`)
        .run();
      appendAudit(tx, {
        actorId: actor.id,
        action: "settings.harvesting",
        requestId,
        // Ids and flags only, never a name or an address (decision 026).
        details: { onlyApproved: String(settings.onlyApproved) },
      });
      return { ...settings, updatedAt: now };
    },
    { behavior: "immediate" },
  );
}
