import type { Role } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase, type AppDatabase } from "../../src/db/client";
import { notify, type NewNotification } from "../../src/services/notifications";
import { findUserIdByEmail, setRole } from "../../src/services/roles";

/*
 * For browser tests: what no screen can do yet, done on the running server's own database file
 * through the services (as `pnpm users:role` does), e.g. the first admin, or a curator's
 * notification to a member. The server reads roles and notifications from the file at each request.
 */

function onDatabase<T>(path: string, work: (db: AppDatabase) => T): T {
  const db = openDatabase(path);
  try {
    return work(db);
  } finally {
    closeDatabase(db);
  }
}

function accountId(db: AppDatabase, email: string): number {
  const id = findUserIdByEmail(db, email);
  if (id === null) throw new Error(`No account for ${email}`);
  return id;
}

/** Gives the account with this email a role, as the command line does. */
export function setRoleOn(path: string, email: string, role: Role): void {
  onDatabase(path, (db) => {
    setRole(db, { actorId: null, userId: accountId(db, email), role, source: "test" });
  });
}

/** Notifies the account with this email, as a curator's decision does. */
export function notifyOn(
  path: string,
  email: string,
  notification: Omit<NewNotification, "userId">,
): void {
  onDatabase(path, (db) => notify(db, { ...notification, userId: accountId(db, email) }));
}
