import { z } from "zod";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { newPassword } from "./auth";
import { email, isWellFormedText } from "./fields";

/** Reset your password: the address to send a link to. */
export const passwordResetRequestInput = z.object({ email });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/**
 * The token of a reset link: 32 random bytes in base64url (43 characters). Anything else is no
 * link of ours, refused before the database is asked.
 */
export const resetToken = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.resetLinkInvalid);

export const resetLinkInput = z.object({ token: resetToken });

/** Choose a new password: the link's token and the new password, under the spec's rules. */
export const passwordResetInput = z.object({ token: resetToken, password: newPassword });
export type PasswordResetInput = z.input<typeof passwordResetInput>;
/** The form of Choose a new password (the token comes from the link). */
export const choosePasswordInput = passwordResetInput.pick({ password: true });
export type ChoosePasswordInput = z.input<typeof choosePasswordInput>;

/** What a reset link is, as the Choose a new password screen asks before the form shows. */
export const RESET_LINK_STATES = ["valid", "used", "expired", "invalid"] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];

const currentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, MESSAGES.currentPasswordRequired)
  .max(LIMITS.password, MESSAGES.currentPasswordWrong)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Current password"));

/** Change password, on Update Profile. */
export const passwordChangeInput = z.object({ currentPassword, newPassword });
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;

/** Sign out one session, named by its handle (never anything of its token). */
export const sessionHandleInput = z.object({
  handle: z.string().regex(/^[A-Za-z0-9_-]{22}$/, MESSAGES.sessionNotFound),
});

/** What becomes of a leaving member's artifacts. */
export const LEAVING_ARTIFACT_CHOICES = ["delete", "keep"] as const;

/** The name kept artifacts are shown under after their contributor left. */
export const FORMER_MEMBER_NAME = "Former member";

/**
 * Delete my account. A password account confirms with its password; an account without one
 * (Google only) types its email address, from a session signed in within the last 10 minutes
 * (decision 032).
 */
export const accountDeletionInput = z.object({
  artifacts: z.enum(LEAVING_ARTIFACT_CHOICES),
  password: z.string().max(LIMITS.password).optional(),
  confirmEmail: z.string().max(LIMITS.email).optional(),
});
export type AccountDeletionInput = z.input<typeof accountDeletionInput>;

/** A session on "Where you're signed in". */
export interface AccountSession {
  handle: string;
  browser: string;
  /** Milliseconds since the epoch; null for sessions from before the list existed. */
  signedInAt: number | null;
  current: boolean;
}

/** What Update Profile needs to know about the account beyond the session's user. */
export interface AccountSettings {
  hasPassword: boolean;
  hasGoogle: boolean;
  /** Whether this site can send reset links by email (SMTP_URL and MAIL_FROM are set). */
  mailEnabled: boolean;
}
