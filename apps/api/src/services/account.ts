import { and, eq } from "drizzle-orm";
import { handOverCollectionsOf } from "./collections/collections";
import type { z } from "zod";
import {
  MESSAGES,
  type AccountSession,
  type AccountSettings,
  type accountDeletionInput,
  type passwordChangeInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import { hashPassword, verifyDummyPassword, verifyPassword } from "../auth/password";
import { endOtherSessions, listSessions } from "../auth/session";
import { artifacts, passwordResetTokens, sessions, users } from "../db/schema";
import type { Deps } from "../deps";
import { knownDevice } from "../auth/known-devices";
import { assertPasswordAttemptAllowed, forgiveAttempts } from "../rate-limit";
import { removeCommentsOf } from "./conversation/comments";
import { ServiceError } from "./errors";
import { formerMemberId } from "./former-member";
import { deleteReportsOf } from "./reports";
import type { AttemptOrigin } from "./users";
import { FORMER_MEMBER_NAME } from "@artifact-atlas/shared";

/*
 * Your account (issue 20): change password, where you're signed in, delete my account. Every
 * function acts on the signed-in person's own account only: the actor and the session come from
 * the session, never from the input.
 */

/** The signed-in person and the session they are asking from. */
export interface AccountActor {
  user: SessionUser;
  sessionId: string;
}

/** A Google-only account confirms a deletion from a session this recent (decision 032). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

function credentialsOf(deps: Pick<Deps, "db">, userId: number) {
  const row = deps.db
    .select({ passwordHash: users.passwordHash, googleSubject: users.googleSubject })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  // The session was valid a moment ago; the account can only be gone if it was deleted meanwhile.
  if (!row) throw new ServiceError("UNAUTHORIZED", MESSAGES.signInRequired);
  return row;
}

export function accountSettings(
  deps: Pick<Deps, "db" | "outbox">,
  userId: number,
): AccountSettings {
  const row = credentialsOf(deps, userId);
  return {
    hasPassword: row.passwordHash !== null,
    hasGoogle: row.googleSubject !== null,
    mailEnabled: deps.outbox !== null,
  };
}

/**
 * Checks the account's password as sign-in does: counted against the same limits, the same work
 * whether or not it matches, and the failures forgiven once it does.
 */
async function assertPassword(
  deps: Pick<Deps, "db" | "authRateLimiters">,
  user: SessionUser,
  password: string,
  origin: AttemptOrigin,
): Promise<void> {
  const { passwordHash } = credentialsOf(deps, user.id);
  const device = knownDevice(origin.device, { id: user.id, passwordHash });
  assertPasswordAttemptAllowed(deps.authRateLimiters, origin.ip, user.email, device);
  if (passwordHash === null) {
    await verifyDummyPassword(password);
    throw new ServiceError("BAD_REQUEST", MESSAGES.noPasswordYet);
  }
  if (!(await verifyPassword(passwordHash, password))) {
    throw new ServiceError("FORBIDDEN", MESSAGES.currentPasswordWrong);
  }
  forgiveAttempts(deps.authRateLimiters, origin.ip, user.email, device);
}

/**
 * Change password: the current one, then the new one under the spec's rules. Every other session
 * of the account ends, and so do its reset links; this one stays signed in.
 */
export async function changePassword(
  deps: Pick<Deps, "db" | "authRateLimiters">,
  actor: AccountActor,
  input: z.output<typeof passwordChangeInput>,
  origin: AttemptOrigin,
): Promise<void> {
  await assertPassword(deps, actor.user, input.currentPassword, origin);
  const passwordHash = await hashPassword(input.newPassword);
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, actor.user.id)).run();
    endOtherSessions(tx, actor.user.id, actor.sessionId);
    tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, actor.user.id)).run();
  });
}

/** Where you're signed in: the account's sessions, newest first, this one marked. */
export function mySessions(deps: Pick<Deps, "db" | "now">, actor: AccountActor): AccountSession[] {
  return listSessions(deps.db, actor.user.id, deps.now()).map((session) => ({
    handle: session.handle,
    browser: session.browser ?? "Unknown browser",
    signedInAt: session.signedInAt?.getTime() ?? null,
    current: session.id === actor.sessionId,
  }));
}

/**
 * Signs out one of the account's sessions, named by its handle. A handle of someone else's
 * session is not found among this account's, so it ends nothing. Answers whether it was this one.
 */
