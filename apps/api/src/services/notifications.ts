import type { NotificationKind } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { notifications } from "../db/schema";

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  artifactId?: number | null;
  reason?: string | null;
}

/** Tells a member what happened to their work or report, inside the caller's transaction. */
export function notify(tx: Pick<AppDatabase, "insert">, notification: NewNotification): void {
  tx.insert(notifications)
    .values({
      userId: notification.userId,
      kind: notification.kind,
      artifactId: notification.artifactId ?? null,
      reason: notification.reason ?? null,
    })
    .run();
}
