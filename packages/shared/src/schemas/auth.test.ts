import { describe, expect, it } from "vitest";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import {
  loginInput,
  newPassword,
  passwordProblems,
  profileUpdateInput,
  signupInput,
  userName,
} from "./auth";

function messages(schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { error?: { issues: { message: string }[] } };
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

function fieldMessages(
  schema: { safeParse: (value: unknown) => { error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value) as {
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  };
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

const U = MESSAGES.passwordUppercase;
const L = MESSAGES.passwordLowercase;
const N = MESSAGES.passwordNumber;
const S = MESSAGES.passwordLength;

describe("passwordProblems", () => {
  it.each([
    ["", [U, L, N, S]],
    ["abc", [U, N, S]],
    ["ABC", [L, N, S]],
    ["123", [U, L, S]],
    ["Ab1", [S]],
    ["abcdef", [U, N]],
    ["Abcdef", [N]],
    ["ABCDE1", [L]],
    ["abcde1", [U]],
    ["Secret1", []],
  ])("lists the failing rules of %j in the spec's order", (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });
});

describe("newPassword", () => {
  it("joins every failing rule with a comma into one message", () => {
    expect(messages(newPassword, "abc")).toEqual([
      "Password must include at least one uppercase letter, Password must include at least one number, Password must be at least 6 characters long",
    ]);
    expect(messages(newPassword, "")).toEqual([[U, L, N, S].join(", ")]);
  });

  it("accepts a password that meets every rule, up to the length limit", () => {
    expect(newPassword.parse("Secret1")).toBe("Secret1");
    const longest = `Aa1${"x".repeat(LIMITS.password - 3)}`;
    expect(newPassword.parse(longest)).toBe(longest);
    expect(messages(newPassword, `${longest}x`)).toEqual([MESSAGES.passwordTooLong]);
  });

  it("does not trim: spaces are part of a password", () => {
    expect(newPassword.parse(" Secret1 ")).toBe(" Secret1 ");
  });

  it("refuses half a surrogate pair, which would hash like any other half", () => {
    expect(messages(newPassword, "Secret1\ud800")).toEqual([MESSAGES.brokenCharacter("Password")]);
  });
});

describe("userName", () => {
  it("trims and needs at least 5 characters", () => {
    expect(userName.parse("  Ada L  ")).toBe("Ada L");
    expect(messages(userName, "Ada")).toEqual([MESSAGES.userNameTooShort]);
    expect(messages(userName, "  Ada   ")).toEqual([MESSAGES.userNameTooShort]);
    expect(messages(userName, undefined)).toEqual([MESSAGES.userNameTooShort]);
  });

  it.each([
    ["\u0000".repeat(5)],
    ["\u200b".repeat(8)],
    ["\u0000 \u0000 \u0000"],
    ["\u3164".repeat(5)],
  ])("refuses %j, which no one can see, as too short", (name) => {
    expect(messages(userName, name)).toEqual([MESSAGES.userNameTooShort]);
  });

  it("says once that an empty name is too short", () => {
    expect(messages(userName, "")).toEqual([MESSAGES.userNameTooShort]);
  });

  it("refuses a name with half a surrogate pair, and keeps a whole emoji", () => {
    expect(messages(userName, "Ada L \ud83c")).toEqual([MESSAGES.brokenCharacter("Username")]);
    expect(userName.parse("Ada L \u{1F3FA}")).toBe("Ada L \u{1F3FA}");
  });

  it("refuses names over the limit", () => {
    expect(userName.parse("x".repeat(LIMITS.userName))).toHaveLength(LIMITS.userName);
    expect(messages(userName, "x".repeat(LIMITS.userName + 1))).toEqual([MESSAGES.userNameTooLong]);
  });
});

describe("signupInput", () => {
  const valid = {
    userName: "Ada Lovelace",
    photoUrl: "https://example.com/ada.png",
    email: "ada@example.com",
    password: "Secret123",
  };

  it("parses a complete form", () => {
    expect(signupInput.parse(valid)).toEqual(valid);
  });

  it("treats the photo URL as optional", () => {
    expect(signupInput.parse({ ...valid, photoUrl: "" }).photoUrl).toBeUndefined();
    const { photoUrl: _omit, ...withoutPhoto } = valid;
    expect(signupInput.parse(withoutPhoto).photoUrl).toBeUndefined();
  });

  it("reports each invalid field with its message", () => {
    expect(
      fieldMessages(signupInput, {
        userName: "Ada",
        photoUrl: "javascript:alert(1)",
        email: "ada",
        password: "secret",
      }),
    ).toEqual({
      userName: [MESSAGES.userNameTooShort],
      photoUrl: [MESSAGES.invalidUrl],
      email: [MESSAGES.invalidEmail],
      password: [`${U}, ${N}`],
    });
  });

  it("requires user name, email and password", () => {
    expect(fieldMessages(signupInput, {})).toEqual({
      userName: [MESSAGES.userNameTooShort],
      email: [MESSAGES.invalidEmail],
      password: [MESSAGES.passwordLength],
    });
  });
});

describe("loginInput", () => {
  it("parses email and password without applying the signup password rules", () => {
    expect(loginInput.parse({ email: " ada@example.com ", password: "x" })).toEqual({
      email: "ada@example.com",
      password: "x",
    });
  });

  it("asks for a missing or empty password", () => {
    expect(fieldMessages(loginInput, { email: "ada@example.com" })).toEqual({
      password: [MESSAGES.passwordRequired],
    });
    expect(messages(loginInput, { email: "ada@example.com", password: "" })).toEqual([
      MESSAGES.passwordRequired,
    ]);
  });

  it("refuses a password with half a surrogate pair", () => {
    expect(messages(loginInput, { email: "ada@example.com", password: "Secret1\udc00" })).toEqual([
      MESSAGES.brokenCharacter("Password"),
    ]);
  });

  it("answers an overlong password as wrong credentials and a bad email as invalid", () => {
    expect(
      messages(loginInput, { email: "ada@example.com", password: "x".repeat(LIMITS.password + 1) }),
    ).toEqual([MESSAGES.wrongCredentials]);
    expect(messages(loginInput, { email: "ada", password: "Secret1" })).toEqual([
      MESSAGES.invalidEmail,
    ]);
  });
});

describe("profileUpdateInput", () => {
  it("accepts an empty update: both fields are optional", () => {
    expect(profileUpdateInput.parse({})).toEqual({ displayName: undefined, photoUrl: undefined });
  });

  it("trims the name and turns a blank name into 'keep the current one'", () => {
    expect(profileUpdateInput.parse({ displayName: "  Ada  " }).displayName).toBe("Ada");
    expect(profileUpdateInput.parse({ displayName: "" }).displayName).toBeUndefined();
    expect(profileUpdateInput.parse({ displayName: "   " }).displayName).toBeUndefined();
  });

  it("treats a name no one can see as blank: the current one is kept", () => {
    expect(profileUpdateInput.parse({ displayName: "\u0000\u0000" }).displayName).toBeUndefined();
    expect(profileUpdateInput.parse({ displayName: "\u200b\u2800" }).displayName).toBeUndefined();
  });

  it("refuses a name with half a surrogate pair", () => {
    expect(messages(profileUpdateInput, { displayName: "Ada \ud800" })).toEqual([
      MESSAGES.brokenCharacter("Name"),
    ]);
  });

  it("has no minimum name length (the spec gives the profile form no rules)", () => {
    expect(profileUpdateInput.parse({ displayName: "Al" }).displayName).toBe("Al");
  });

  it("refuses a name over the limit", () => {
    expect(messages(profileUpdateInput, { displayName: "x".repeat(LIMITS.userName + 1) })).toEqual([
      MESSAGES.userNameTooLong,
    ]);
  });

  it("turns a blank photo URL into null (remove the photo) and keeps a valid one", () => {
    expect(profileUpdateInput.parse({ photoUrl: "" }).photoUrl).toBeNull();
    expect(profileUpdateInput.parse({ photoUrl: " https://example.com/a.png " }).photoUrl).toBe(
      "https://example.com/a.png",
    );
  });

  it.each([["javascript:alert(1)"], ["data:image/png;base64,AAAA"], ["nope"]])(
    "refuses the photo URL %j",
    (photoUrl) => {
      expect(messages(profileUpdateInput, { photoUrl })).toContain(MESSAGES.invalidUrl);
    },
  );
});
