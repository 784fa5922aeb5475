import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type {
  AdminUser,
  AuditLogEntry,
  adminUsersQuery,
  auditQuery,
  CursorPage,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, auditLog, users } from "../db/schema";
import { newestFirstPage } from "./cursor-pages";

/*
 * What the Admin screen reads: accounts and the audit log (issue 17). The caller has checked that
 * the actor is an admin (adminProcedure, requireRole). Role changes go through services/roles.ts.
 */

export type AdminUsersInput = z.output<typeof adminUsersQuery>;
export type AuditInput = z.output<typeof auditQuery>;

/** "Contains `search`" as a LIKE pattern, where `%`, `_` and `\` in the search are literal. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Accounts newest first, a page at a time, optionally by role and containing `search` in the name
 * or the email. The search walks the users table along its primary key and stops at a full page:
 * a community's accounts are few enough for that (docs/decisions/060-admin-accounts-search.md,
 * measured in docs/benchmarks.md); the role filter uses users_role_idx.
 */
export function listUsers(db: AppDatabase, input: AdminUsersInput): CursorPage<AdminUser> {
  // SQLite's LIKE reads its pattern as C text, which ends at a NUL: nothing contains one.
  if (input.search?.includes("\u0000")) return { items: [], nextCursor: null };
  const conditions: SQL[] = [];
  if (input.role) conditions.push(eq(users.role, input.role));
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(
      or(
        sql`${users.name} like ${pattern} escape '\\'`,
        sql`${users.email} like ${pattern} escape '\\'`,
      ) as SQL,
    );
  }
  const query = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      joinedAt: users.joinedAt,
      // Counted along artifacts_owner_idx, only for the accounts on the page.
      // Spelled out: drizzle leaves columns unqualified here, and a bare "id" would be the artifact's.
      artifactCount: sql<number>`(select count(*) from "artifacts" as "owned" where "owned"."owner_id" = "users"."id")`,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
    })
    .from(users)
    .$dynamic();
  return newestFirstPage(query, users.id, and(...conditions), input, (row) => ({
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  }));
}

/** Up to AUDIT_PERSON_MATCHES accounts whose name or email contains `search`, newest first. */
function matchingAccounts(db: AppDatabase, search: string): number[] {
  if (search.includes("\u0000")) return [];
  const pattern = containsPattern(search);
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`${users.name} like ${pattern} escape '\\'`,
        sql`${users.email} like ${pattern} escape '\\'`,
      ),
    )
    .orderBy(desc(users.id))
    .limit(AUDIT_PERSON_MATCHES)
    .all()
    .map((row) => row.id);
}

const actor = alias(users, "actor");
const subject = alias(users, "subject");

/** The most accounts a `person` filter of the audit log stands for: a name, not a census. */
export const AUDIT_PERSON_MATCHES = 20;

/**
 * The audit log newest first, a page at a time (keyset on id), filtered by actor (an account id,
 * or a person: accounts whose name or email contains the text), action and artifact; each filter
 * has an index that ends with the id (schema/audit.ts). Names are the accounts' and artifacts'
 * current ones, and null once they are gone (decision 026).
 */
export function listAudit(db: AppDatabase, input: AuditInput): CursorPage<AuditLogEntry> {
  const conditions: SQL[] = [];
  if (input.actorId !== undefined) conditions.push(eq(auditLog.actorId, input.actorId));
  if (input.person !== undefined) {
    const people = matchingAccounts(db, input.person);
    if (people.length === 0) return { items: [], nextCursor: null };
    conditions.push(inArray(auditLog.actorId, people));
  }
  if (input.action !== undefined) conditions.push(eq(auditLog.action, input.action));
  if (input.artifactId !== undefined) conditions.push(eq(auditLog.artifactId, input.artifactId));
  const query = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName: actor.name,
      action: auditLog.action,
      artifactId: auditLog.artifactId,
      artifactName: artifacts.artifactName,
      subjectUserId: auditLog.subjectUserId,
      subjectName: subject.name,
      requestId: auditLog.requestId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .leftJoin(artifacts, eq(artifacts.id, auditLog.artifactId))
    .$dynamic();
  return newestFirstPage(query, auditLog.id, and(...conditions), input, (row) => ({
    ...row,
    at: row.at.toISOString(),
  }));
}
