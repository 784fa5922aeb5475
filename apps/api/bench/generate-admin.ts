import type Database from "better-sqlite3";
import { AUDIT_ACTIONS, NOTIFICATION_KINDS } from "@artifact-atlas/shared";

/*
 * The Admin screen's and the bell's rows in the bench collection (issue 17): an audit log and
 * notifications, for the latency rows of bench/latency-admin.ts.
 */

export const ADMIN_BENCH_SIZE = {
  auditEntries: 50_000,
  /** Accounts 1..20 are the curators and admins who decided. */
  deciders: 20,
  notificationsPerUser: 10,
  /** The account with the most notifications: as many as the clean-up keeps, all unread. */
  busiestReader: 1,
  busiestReaderNotifications: 200,
} as const;

/** Inside the generator's transaction; `next` is its seeded random number generator. */
export function generateAdminRows(
  sqlite: Database.Database,
  next: () => number,
  sizes: { users: number; artifacts: number; now: number },
): void {
  const promote = sqlite.prepare("update users set role = ? where id = ?");
  for (let id = 1; id <= ADMIN_BENCH_SIZE.deciders; id += 1) {
    promote.run(id <= 2 ? "admin" : "curator", id);
  }
  const insertAudit = sqlite.prepare(
    `insert into audit_log (at, actor_id, action, artifact_id, subject_user_id, request_id, details)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const year = 365 * 24 * 3600 * 1000;
  const { auditEntries, deciders } = ADMIN_BENCH_SIZE;
  for (let i = 0; i < auditEntries; i += 1) {
    const action = AUDIT_ACTIONS[Math.floor(next() * AUDIT_ACTIONS.length)] as string;
    const roleChange = action === "role.change";
    insertAudit.run(
      sizes.now - Math.floor(((auditEntries - i) / auditEntries) * year),
      1 + Math.floor(next() * deciders),
      action,
      roleChange ? null : 1 + Math.floor(next() * sizes.artifacts),
      roleChange ? 1 + Math.floor(next() * sizes.users) : null,
      `bench-${i}`,
      roleChange ? '{"from":"member","to":"curator"}' : '{"reason":"duplicate"}',
    );
  }
  const insertNotification = sqlite.prepare(
    `insert into notifications (user_id, kind, artifact_id, reason, created_at, read_at)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const notifyOne = (userId: number, read: boolean) => {
    const at = sizes.now - Math.floor(next() * year);
    insertNotification.run(
      userId,
      NOTIFICATION_KINDS[Math.floor(next() * NOTIFICATION_KINDS.length)],
      1 + Math.floor(next() * sizes.artifacts),
      "duplicate",
      at,
      read ? at : null,
    );
  };
  for (let userId = 1; userId <= sizes.users; userId += 1) {
    if (userId === ADMIN_BENCH_SIZE.busiestReader) continue;
    for (let j = 0; j < ADMIN_BENCH_SIZE.notificationsPerUser; j += 1) notifyOne(userId, j > 0);
  }
  for (let j = 0; j < ADMIN_BENCH_SIZE.busiestReaderNotifications; j += 1) {
    notifyOne(ADMIN_BENCH_SIZE.busiestReader, false);
  }
}
