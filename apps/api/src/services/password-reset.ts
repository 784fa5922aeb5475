import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  type AdminResetLink,
  MESSAGES,
  type passwordResetInput,
  type passwordResetRequestInput,
  type ResetLinkState,
  type SessionUser,
} from "@artifact-atlas/shared";
import { hashPassword } from "../auth/password";
import { endAllSessions } from "../auth/session";
import type { AppDatabase } from "../db/client";
import { passwordResetTokens, users } from "../db/schema";
import type { Deps } from "../deps";
import type { MailMessage } from "../mail/outbox";
import { assertResetRequestAllowed } from "../rate-limit";
import { appendAudit } from "./audit";
import { ServiceError } from "./errors";
import { FORMER_MEMBER_EMAIL } from "./former-member";
import { normalizeEmail, sessionUserColumns, type AttemptOrigin } from "./users";

/*
 * Forgot password (issue 20, decision 030): a link by email, or made by an administrator, that lets
 * its holder choose a new password once within 30 minutes.
 */

export const RESET_LINK_LIFETIME_MS = 30 * 60_000;
/** Used and expired rows are kept a day, so that an old link can say what became of it. */
const SPENT_ROWS_KEPT_MS = 24 * 60 * 60_000;
/** Where the Choose a new password screen lives; the token follows the #, which no server sees. */
export const RESET_PATH = "/reset-password";

export type ResetLinkDeps = Pick<Deps, "db" | "env" | "now">;
export type ResetRequestDeps = ResetLinkDeps & Pick<Deps, "outbox" | "resetRateLimiters">;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type Writer = Pick<AppDatabase, "select" | "insert" | "delete">;

/** The account a link may be made for: any but the former members' (decision 033). */
function linkableAccount(tx: Pick<AppDatabase, "select">, userId: number) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.email, FORMER_MEMBER_EMAIL)))
    .get();
}

/** Stores a new token's hash for the account (clearing rows spent over a day ago) and answers it. */
function insertResetToken(tx: Writer, userId: number, now: number): string {
  const token = randomBytes(32).toString("base64url");
  tx.delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, new Date(now - SPENT_ROWS_KEPT_MS)))
    .run();
  tx.insert(passwordResetTokens)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(now + RESET_LINK_LIFETIME_MS),
    })
    .run();
  return token;
}

function resetLinkOf(deps: ResetLinkDeps, token: string): string {
  return `${deps.env.publicOrigin}${RESET_PATH}#${token}`;
}

/**
 * A one-time link with which the account's holder can choose a new password, valid for 30
 * minutes, as the reset email carries it. Only the token's hash is stored.
 */
export function createResetLink(deps: ResetLinkDeps, userId: number): string {
  const token = deps.db.transaction((tx) => {
    if (!linkableAccount(tx, userId)) {
      throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
    }
    return insertResetToken(tx, userId, deps.now());
  });
  return resetLinkOf(deps, token);
}

export interface AdminResetLinkRequest {
  /** The admin (the caller has checked the role); null for the command line on the server. */
  actorId: number | null;
  userId: number;
  requestId: string | null;
  /** Where a link made off the request path came from, for the audit log. */
  source?: string;
}

/**
 * The Admin screen's reset link (decision 070), for when mail is off or does not arrive. It ends
 * the account's earlier unused links, so that only the link just handed over works; an admin
 * cannot make one for their own account (Change password asks for the current one). The audit log
 * names the admin and the account, never the link. `pnpm users:reset-link` makes one as no one.
 */
export function createResetLinkByAdmin(
  deps: ResetLinkDeps & { outbox?: Deps["outbox"] },
  request: AdminResetLinkRequest,
): AdminResetLink {
  if (request.userId === request.actorId) {
    throw new ServiceError("FORBIDDEN", MESSAGES.resetLinkOwnAccount);
  }
  const now = deps.now();
  const token = deps.db.transaction(
    (tx) => {
      if (!linkableAccount(tx, request.userId)) {
        throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
      }
      tx.delete(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.userId, request.userId), isNull(passwordResetTokens.usedAt)),
        )
        .run();
      appendAudit(tx, {
        actorId: request.actorId,
        action: "account.reset_link",
        subjectUserId: request.userId,
        requestId: request.requestId,
        details: request.source ? { source: request.source } : null,
      });
      return insertResetToken(tx, request.userId, now);
    },
    { behavior: "immediate" },
  );
  // The person hears of it from us, not only from whoever was handed the link (decision 088).
  deps.outbox?.add(() => composeAdminLinkNotice(deps, request.userId));
  return {
    userId: request.userId,
    link: resetLinkOf(deps, token),
    expiresAt: new Date(now + RESET_LINK_LIFETIME_MS).toISOString(),
  };
}

