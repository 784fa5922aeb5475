import { z } from "zod";

/**
 * A backup's name as the server makes it (apps/api/src/db/backup.ts): artifact-atlas-<UTC date and
 * time>, perhaps with a label saying why ("-before-migrating-0014-to-0029"). Nothing else (no path,
 * no "..") names a backup.
 */
export const BACKUP_NAME_PATTERN =
  /^artifact-atlas-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2})(-[a-z0-9-]{1,60})?$/;

export const backupNameInput = z.object({
  name: z.string().max(120).regex(BACKUP_NAME_PATTERN, "No backup has this name."),
});
