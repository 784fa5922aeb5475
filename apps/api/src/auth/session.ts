import { createHash, randomBytes } from "node:crypto";
import { DrizzleSQLiteAdapter } from "@lucia-auth/adapter-drizzle";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { Lucia, TimeSpan } from "lucia";
import { MESSAGES, type Role, type SessionUser } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { sessions, users } from "../db/schema";
import { ServiceError } from "../services/errors";
import { browserLabel } from "./browser-label";

/**
 * Our one door to sessions. lucia is deprecated (lucia-auth/lucia#1714) and can be swapped for the
 * guide's ~100 lines here without touching any caller.
 *
 * The cookie carries a random token; the database stores only its SHA-256 as the session id.
 */
export const SESSION_COOKIE_NAME = "atlas_session";
const SESSION_LIFETIME = new TimeSpan(30, "d");

/**
 * On https the cookie's name takes the __Host- prefix: browsers then accept it only from this very
 * host, Secure, with Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot set
 * one that shadows it (RFC 6265bis, section 4.1.3.2).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

/**
 * The most values of the session cookie that one request gets checked: enough that a few planted
 * duplicates cannot hide the real one, few enough that a header stuffed with copies costs little.
 */
const MOST_SESSION_TOKENS_CHECKED = 10;

export interface CookieToSet {
  name: string;
  value: string;
  attributes: {
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: "lax" | "strict" | "none";
    path?: string;
    maxAge?: number;
    expires?: Date;
  };
}

export interface ValidatedSession {
  user: SessionUser;
  sessionId: string;
  /** A renewed (sliding) or blank cookie to send back, when the session changed. */
  cookie: CookieToSet | null;
}

function createLucia(db: AppDatabase, secure: boolean) {
  const adapter = new DrizzleSQLiteAdapter(db, sessions, users);
  return new Lucia(adapter, {
    sessionExpiresIn: SESSION_LIFETIME,
    sessionCookie: { name: sessionCookieName(secure), attributes: { secure, sameSite: "lax" } },
    // The drizzle adapter hands over the row under drizzle's field names (photoUrl), not SQL's.
    getUserAttributes: (row) => ({
      email: row.email,
      name: row.name,
      photoUrl: row.photoUrl,
      role: row.role,
      suspended: row.suspendedAt !== null,
    }),
  });
}

/** A suspended account (issue 29) starts no session, whichever way it signed in. */
export class AccountSuspended extends ServiceError {
  constructor() {
    super("FORBIDDEN", MESSAGES.accountSuspended);
    this.name = "AccountSuspended";
  }
}

declare module "lucia" {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseUserAttributes: {
      email: string;
      name: string;
      photoUrl: string | null;
      role: Role;
      suspendedAt: Date | null;
    };
    DatabaseSessionAttributes: { browser: string; signedInAt: Date };
  }
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The most sessions one account keeps: the oldest ends when one more starts. It bounds "Where
 * you're signed in" to one short list, and what a script signing in in a loop can pile up.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 50;

/**
 * The name a session goes by on "Where you're signed in": derived from its id, which is itself only
 * a hash of the cookie's token, so it can sign no one in and says nothing about the token.
 */
export function sessionHandle(sessionId: string): string {
  return createHash("sha256").update(`handle:${sessionId}`).digest("base64url").slice(0, 22);
}

