import { createHash, randomBytes } from "node:crypto";
import { DrizzleSQLiteAdapter } from "@lucia-auth/adapter-drizzle";
import { eq } from "drizzle-orm";
import { Lucia, TimeSpan } from "lucia";
import type { Role, SessionUser } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { sessions, users } from "../db/schema";

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
    }),
  });
}

declare module "lucia" {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseUserAttributes: { email: string; name: string; photoUrl: string | null; role: Role };
  }
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: AppDatabase, options: { secureCookies: boolean }) {
  const lucia = createLucia(db, options.secureCookies);

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

    /** A new session for a user who just proved who they are; any earlier token is not reused. */
    async create(userId: number): Promise<CookieToSet> {
      const token = randomBytes(32).toString("base64url");
      await lucia.createSession(userId, {}, { sessionId: hashToken(token) });
      return cookieFor(token);
    },

    async validate(token: string | undefined): Promise<ValidatedSession | null> {
      if (!token) return null;
      const { session, user } = await lucia.validateSession(hashToken(token));
      if (!session || !user) return null;
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
