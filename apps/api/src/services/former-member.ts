import { eq } from "drizzle-orm";
import { FORMER_MEMBER_NAME } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { users } from "../db/schema";

/*
 * Artifacts kept after their contributor left belong to one shared account that names no one
 * (decision 033): every former member's kept artifacts together, so nothing even tells which of
 * them came from the same person. It has no password and no Google link, its address is in the
 * reserved .invalid domain (RFC 2606), and reset links are never made for it: no one can sign in
 * as it.
 */

export const FORMER_MEMBER_EMAIL = "former-member@artifact-atlas.invalid";

/** The shared account's id, made the first time a member leaves and keeps their artifacts. */
export function formerMemberId(tx: Pick<AppDatabase, "insert" | "select">): number {
  tx.insert(users)
    .values({ email: FORMER_MEMBER_EMAIL, name: FORMER_MEMBER_NAME })
    .onConflictDoNothing()
    .run();
  const row = tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, FORMER_MEMBER_EMAIL))
    .get();
  if (!row) throw new Error("the former-member account could not be made");
  return row.id;
}
