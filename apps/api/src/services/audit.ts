import type { AuditAction } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { auditLog } from "../db/schema";

/** One entry of the append-only audit log (docs/decisions/026-audit-log.md). */
export interface AuditEntry {
  /** Null for the server itself or the command line. */
  actorId: number | null;
  action: AuditAction;
  artifactId?: number | null;
  subjectUserId?: number | null;
  /** The request that did it; null off the request path. */
  requestId?: string | null;
  details?: Record<string, string> | null;
}

/** Appends inside the caller's transaction, so the decision and its record commit together. */
export function appendAudit(tx: Pick<AppDatabase, "insert">, entry: AuditEntry): void {
  tx.insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      artifactId: entry.artifactId ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      requestId: entry.requestId ?? null,
      details: entry.details ?? null,
    })
    .run();
}