/** The account `which` names, if it is one that mail can reach (not the former-member account). */
function mailableAccount(deps: ResetLinkDeps, which: SQL) {
  return deps.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(which, ne(users.email, FORMER_MEMBER_EMAIL)))
    .get();
}

/**
 * The notice to an account's holder that an administrator made a reset link for it: never the
 * link itself, which only the admin holds. Null when the account is gone by then.
 */
function composeAdminLinkNotice(deps: ResetLinkDeps, userId: number): MailMessage | null {
  const user = mailableAccount(deps, eq(users.id, userId));
  if (!user) return null;
  return {
    to: user.email,
    subject: "An administrator made a password reset link for your Artifact Atlas account",
    text: [
      `Hello ${user.name},`,
      "",
      "An administrator of Artifact Atlas made a one-time link to choose a new password for your",
      "account, to hand to you. It works once, within 30 minutes. This email does not hold it.",
      "",
      "If you asked for it, there is nothing more to do.",
      'If you did not, choose a new password now with "Forgot password?" on the Login page:',
      "that ends the administrator's link. Then tell an administrator.",
    ].join("\n"),
  };
}

/** The reset email, or null when the address has no account (then nothing is sent). */
function composeResetMail(deps: ResetLinkDeps, email: string): MailMessage | null {
  const user = mailableAccount(deps, eq(users.email, email));
  if (!user) return null;
  const link = createResetLink(deps, user.id);
  return {
    to: email,
    subject: "Reset your Artifact Atlas password",
    text: [
      `Hello ${user.name},`,
      "",
      "Someone (we hope you) asked to reset the password of your Artifact Atlas account.",
      "To choose a new password, open this link within 30 minutes. It works once:",
      "",
      link,
      "",
      "Choosing a new password signs you out everywhere else.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
  };
}

/**
 * Reset your password. The answer is the same whether or not the address has an account: the
 * request only counts against its limits and leaves a job in the outbox, which looks the account
 * up after the answer has gone (so the time taken says nothing either).
 */
export function requestPasswordReset(
  deps: ResetRequestDeps,
  input: z.output<typeof passwordResetRequestInput>,
  origin: AttemptOrigin,
): { message: string } {
  if (!deps.outbox) throw new ServiceError("BAD_REQUEST", MESSAGES.resetByEmailOff);
  const email = normalizeEmail(input.email);
  assertResetRequestAllowed(deps.resetRateLimiters, origin.ip, email);
  deps.outbox.add(() => composeResetMail(deps, email));
  return { message: MESSAGES.resetLinkSent };
}

interface TokenRow {
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

function stateOf(row: TokenRow | undefined, now: number): ResetLinkState {
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "valid";
}

const REFUSALS: Record<Exclude<ResetLinkState, "valid">, string> = {
  used: MESSAGES.resetLinkUsed,
  expired: MESSAGES.resetLinkExpired,
  invalid: MESSAGES.resetLinkInvalid,
};

function findToken(db: Pick<AppDatabase, "select">, tokenHash: string): TokenRow | undefined {
  return db
    .select({
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .get();
}

/** What a link is, so that Choose a new password can say so before anyone types. */
export function checkResetLink(deps: Pick<Deps, "db" | "now">, token: string): ResetLinkState {
  return stateOf(findToken(deps.db, hashToken(token)), deps.now());
}

/**
 * Choose a new password: the link is spent, the password set (also for an account that had none,
 * such as a Google-only one), every session of the account ends and the account's other links
 * stop working, all in one transaction. The caller starts the new session.
 */
export async function resetPassword(
  deps: Pick<Deps, "db" | "now">,
  input: z.output<typeof passwordResetInput>,
): Promise<SessionUser> {
  const refuse = (state: ResetLinkState) => {
    if (state !== "valid") throw new ServiceError("BAD_REQUEST", REFUSALS[state]);
  };
  // A forged or spent link is refused before the costly hash, so such requests cost nothing.
  refuse(checkResetLink(deps, input.token));
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashToken(input.token);
  return deps.db.transaction(
    (tx) => {
      // Again inside the transaction: two tabs may have sent the same link at once.
      const row = findToken(tx, tokenHash);
      const now = deps.now();
      refuse(stateOf(row, now));
      const { userId } = row as TokenRow;
      tx.update(passwordResetTokens)
        .set({ usedAt: new Date(now) })
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .run();
      tx.delete(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.tokenHash, tokenHash)),
        )
        .run();
      const user = tx
        .update(users)
        .set({ passwordHash })
        .where(eq(users.id, userId))
        .returning(sessionUserColumns)
        .get();
      if (!user) throw new ServiceError("BAD_REQUEST", MESSAGES.resetLinkInvalid);
      endAllSessions(tx, userId);
      return user;
    },
    { behavior: "immediate" },
  );
}
