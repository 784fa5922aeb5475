import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  GOOGLE_ERROR_MESSAGES,
  hasVisibleCharacter,
  httpUrl,
  isWellFormedText,
  LIMITS,
  MESSAGES,
  type loginInput,
  type profileUpdateInput,
  type SessionUser,
  type signupInput,
} from "@artifact-atlas/shared";
import type { GoogleClaims } from "../auth/google";
import { knownDevice } from "../auth/known-devices";
import { hashPassword, verifyDummyPassword, verifyPassword } from "../auth/password";
import { endAllSessions } from "../auth/session";
import type { AppDatabase } from "../db/client";
import { users } from "../db/schema";
import type { Deps } from "../deps";
import { assertAttemptAllowed, assertPasswordAttemptAllowed, forgiveAttempts } from "../rate-limit";
import { ServiceError } from "./errors";
import { FORMER_MEMBER_EMAIL } from "./former-member";

export type SignupFields = z.output<typeof signupInput>;
export type LoginFields = z.output<typeof loginInput>;
export type ProfileUpdateFields = z.output<typeof profileUpdateInput>;

/** What sign-up and sign-in need: the database and the attempt counters shared by tRPC and REST. */
export type AuthDeps = Pick<Deps, "db" | "authRateLimiters">;

/** Where an attempt comes from: the client's address, and the browser's device cookie if any. */
export interface AttemptOrigin {
  ip: string;
  device?: string | undefined;
}