/** A session as its owner sees it: nothing secret, nothing of the token. */
export interface SessionSummary {
  handle: string;
  browser: string | null;
  signedInAt: Date | null;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(
  db: AppDatabase,
  options: { secureCookies: boolean; now?: () => number },
) {
  const lucia = createLucia(db, options.secureCookies);
  const now = options.now ?? Date.now;

  function cookieFor(token: string): CookieToSet {
    const cookie = lucia.createSessionCookie(token);
    return { name: cookie.name, value: cookie.value, attributes: cookie.attributes };
  }

  function blankCookie(): CookieToSet {
    const cookie = lucia.createBlankSessionCookie();
    return { name: cookie.name, value: cookie.value, attributes: cookie.attributes };
  }

  const cookieName = sessionCookieName(options.secureCookies);

  return {
    /**
     * Every distinct value the Cookie header gives the session cookie, in order. A browser sends
     * two of one name when another was set for a longer path or a parent domain; @fastify/cookie
     * keeps only the first, which may be the planted one.
     */
    tokensIn(cookieHeader: string | undefined): string[] {
      const tokens: string[] = [];
      for (const pair of (cookieHeader ?? "").split(";")) {
        const separator = pair.indexOf("=");
        if (separator === -1 || pair.slice(0, separator).trim() !== cookieName) continue;
        const token = pair.slice(separator + 1).trim();
        if (token !== "" && !tokens.includes(token)) tokens.push(token);
        if (tokens.length === MOST_SESSION_TOKENS_CHECKED) break;
      }
      return tokens;
    },

    /**
     * A new session for a user who just proved who they are; any earlier token is not reused. The
     * User-Agent only names the browser on "Where you're signed in".
     */
    async create(userId: number, userAgent?: string): Promise<CookieToSet> {
      const account = db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      if (account?.suspendedAt) throw new AccountSuspended();
      const token = randomBytes(32).toString("base64url");
      const attributes = { browser: browserLabel(userAgent), signedInAt: new Date(now()) };
      await lucia.createSession(userId, attributes, { sessionId: hashToken(token) });
      endOldestSessions(db, userId);
      return cookieFor(token);
    },

    async validate(token: string | undefined): Promise<ValidatedSession | null> {
      if (!token) return null;
      const { session, user } = await lucia.validateSession(hashToken(token));
      // A suspension ends the account's sessions; this holds should one be left.
      if (!session || !user || user.suspended) return null;
      return {
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          photoUrl: user.photoUrl,
          role: user.role,
        },
        sessionId: session.id,
        cookie: session.fresh ? cookieFor(token) : null,
      };
    },

    async invalidate(sessionId: string): Promise<CookieToSet> {
      await lucia.invalidateSession(sessionId);
      return blankCookie();
    },

    blankCookie,
  };
}

/**
 * Ends every session of a user inside the caller's transaction, so that the account change that
 * calls for it and the end of the sessions commit together or not at all. lucia's own call is
 * async and cannot join a better-sqlite3 transaction.
 */
export function endAllSessions(tx: Pick<AppDatabase, "delete">, userId: number): void {
  tx.delete(sessions).where(eq(sessions.userId, userId)).run();
}

/** Keeps an account's newest MAX_SESSIONS_PER_ACCOUNT sessions; a rowid grows with each new row. */
function endOldestSessions(db: AppDatabase, userId: number): void {
  db.delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions}.rowid not in (${db
          .select({ rowid: sql`rowid` })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(desc(sql`rowid`))
          .limit(MAX_SESSIONS_PER_ACCOUNT)})`,
      ),
    )
    .run();
}

/** An account's live sessions, newest first (at most MAX_SESSIONS_PER_ACCOUNT). */
export function listSessions(
  db: AppDatabase,
  userId: number,
  nowMs: number,
): (SessionSummary & { id: string })[] {
  return db
    .select({ id: sessions.id, browser: sessions.browser, signedInAt: sessions.signedInAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, Math.floor(nowMs / 1000))))
    .orderBy(desc(sql`${sessions}.rowid`))
    .limit(MAX_SESSIONS_PER_ACCOUNT)
    .all()
    .map((row) => ({ ...row, handle: sessionHandle(row.id) }));
}

/** Ends every session of a user but one (the one asking), inside the caller's transaction. */
export function endOtherSessions(
  tx: Pick<AppDatabase, "delete">,
  userId: number,
  keepSessionId: string,
): void {
  tx.delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .run();
}
