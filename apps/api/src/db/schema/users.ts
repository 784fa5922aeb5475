import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ROLES } from "@artifact-atlas/shared";

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
  },
  (table) => [
    check("users_role_known", sql`${table.role} in ('member', 'curator', 'admin')`),
    /** The Admin screen's "curators and admins" and the last-admin check read only these rows. */
    index("users_role_idx").on(table.role),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a copy of the database yields no usable session. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Seconds since the epoch, a plain integer as the lucia adapter requires (lucia-auth/lucia#1628). */
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);
