import { eq } from "drizzle-orm";
import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import { endAllSessions } from "../auth/session";
import type { AppDatabase } from "../db/client";
import { users } from "../db/schema";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { ServiceError } from "./errors";

/*
 * Suspended accounts (issue 29): an admin suspends an account, with a reason, in the audit log.
 * It cannot sign in (auth/session.ts starts no session for it and accepts none) and so cannot
 * write; its public work stays. The caller has checked that the actor is an admin.
 */

type Admin = Pick<SessionUser, "id">;

/**
 * Suspends an account and ends its sessions. Refused for the admin's own account (FORBIDDEN) and
 * for an admin (CONFLICT: make them a member first), so that no admin can lock the others out.
 */
export function suspendAccount(
  db: AppDatabase,
  admin: Admin,
  input: { userId: number; reason: string },
  context: RequestContext,
): { id: number; suspendedAt: string } {
  if (input.userId === admin.id) throw new ServiceError("FORBIDDEN", MESSAGES.suspendOwnAccount);
  return db.transaction(
    (tx) => {
      const target = tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, input.userId))
        .get();
      if (!target) throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
      if (target.role === "admin") throw new ServiceError("CONFLICT", MESSAGES.suspendAdmin);
      const suspendedAt = new Date(context.now);
      tx.update(users)
        .set({ suspendedAt, suspendedReason: input.reason })
        .where(eq(users.id, input.userId))
        .run();
      endAllSessions(tx, input.userId);
      appendAudit(tx, {
        actorId: admin.id,
        action: "account.suspend",
        subjectUserId: input.userId,
        requestId: context.requestId,
        details: { reason: input.reason },
      });
      return { id: input.userId, suspendedAt: suspendedAt.toISOString() };
    },
    { behavior: "immediate" },
  );
}

/** Lifts a suspension: the account may sign in again. CONFLICT when it is not suspended. */
export function unsuspendAccount(
  db: AppDatabase,
  admin: Admin,
  input: { userId: number },
  context: RequestContext,
): { id: number } {
  return db.transaction(
    (tx) => {
      const target = tx
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, input.userId))
        .get();
      if (!target) throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
      if (!target.suspendedAt) throw new ServiceError("CONFLICT", MESSAGES.notSuspended);
      tx.update(users)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(eq(users.id, input.userId))
        .run();
      appendAudit(tx, {
        actorId: admin.id,
        action: "account.unsuspend",
        subjectUserId: input.userId,
        requestId: context.requestId,
      });
      return { id: input.userId };
    },
    { behavior: "immediate" },
  );
}
