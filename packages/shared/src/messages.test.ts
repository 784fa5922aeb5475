import { describe, expect, it } from "vitest";
import { LIMITS, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "./constants";
import { aboutCount, MESSAGES } from "./messages";

describe("MESSAGES", () => {
  it("keeps the specification's texts word for word", () => {
    expect(MESSAGES.userNameTooShort).toBe("Username must be at least 5 characters long.");
    expect(MESSAGES.passwordUppercase).toBe("Password must include at least one uppercase letter");
    expect(MESSAGES.passwordLowercase).toBe("Password must include at least one lowercase letter");
    expect(MESSAGES.passwordNumber).toBe("Password must include at least one number");
    expect(MESSAGES.passwordLength).toBe("Password must be at least 6 characters long");
    expect(MESSAGES.passwordHint).toBe(
      "Must be at least 6 characters with uppercase, lowercase, and numbers.",
    );
    expect(MESSAGES.emailAlreadyRegistered).toBe(
      "This email is already registered. Please try logging in instead.",
    );
    expect(MESSAGES.invalidEmail).toBe("Please enter a valid email address.");
    expect(MESSAGES.signupFailed).toBe("An error occurred during signup. Please try again.");
    expect(MESSAGES.profileUpdateFailed).toBe("Failed to update profile. Please try again.");
    expect(MESSAGES.artifactNotFound).toBe("Artifact not found");
    expect(MESSAGES.updateFailed).toBe("Failed to update artifact");
    expect(MESSAGES.deleteFailed).toBe("Failed to delete artifact");
  });

  it("states the same limits as the constants", () => {
    expect(MESSAGES.userNameTooShort).toContain(`at least ${USERNAME_MIN_LENGTH} characters`);
    expect(MESSAGES.passwordLength).toContain(`at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(MESSAGES.userNameTooLong).toContain(`at most ${LIMITS.userName} characters`);
    expect(MESSAGES.passwordTooLong).toContain(`at most ${LIMITS.password} characters`);
  });

  it("says how long to wait, in singular and plural", () => {
    expect(MESSAGES.tooManyAttempts(1)).toBe(
      "Too many attempts. Please wait 1 second and try again.",
    );
    expect(MESSAGES.tooManyAttempts(900)).toBe(
      "Too many attempts. Please wait 900 seconds and try again.",
    );
  });

  it("names the field in required and too-long messages", () => {
    expect(MESSAGES.fieldRequired("Artifact Name")).toBe("Artifact Name is required.");
    expect(MESSAGES.fieldTooLong("Created At", 200)).toBe(
      "Created At must be at most 200 characters long.",
    );
    expect(MESSAGES.brokenCharacter("Artifact Name")).toBe(
      "Artifact Name contains a broken character (such as half of an emoji). Please remove it.",
    );
  });
});

describe("aboutCount", () => {
  it("says an estimate in two significant digits, exactly below a hundred", () => {
    expect(aboutCount(94_369)).toBe("94,000");
    expect(aboutCount(11_771)).toBe("12,000");
    expect(aboutCount(1_450)).toBe("1,500");
    expect(aboutCount(99)).toBe("99");
    expect(aboutCount(0)).toBe("0");
    expect(MESSAGES.displayingAbout(11_771)).toBe("Displaying about 12,000 artifacts");
  });
});
