import { eq } from "drizzle-orm";
import { DEFAULT_SITE_RIGHTS, type SiteRights } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { siteSettings } from "../db/schema";
import { appendAudit } from "./audit";

/*
 * The site's rights settings (issue 30): the licence its data about artifacts is published under
 * (every public page, the export and the IIIF manifests state it), and the rights the form
 * proposes for an upload. Admins change them; until then DEFAULT_SITE_RIGHTS hold.
 */

/** The settings as they are now. */
export function siteRights(db: Pick<AppDatabase, "select">): SiteRights {
  const row = db
    .select({
      metadataLicense: siteSettings.metadataLicense,
      uploadRights: siteSettings.uploadRights,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  return row ?? DEFAULT_SITE_RIGHTS;
}

/** An admin's change, audit-logged in the same transaction. */
export function setSiteRights(
  db: AppDatabase,
  actor: { id: number },
  input: SiteRights & { requestId: string | null },
): SiteRights {
  const { requestId, ...settings } = input;
  return db.transaction(
    (tx) => {
      tx.insert(siteSettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: siteSettings.id, set: settings })
        .run();
      appendAudit(tx, {
        actorId: actor.id,
        action: "settings.rights",
        requestId,
        details: { metadataLicense: settings.metadataLicense, uploadRights: settings.uploadRights },
      });
      return settings;
    },
    { behavior: "immediate" },
  );
}
