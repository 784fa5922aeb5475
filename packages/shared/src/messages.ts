/** The product's texts that both apps need, word for word from the specification where it gives them. */
export const MESSAGES = {
  userNameTooShort: "Username must be at least 5 characters long.",
  userNameTooLong: "Username must be at most 80 characters long.",
  passwordUppercase: "Password must include at least one uppercase letter",
  passwordLowercase: "Password must include at least one lowercase letter",
  passwordNumber: "Password must include at least one number",
  passwordLength: "Password must be at least 6 characters long",
  passwordTooLong: "Password must be at most 128 characters long",
  passwordHint: "Must be at least 6 characters with uppercase, lowercase, and numbers.",
  passwordRequired: "Please enter your password.",
  invalidEmail: "Please enter a valid email address.",
  invalidUrl: "Please enter a valid http or https URL.",
  emailAlreadyRegistered: "This email is already registered. Please try logging in instead.",
  wrongCredentials: "Invalid email or password.",
  signupFailed: "An error occurred during signup. Please try again.",
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  signInRequired: "Please sign in to continue.",
  artifactNotFound: "Artifact not found",
  notYourArtifact: "You can only change artifacts that you added.",
  artifactTypeRequired: "Please select an artifact type.",
  fieldRequired: (label: string) => `${label} is required.`,
  fieldTooLong: (label: string, max: number) => `${label} must be at most ${max} characters long.`,
  // Not in the specification, which has no such case: decision 022.
  brokenCharacter: (label: string) =>
    `${label} contains a broken character (such as half of an emoji). Please remove it.`,
  artifactUpdated: "Artifact updated successfully",
  artifactDeleted: "Artifact deleted successfully",
  updateFailed: "Failed to update artifact",
  deleteFailed: "Failed to delete artifact",
  profileUpdateFailed: "Failed to update profile. Please try again.",
  // Issue 17 (roles, review): not in the specification.
  notAllowed: "Only curators and admins can do this.",
  lastAdmin: "This is the last admin account: make someone else an admin first.",
  accountNotFound: "There is no such account.",
  crossOriginRefused: "This request did not come from Artifact Atlas and was refused.",
} as const;
