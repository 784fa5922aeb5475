import { describe, expect, it } from "vitest";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import {
  email,
  hasVisibleCharacter,
  httpUrl,
  isWellFormedText,
  optionalHttpUrl,
  requiredText,
} from "./fields";

/** The messages of a failed parse, or [] when it passed. */
function problems(schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { error?: { issues: { message: string }[] } };
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("requiredText", () => {
  const field = requiredText("Discovered By", 10);

  it("trims the value", () => {
    expect(field.parse("  Carter  ")).toBe("Carter");
  });

  it.each([[""], ["   "], [undefined], [null], [42]])("names the field when given %j", (value) => {
    expect(problems(field, value)).toEqual(["Discovered By is required."]);
  });

  it("accepts the maximum length and refuses one more", () => {
    expect(field.parse("x".repeat(10))).toBe("x".repeat(10));
    expect(problems(field, "x".repeat(11))).toEqual([
      "Discovered By must be at most 10 characters long.",
    ]);
  });
});

describe("httpUrl", () => {
  it.each([
    ["https://example.com/a.jpg", "https://example.com/a.jpg"],
    ["http://example.com", "http://example.com"],
    ["  https://example.com/padded.png  ", "https://example.com/padded.png"],
    ["HTTPS://EXAMPLE.COM/UPPER.PNG", "HTTPS://EXAMPLE.COM/UPPER.PNG"],
  ])("accepts %j", (value, parsed) => {
    expect(httpUrl.parse(value)).toBe(parsed);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["  javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
    ["ftp://example.com/a.jpg"],
    ["mailto:someone@example.com"],
    ["/relative/path.png"],
    ["example.com/a.jpg"],
    ["not a url"],
    [""],
    [undefined],
    [42],
  ])("refuses %j", (value) => {
    expect(problems(httpUrl, value)).toEqual([MESSAGES.invalidUrl]);
  });

  it("refuses a URL longer than the limit", () => {
    const long = `https://example.com/${"a".repeat(LIMITS.url)}`;
    expect(problems(httpUrl, long)).toContain(MESSAGES.fieldTooLong("URL", LIMITS.url));
  });
});

describe("optionalHttpUrl", () => {
  it("turns a blank or missing value into undefined", () => {
    expect(optionalHttpUrl.parse("")).toBeUndefined();
    expect(optionalHttpUrl.parse(undefined)).toBeUndefined();
  });

  it("keeps a valid URL and refuses the rest with the URL message", () => {
    expect(optionalHttpUrl.parse("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(problems(optionalHttpUrl, "javascript:alert(1)")).toContain(MESSAGES.invalidUrl);
    expect(problems(optionalHttpUrl, "data:image/png;base64,AAAA")).toContain(MESSAGES.invalidUrl);
  });
});

describe("email", () => {
  it("trims a valid address", () => {
    expect(email.parse("  ada@example.com ")).toBe("ada@example.com");
  });

  it.each([["ada"], ["ada@"], ["@example.com"], ["ada@example"], [""], [undefined], [7]])(
    "refuses %j with the spec's message",
    (value) => {
      expect(problems(email, value)).toEqual([MESSAGES.invalidEmail]);
    },
  );

  it("refuses an address longer than the limit", () => {
    const long = `${"a".repeat(LIMITS.email)}@example.com`;
    expect(problems(email, long)).toEqual([MESSAGES.invalidEmail]);
  });
});

/** Texts that look blank to a person: NULs, other controls and invisible characters. */
const INVISIBLE_TEXTS = [
  ["NUL", "\u0000"],
  ["five NULs", "\u0000".repeat(5)],
  ["control characters", "\u0001\u0008\u001b\u007f\u0085\u009f"],
  ["zero-width characters", "\u200b\u200c\u200d\u2060\ufeff"],
  ["a soft hyphen", "\u00ad"],
  ["direction marks and overrides", "\u200e\u200f\u202e\u2066"],
  ["Hangul fillers", "\u3164\u115f\u1160\uffa0"],
  ["the blank Braille pattern", "\u2800\u2800"],
  ["the Mongolian vowel separator", "\u180e"],
  ["spaces of every width, with NULs", "\u00a0\u2003\u3000\u0000 \t"],
] as const;

/** Texts that are not well-formed UTF-16: a surrogate without its other half. */
const BROKEN_TEXTS = [
  ["a lone high surrogate", "\ud800"],
  ["a lone low surrogate", "\udfff"],
  ["a name ending in half an emoji", "Amphora \ud83c"],
  ["a pair in the wrong order", "\udffa\ud83c"],
] as const;

describe("text no one can see", () => {
  const field = requiredText("Discovered By", 10);

  it.each(INVISIBLE_TEXTS)("counts %s as blank", (_name, text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
    expect(problems(field, text)).toEqual(["Discovered By is required."]);
  });

  it.each([["Carter"], ["É"], ["\u{1F3FA}"], ["\u0000x"], ["\u0301"], ["\ue000"]])(
    "sees a character in %j",
    (text) => {
      expect(hasVisibleCharacter(text)).toBe(true);
    },
  );
});

describe("text that is not well-formed", () => {
  it.each(BROKEN_TEXTS)("refuses %s in a text field, naming the field", (_name, text) => {
    expect(isWellFormedText(text)).toBe(false);
    expect(problems(requiredText("Discovered By", 20), text)).toEqual([
      MESSAGES.brokenCharacter("Discovered By"),
    ]);
  });

  it("accepts characters outside the BMP, whose two halves are together", () => {
    expect(isWellFormedText("Amphora \u{1F3FA}")).toBe(true);
    expect(requiredText("Discovered By", 20).parse("Amphora \u{1F3FA}")).toBe("Amphora \u{1F3FA}");
  });

  it.each(BROKEN_TEXTS)("refuses %s in a URL", (_name, text) => {
    expect(problems(httpUrl, `https://example.com/${text}.png`)).toEqual([
      MESSAGES.brokenCharacter("URL"),
    ]);
  });

  it.each(BROKEN_TEXTS)("refuses %s in an email as an invalid email", (_name, text) => {
    expect(problems(email, `ada${text}@example.com`)).toEqual([MESSAGES.invalidEmail]);
  });
});
