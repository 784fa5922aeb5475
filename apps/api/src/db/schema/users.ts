import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ROLES } from "@artifact-atlas/shared";
import { belongsTo } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Always stored lower-case, so the unique index is case-insensitive in effect. */
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    photoUrl: text("photo_url"),
    /** Null for accounts that cannot use a password (Google-only, seeded demo accounts). */
    passwordHash: text("password_hash"),
    googleSubject: text("google_subject").unique(),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** member, curator or admin (docs/decisions/025-roles.md). */
    role: text("role", { enum: ROLES }).notNull().default("member"),
    /** Set by an admin (issue 29): the account cannot sign in or write; its public work stays. */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    suspendedReason: text("suspended_reason"),
  },
  (table) => [
    check("users_role_known", sql`${table.role} in ('member', 'curator', 'admin')`),
    /** The Admin screen's "curators and admins" and the last-admin check read only these rows. */
    index("users_role_idx").on(table.role),
    /** An @name in a comment finds its member here, whatever the letter case (issue 33). */
    index("users_name_lower_idx").on(sql`lower(${table.name})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a copy of the database yields no usable session. */
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    /** Seconds since the epoch, a plain integer as the lucia adapter requires (lucia-auth/lucia#1628). */
    expiresAt: integer("expires_at").notNull(),
    /**
     * What "Where you're signed in" shows: the browser and system named from the User-Agent at
     * sign-in (a short label, never the raw header), and when. Null for sessions older than them.
     */
    browser: text("browser"),
    signedInAt: integer("signed_in_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * Password reset links. The link carries a random token; only its SHA-256 is kept, so a copy of
 * the database opens no account. A row is used once (used_at), and lives 30 minutes.
 */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("password_reset_tokens_user_idx").on(table.userId),
    index("password_reset_tokens_expires_idx").on(table.expiresAt),
  ],
);
