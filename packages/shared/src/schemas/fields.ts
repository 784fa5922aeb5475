import { z } from "zod";
import { LIMITS } from "../constants";
import { isUploadedImagePath } from "../images";
import { MESSAGES } from "../messages";

// zod probes `new Function` to compile fast object parsers; the web app's Content-Security-Policy
// forbids eval, and the refused probe is reported as a violation. Plain parsing is fast enough.
z.config({ jitless: true });

/**
 * A character someone can see: not whitespace, a control character (NUL and the like), a format
 * character (zero-width space, soft hyphen), another default-ignorable one (Hangul fillers) or the
 * blank Braille pattern. A text without one is blank to a person, whatever its length.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}

/** Half of a surrogate pair on its own: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Whether `text` is well-formed UTF-16: every text field refuses one that is not (decision 022). */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** A required, trimmed text field whose messages name the field as the form labels it. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: MESSAGES.fieldRequired(label) })
    .trim()
    .refine(hasVisibleCharacter, MESSAGES.fieldRequired(label))
    .max(max, MESSAGES.fieldTooLong(label, max))
    .refine(isWellFormedText, MESSAGES.brokenCharacter(label));
}

/** Decimal digits, as a person types a number: "0x10", "1e3", " 7" and "" are not (issue 28). */
const DECIMAL_DIGITS = /^-?\d+$/;

/**
 * Before a number is coerced: text that is not decimal digits becomes NaN, which the number
 * refuses with its own message; z.coerce.number() alone read "0x10" as 16, "1e3" as 1000 and
 * "" as 0. (As a preprocess, the OpenAPI document still shows the number's own bounds.)
 */
export function decimalDigitsOnly(value: unknown): unknown {
  return typeof value === "string" && !DECIMAL_DIGITS.test(value) ? Number.NaN : value;
}

/** A whole number from 1 to `max`, from JSON or a query string; one message for every failure. */
export function wholeNumber(name: string, max: number) {
  const message = `${name} must be a whole number from 1 to ${max}.`;
  return z.preprocess(
    decimalDigitsOnly,
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message),
  );
}

/** A keyset page's cursor in a query: the previous page's nextCursor, none for the first page. */
export const pageCursor = wholeNumber("cursor", Number.MAX_SAFE_INTEGER)
  .nullish()
  .describe("The previous page's nextCursor; none for the first page.");

/** A keyset page's size in a query: `pageSize` by default and at most. */
export const pageLimit = (pageSize: number) =>
  wholeNumber("limit", pageSize)
    .default(pageSize)
    .describe(`Items per page; default and maximum ${pageSize}.`);

/** A keyset page of `item`s: nextCursor goes in the next call's cursor; null on the last page. */
export function cursorPageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });
}

export const MAX_REVISION_NUMBER = Number.MAX_SAFE_INTEGER;
const REVISION_NUMBER_MESSAGE = `A revision must be a whole number from 1 to ${MAX_REVISION_NUMBER}.`;

/**
 * A revision number in a JSON body (issue 17, history): a whole number, never a string or a
 * boolean that coercion would turn into one.
 */
export const revisionNumber = z
  .number({ error: REVISION_NUMBER_MESSAGE })
  .int(REVISION_NUMBER_MESSAGE)
  .min(1, REVISION_NUMBER_MESSAGE)
  .max(MAX_REVISION_NUMBER, REVISION_NUMBER_MESSAGE);

/** Only http(s): a `javascript:` or `data:` URL rendered as an image source is an attack, not a photo. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A URL field: trimmed, bounded, well-formed, and accepted when `accepts` says so. */
function urlField(accepts: (value: string) => boolean) {
  return z
    .string({ error: MESSAGES.invalidUrl })
    .trim()
    .max(LIMITS.url, MESSAGES.fieldTooLong("URL", LIMITS.url))
    .refine(isWellFormedText, MESSAGES.brokenCharacter("URL"))
    .refine(accepts, MESSAGES.invalidUrl);
}

export const httpUrl = urlField(isHttpUrl);

/** An artifact's image: an http(s) URL, or the path of an image uploaded to Atlas (/images/<hash>). */
export const imageSource = urlField((value) => isUploadedImagePath(value) || isHttpUrl(value));

export const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(LIMITS.email, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** An optional URL where an empty field means "none". */
export const optionalHttpUrl = z
  .union([z.literal(""), httpUrl])
  .optional()
  .transform((value) => (value ? value : undefined));