/** The only columns that ever leave this module: never the password hash. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  photoUrl: users.photoUrl,
  role: users.role,
};

/** Emails are stored lower-case, so the unique index is case-insensitive in effect. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  }
  return false;
}

export function getSessionUser(db: AppDatabase, userId: number): SessionUser | null {
  return db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).get() ?? null;
}

/** Creates a password account. The caller starts the session. */
export async function signup(
  deps: AuthDeps,
  input: SignupFields,
  origin: AttemptOrigin,
): Promise<SessionUser> {
  const email = normalizeEmail(input.email);
  assertAttemptAllowed(deps.authRateLimiters, origin.ip, email);

  const conflict = () => new ServiceError("CONFLICT", MESSAGES.emailAlreadyRegistered);
  // The former members' shared account (decision 033) is taken, even before it exists.
  if (email === FORMER_MEMBER_EMAIL) throw conflict();
  const existing = deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (existing) throw conflict();

  const passwordHash = await hashPassword(input.password);
  let user: SessionUser;
  try {
    user = deps.db
      .insert(users)
      .values({ email, name: input.userName, photoUrl: input.photoUrl ?? null, passwordHash })
      .returning(sessionUserColumns)
      .get();
  } catch (error) {
    // Two sign-ups for one email can both pass the check above while the hash is computed.
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  // A new account starts signed in, with no failed attempts counted against it.
  forgiveAttempts(deps.authRateLimiters, origin.ip, email);
  return user;
}

/**
 * Checks email and password. Unknown email, wrong password and an account without a password all
 * get the same message after the same amount of work. The caller starts the session.
 */
export async function login(
  deps: AuthDeps,
  input: LoginFields,
  origin: AttemptOrigin,
): Promise<SessionUser> {
  const email = normalizeEmail(input.email);
  const row = deps.db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
  const device = row ? knownDevice(origin.device, row) : null;
  assertPasswordAttemptAllowed(deps.authRateLimiters, origin.ip, email, device);

  const valid = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  if (!row || !valid) throw new ServiceError("UNAUTHORIZED", MESSAGES.wrongCredentials);

  // A successful sign-in clears the failures, so a typo earlier costs nothing later.
  forgiveAttempts(deps.authRateLimiters, origin.ip, email, device);
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/** A missing or blank name keeps the current one; a blank photo URL (null) removes the photo. */
export function updateProfile(
  db: AppDatabase,
  actor: Pick<SessionUser, "id">,
  input: ProfileUpdateFields,
): SessionUser {
  const changes: Partial<Pick<typeof users.$inferInsert, "name" | "photoUrl">> = {};
  if (input.displayName !== undefined) changes.name = input.displayName;
  if (input.photoUrl !== undefined) changes.photoUrl = input.photoUrl;

  const user =
    Object.keys(changes).length > 0
      ? db
          .update(users)
          .set(changes)
          .where(eq(users.id, actor.id))
          .returning(sessionUserColumns)
          .get()
      : getSessionUser(db, actor.id);
  // The session was valid a moment ago; the account can only be gone if it was deleted meanwhile.
  if (!user) throw new ServiceError("UNAUTHORIZED", MESSAGES.signInRequired);
  return user;
}

/** A Google sign-in that the account rules refuse; `reason` is the code the Login screen explains. */
export class GoogleAccountRefused extends ServiceError {
  constructor(readonly reason: "email_not_verified" | "account_conflict") {
    super("CONFLICT", GOOGLE_ERROR_MESSAGES[reason]);
    this.name = "GoogleAccountRefused";
  }
}

export interface GoogleSignIn {
  user: SessionUser;
  outcome: "signed_in" | "linked" | "created";
}

/**
 * The provider's name, else the part of the email before the @; at most as long as a form allows.
 * A name the form would refuse (nothing visible, broken text: decision 022) counts as none.
 */
function nameFromClaims(claims: GoogleClaims, email: string): string {
  const given = claims.name?.trim() ?? "";
  const usable = hasVisibleCharacter(given) && isWellFormedText(given);
  const name = (usable ? given : email.split("@")[0]) || email;
  // By code points, so a name is never cut inside an emoji's surrogate pair.
  return Array.from(name).slice(0, LIMITS.userName).join("");
}

/**
 * Finds, links or creates the account for checked Google claims, in one transaction. The Google
 * subject is the identity; an email only links to an existing account when the provider vouches for
 * it (email_verified), or anyone could open a Google account with someone else's address and take
 * over their account here. Linking drops the account's password and ends its sessions. The caller
 * starts the session.
 */
export function signInWithGoogle(db: AppDatabase, claims: GoogleClaims): GoogleSignIn {
  const email = normalizeEmail(claims.email);
  return db.transaction((tx): GoogleSignIn => {
    const bySubject = tx
      .select(sessionUserColumns)
      .from(users)
      .where(eq(users.googleSubject, claims.subject))
      .get();
    if (bySubject) return { user: bySubject, outcome: "signed_in" };

    const byEmail = tx
      .select({ id: users.id, googleSubject: users.googleSubject })
      .from(users)
      .where(eq(users.email, email))
      .get();
    if (email === FORMER_MEMBER_EMAIL) throw new GoogleAccountRefused("account_conflict");
    if (byEmail) {
      if (!claims.emailVerified) throw new GoogleAccountRefused("email_not_verified");
      // Another Google account owns this one already; replacing the link would hand it over.
      if (byEmail.googleSubject !== null) throw new GoogleAccountRefused("account_conflict");
      // Sign-up never proved that whoever chose this account's password owns the email; Google
      // just proved that this person does. So the password and every open session end here, or
      // whoever claimed the email first would keep a way in (decision 020).
      const user = tx
        .update(users)
        .set({ googleSubject: claims.subject, passwordHash: null })
        .where(eq(users.id, byEmail.id))
        .returning(sessionUserColumns)
        .get();
      endAllSessions(tx, byEmail.id);
      return { user, outcome: "linked" };
    }

    const picture = httpUrl.safeParse(claims.picture ?? "");
    const user = tx
      .insert(users)
      .values({
        email,
        name: nameFromClaims(claims, email),
        photoUrl: picture.success ? picture.data : null,
        passwordHash: null,
        googleSubject: claims.subject,
      })
      .returning(sessionUserColumns)
      .get();
    return { user, outcome: "created" };
  });
}