export function signOutSession(
  deps: Pick<Deps, "db" | "now">,
  actor: AccountActor,
  handle: string,
): { wasCurrent: boolean } {
  const session = listSessions(deps.db, actor.user.id, deps.now()).find(
    (candidate) => candidate.handle === handle,
  );
  if (!session) throw new ServiceError("NOT_FOUND", MESSAGES.sessionNotFound);
  deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, session.id), eq(sessions.userId, actor.user.id)))
    .run();
  return { wasCurrent: session.id === actor.sessionId };
}

/** Sign out everywhere else: every session of the account but this one. */
export function signOutOtherSessions(deps: Pick<Deps, "db">, actor: AccountActor): void {
  endOtherSessions(deps.db, actor.user.id, actor.sessionId);
}

/**
 * Delete my account. A password account confirms with its password. An account without one
 * (Google only) types its email address, from a session signed in within FRESH_SIGN_IN_MS, so that
 * a cookie left in a browser long ago cannot end the account (decision 032).
 *
 * One transaction: the artifacts are deleted or handed to the former members' account under
 * "Former member"; the person's reports, comments and suggestions are deleted; then the account
 * row goes, and with it (ON DELETE CASCADE) its sessions, likes, notifications, follows,
 * agreements, reset links and collections (a shared one with collaborators is handed to the
 * longest-standing one). Nothing left names the person.
 */
export async function deleteAccount(
  deps: Pick<Deps, "db" | "artifactStore" | "authRateLimiters" | "now">,
  actor: AccountActor,
  input: z.output<typeof accountDeletionInput>,
  origin: AttemptOrigin,
): Promise<void> {
  const { passwordHash } = credentialsOf(deps, actor.user.id);
  if (passwordHash !== null) {
    if (!input.password) throw new ServiceError("BAD_REQUEST", MESSAGES.currentPasswordRequired);
    await assertPassword(deps, actor.user, input.password, origin);
  } else {
    const signedInAt = deps.db
      .select({ signedInAt: sessions.signedInAt })
      .from(sessions)
      .where(eq(sessions.id, actor.sessionId))
      .get()?.signedInAt;
    if (!signedInAt || deps.now() - signedInAt.getTime() > FRESH_SIGN_IN_MS) {
      throw new ServiceError("FORBIDDEN", MESSAGES.deleteNeedsFreshGoogleSignIn);
    }
    if ((input.confirmEmail ?? "").trim().toLowerCase() !== actor.user.email) {
      throw new ServiceError("BAD_REQUEST", MESSAGES.deleteConfirmationWrong);
    }
  }

  const sqlite = deps.db.$client;
  // Deleted rows are overwritten with zeros in the file, not just marked free (decision 033).
  sqlite.pragma("secure_delete = on");
  try {
    deps.db.transaction(
      (tx) => {
        if (input.artifacts === "keep") {
          tx.update(artifacts)
            .set({ ownerId: formerMemberId(tx), username: FORMER_MEMBER_NAME })
            .where(eq(artifacts.ownerId, actor.user.id))
            .run();
        } else {
          tx.delete(artifacts).where(eq(artifacts.ownerId, actor.user.id)).run();
        }
        // The reports go (issue 20): their notes are the person's words. ON DELETE SET NULL alone
        // would keep them, nameless; the decisions on them stay in the audit log. An automatic
        // hide that stood on them is undone (issue 28).
        deleteReportsOf(tx, actor.user.id, deps.now());
        // Their comments and suggestions go (decision 113): a comment others replied to stays as
        // an empty "deleted" placeholder that names no one. Agreements, follows and the digest go
        // with the account row (ON DELETE CASCADE, and a trigger for those who followed them).
        removeCommentsOf(tx, actor.user.id);
        // Shared collections with collaborators go to the longest-standing one (issue 32); the
        // others go with the account row (ON DELETE CASCADE).
        handOverCollectionsOf(deps.artifactStore, actor.user.id, deps.now());
        tx.delete(users).where(eq(users.id, actor.user.id)).run();
      },
      { behavior: "immediate" },
    );
  } finally {
    sqlite.pragma("secure_delete = off");
  }
  // The write-ahead log still holds earlier versions of those pages: fold it into the file and
  // empty it. Best effort: a reader holding an old snapshot (a backup running) can delay it.
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
}
