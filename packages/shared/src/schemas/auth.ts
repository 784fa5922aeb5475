import { z } from "zod";
import { LIMITS, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";
import { MESSAGES } from "../messages";
import { email, hasVisibleCharacter, httpUrl, isWellFormedText, optionalHttpUrl } from "./fields";

/** Every failing rule is reported, joined with ", " (spec section 5). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (!/[A-Z]/.test(password)) problems.push(MESSAGES.passwordUppercase);
  if (!/[a-z]/.test(password)) problems.push(MESSAGES.passwordLowercase);
  if (!/[0-9]/.test(password)) problems.push(MESSAGES.passwordNumber);
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(MESSAGES.passwordLength);
  return problems;
}

export const newPassword = z
  .string({ error: MESSAGES.passwordLength })
  .max(LIMITS.password, MESSAGES.passwordTooLong)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Password"))
  .superRefine((password, ctx) => {
    const problems = passwordProblems(password);
    if (problems.length > 0) ctx.addIssue({ code: "custom", message: problems.join(", ") });
  });

/** At least 5 characters, and some a person can see: five NULs are no name. */
export const userName = z
  .string({ error: MESSAGES.userNameTooShort })
  .trim()
  .min(USERNAME_MIN_LENGTH, { error: MESSAGES.userNameTooShort, abort: true })
  .refine(hasVisibleCharacter, MESSAGES.userNameTooShort)
  .max(LIMITS.userName, MESSAGES.userNameTooLong)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Username"));

export const signupInput = z.object({
  userName,
  photoUrl: optionalHttpUrl,
  email,
  password: newPassword,
});
export type SignupInput = z.input<typeof signupInput>;

export const loginInput = z.object({
  email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.password, MESSAGES.wrongCredentials)
    .refine(isWellFormedText, MESSAGES.brokenCharacter("Password")),
});
export type LoginInput = z.input<typeof loginInput>;

/**
 * Both fields optional (spec section 5). A blank name keeps the current one, because every
 * contribution is credited to a name; a name no one can see counts as blank. A blank photo URL
 * removes the photo (null).
 */
export const profileUpdateInput = z.object({
  displayName: z
    .string()
    .trim()
    .max(LIMITS.userName, MESSAGES.userNameTooLong)
    .refine(isWellFormedText, MESSAGES.brokenCharacter("Name"))
    .optional()
    .transform((value) => (value && hasVisibleCharacter(value) ? value : undefined)),
  photoUrl: z
    .union([z.literal(""), httpUrl])
    .optional()
    .transform((value) => (value === "" ? null : value)),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;
