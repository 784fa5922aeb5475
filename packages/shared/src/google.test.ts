import { describe, expect, it } from "vitest";
import {
  GOOGLE_ERROR_CODES,
  GOOGLE_ERROR_MESSAGES,
  googleErrorMessage,
  isGoogleErrorCode,
} from "./google";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/artifacts/3", "/allartifacts?search=vase&page=2", "/liked#top", "/login-help"])(
    "keeps the same-site path %j",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "",
    "/login",
    "/Login?redirect=/x",
    "/signup/",
    `/${"a".repeat(2048)}`,
    undefined,
    ["/a", "/b"],
  ])("replaces %j with the fallback", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
    expect(safeRedirectPath(target, "/home")).toBe("/home");
  });
});

describe("Google error messages", () => {
  it("says plainly when Google sign-in is not set up", () => {
    expect(GOOGLE_ERROR_MESSAGES.not_configured).toBe(
      "Google sign-in is not set up on this server.",
    );
  });

  it("has a sentence for every code and a plain one for unknown codes", () => {
    for (const code of GOOGLE_ERROR_CODES) {
      expect(isGoogleErrorCode(code)).toBe(true);
      expect(googleErrorMessage(code)).toMatch(/^[A-Z].+\.$/);
    }
    expect(isGoogleErrorCode("toString")).toBe(false);
    expect(googleErrorMessage("toString")).toBe("Google sign-in failed. Please try again.");
    expect(googleErrorMessage(null)).toBe("Google sign-in failed. Please try again.");
  });
});
