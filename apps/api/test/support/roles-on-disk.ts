import Database from "better-sqlite3";
import type { Role } from "@artifact-atlas/shared";

/**
 * Gives an account a role in a running server's database file, as `pnpm users:role` does: the
 * browser tests make their curator so. The server reads the role with the session at each request.
 */
export function setRoleOnDisk(databasePath: string, email: string, role: Role): void {
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const { changes } = db
      .prepare("update users set role = ? where email = ?")
      .run(role, email.toLowerCase());
    if (changes !== 1) throw new Error(`No account ${email} in ${databasePath}`);
  } finally {
    db.close();
  }
}
