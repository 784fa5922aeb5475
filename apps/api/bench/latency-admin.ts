import { adminUsersQuery, auditQuery, notificationsQuery } from "@artifact-atlas/shared";
import type { AppDatabase } from "../src/db/client";
import { listAudit, listUsers } from "../src/services/admin";
import {
  listNotifications,
  removeOldNotifications,
  unreadCount,
} from "../src/services/notification-list";
import { ADMIN_BENCH_SIZE } from "./generate-admin";

/** The Admin screen's and the bell's reads (issue 17), as latency cases on the bench database. */
export function adminLatencyCases(
  sampleId: number,
): { label: string; run: (db: AppDatabase) => unknown }[] {
  const users = (input: object) => (db: AppDatabase) => listUsers(db, adminUsersQuery.parse(input));
  const audit = (input: object) => (db: AppDatabase) => listAudit(db, auditQuery.parse(input));
  const reader = ADMIN_BENCH_SIZE.busiestReader;
  return [
    { label: "admin accounts page 1", run: users({}) },
    { label: "admin accounts page 100 (cursor)", run: users({ cursor: 5_000 }) },
    { label: 'admin accounts search "member 99" (common)', run: users({ search: "member 99" }) },
    // No account matches: the whole users table is read, the worst case of the search.
    { label: 'admin accounts search "zzz" (none: whole table)', run: users({ search: "zzz" }) },
    { label: "admin accounts role=curator", run: users({ role: "curator" }) },
    { label: "audit page 1", run: audit({}) },
    { label: "audit deep page (cursor 1,000)", run: audit({ cursor: 1_000 }) },
    { label: "audit action=artifact.hide", run: audit({ action: "artifact.hide" }) },
    { label: "audit actorId=3", run: audit({ actorId: 3 }) },
    { label: "audit artifactId (one artifact)", run: audit({ artifactId: sampleId }) },
    {
      label: "audit actorId=3 action=role.change",
      run: audit({ actorId: 3, action: "role.change" }),
    },
    {
      label: `notifications unread count (${ADMIN_BENCH_SIZE.busiestReaderNotifications} unread)`,
      run: (db) => unreadCount(db, reader),
    },
    {
      label: "notifications list page 1",
      run: (db) => listNotifications(db, reader, notificationsQuery.parse({})),
    },
    // Nothing to remove after the first run: what the hourly pass costs on a kept table.
    {
      label: "notifications clean-up (hourly)",
      run: (db) => removeOldNotifications(db, new Date()),
    },
  ];
}
