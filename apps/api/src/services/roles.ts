import { count, eq } from "drizzle-orm";
import { MESSAGES, type Role } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { users } from "../db/schema";
import { appendAudit } from "./audit";
import { ServiceError } from "./errors";
import { FORMER_MEMBER_EMAIL } from "./former-member";

export interface RoleChange {
  /** The admin who decided; null for the command line and ADMIN_EMAILS. */
  actorId: number | null;
  userId: number;
  role: Role;
  requestId?: string | null;
  /** Where a change off the request path came from, for the audit log. */
  source?: string;
}

/**
 * Gives an account a role, recorded in the audit log. The last admin cannot stop being one, so
 * that the community never loses the only account that can grant roles (issue 17).
 */
export function setRole(db: AppDatabase, change: RoleChange): { from: Role; to: Role } {
  return db.transaction((tx) => {
    const target = tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, change.userId))
      .get();
    if (!target) throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
    // No one can sign in as the shared former-member account (decision 033): as an admin it would
    // count towards "not the last admin" while no one could use it.
    if (target.email === FORMER_MEMBER_EMAIL) {
      throw new ServiceError("CONFLICT", MESSAGES.formerMemberRole);
    }
    if (target.role === change.role) return { from: target.role, to: change.role };
    if (target.role === "admin") {
      const admins = tx.select({ n: count() }).from(users).where(eq(users.role, "admin")).get();
      if ((admins?.n ?? 0) <= 1) throw new ServiceError("CONFLICT", MESSAGES.lastAdmin);
    }
    tx.update(users).set({ role: change.role }).where(eq(users.id, change.userId)).run();
    appendAudit(tx, {
      actorId: change.actorId,
      action: "role.change",
      subjectUserId: change.userId,
      requestId: change.requestId ?? null,
      details: {
        from: target.role,
        to: change.role,
        ...(change.source ? { source: change.source } : {}),
      },
    });
    return { from: target.role, to: change.role };
  });
}

/** The account with this email (stored lower-case), or null. */
export function findUserIdByEmail(db: AppDatabase, email: string): number | null {
  const row = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .get();
  return row?.id ?? null;
}

/**
 * ADMIN_EMAILS, applied at start: each listed account becomes an admin. Returns the emails that
 * have no account yet, for the start to name (they become admins at the first start after).
 */
export function applyAdminEmails(db: AppDatabase, emails: readonly string[]): string[] {
  const missing: string[] = [];
  for (const email of emails) {
    const userId = findUserIdByEmail(db, email);
    if (userId === null) missing.push(email);
    else setRole(db, { actorId: null, userId, role: "admin", source: "ADMIN_EMAILS" });
  }
  return missing;
}
