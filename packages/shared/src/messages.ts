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
  // Not in the specification: a client past its budget of the server's time (issue 28).
  workBudgetSpent: (seconds: number) =>
    `You have asked for a lot in a short time. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
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
  alreadyDecided: (name: string | null) =>
    `This entry was already decided by ${name ?? "a curator whose account was deleted"}.`,
  ownArtifactDecision: "You cannot decide about your own artifact: another curator will.",
  reasonRequired: "Please choose a reason from the list.",
  decisionNotForEntry: "This decision does not apply to this entry.",
  notHidden: "This artifact is not hidden.",
  alreadyReported: "You have already reported this artifact.",
  reportReceived: "Thank you. A curator will look at your report.",
  notInTrash: "This artifact is not in the trash.",
  reasonExists: "This reason is already in the list.",
  spamAutoHideNote:
    "Hidden automatically after spam reports from three accounts, until a curator decides.",
  // Issue 28 and 29 (review on what was seen, reports, suspension): not in the specification.
  entryChanged:
    "This entry changed since you opened it. Its new version is shown: look at it again before deciding.",
  importChanged:
    "This import changed since you opened it (a row was decided, edited or removed). Look at its rows again before deciding.",
  editBuiltOn: (fields: string) =>
    `Later edits changed the same fields (${fields}), so this edit cannot be undone alone. Restore an earlier version from the history instead.`,
  importNotWaiting: "Nothing of this import waits for review.",
  ownEntryDecision: "You cannot decide about your own work or report: another curator will.",
  noOpenReport: "You have no open report about this artifact.",
  reportWithdrawn: "Your report was withdrawn.",
  accountSuspended: "This account is suspended. Please contact an administrator.",
  suspendOwnAccount: "You cannot suspend your own account.",
  suspendAdmin: "An admin cannot be suspended: make them a member first.",
  notSuspended: "This account is not suspended.",
  // Issue 17 (history): the issue's own words.
  editConflict: "This artifact was changed while you were editing.",
  revisionNotFound: "This version of the artifact does not exist.",
  versionRestored: (number: number) => `Version ${number} restored`,
  versionRestoreWaiting: (number: number) =>
    `Version ${number} will be restored once a curator approves it.`,
  restoreNotAllowed: "Only the artifact's owner, curators and admins can restore a version.",
  accountNotFound: "There is no such account.",
  formerMemberRole: "The account that keeps former members' artifacts cannot be given a role.",
  // Most often the site opened at an address the server does not name (issue 29): say what helps.
  crossOriginRefused:
    "Artifact Atlas does not accept changes sent from this address. Open it at its usual address, or ask its administrator to allow this one (PUBLIC_ORIGIN).",
  // Accounts (issue 20): the issue's own words where it gives them, ours otherwise (decision 030).
  resetLinkSent: "If an account exists for that address, we have sent a link.",
  resetByEmailOff:
    "Password reset by email is not set up on this site. Please ask an administrator for a reset link.",
  resetLinkUsed: "This reset link has already been used.",
  resetLinkExpired: "This reset link has expired.",
  resetLinkInvalid: "This reset link is not valid.",
  currentPasswordWrong: "Your current password is not correct.",
  currentPasswordRequired: "Please enter your current password.",
  noPasswordYet:
    "This account signs in with Google and has no password yet. Use Forgot password on the Login screen to set one.",
  deleteConfirmationWrong: "Type your email address exactly as shown to confirm.",
  deleteNeedsFreshGoogleSignIn:
    "For your safety, sign in with Google again, then delete your account within 10 minutes.",
  sessionNotFound: "That session has already ended.",
  resetLinkOwnAccount:
    "You cannot make a reset link for your own account. Use Change password on Update Profile.",
  // Uploads (issue 19): the issue gives no wording; these name the limit and what to do.
  imageNotAnImage:
    "This file is not an image we can use. Please choose a JPEG, PNG, WebP, AVIF or GIF file.",
  imageTooLarge: "This image is larger than 15 MB. Please choose a smaller file.",
  imageTooManyPixels:
    "This image has more than 50 megapixels. Please choose a smaller image (for example, resize it to 8000 × 6000 pixels or less).",
  imageMissing: "Please choose an image file to upload.",
  imageUploadsBusy: "Too many images are being uploaded right now. Please try again in a moment.",
  // Issue 28: what an image costs to open, said in its own kind and numbers (decision 035).
  imageTooLargeToOpen: (kind: string, megapixels: string, limitMegapixels: string) =>
    `This ${kind} image has ${megapixels} megapixels; the server can open ${kind} images of at most ${limitMegapixels} megapixels, as they take much more memory than a JPEG. Please make it smaller, or save it as an ordinary JPEG.`,
  imageTooWideToOpen: (kind: string, width: number, maxWidth: number) =>
    `This ${kind} image is ${width} pixels wide; the server can open ${kind} images at most ${maxWidth} pixels wide. Please make it smaller, or save it as an ordinary JPEG.`,
  imageProcessingTooLong: (seconds: number) =>
    `This image took more than ${seconds} seconds to process and was stopped. Please try again, or choose a smaller image.`,
  imageUploadInProgress:
    "You are already uploading an image. Please wait until it is done, then upload the next one.",
  imageQuotaFull: (quotaMb: number) =>
    `Your uploaded images have reached this site's limit of ${quotaMb} MB per account. An upload that no artifact or its history shows is removed an hour after it was made; for more room, please ask the site's administrator.`,
  imageUploadTooSlow: "The upload took too long. Please try again on a faster connection.",
  imageNotFound:
    "This uploaded image is no longer available. Please upload it again or enter an image URL.",
  // Issue 28: a search found in most of the collection is counted from a sample (decision 042).
  displayingAbout: (count: number) => `Displaying about ${aboutCount(count)} artifacts`,
  // Issue 30: several images, rights.
  tooManyImages: (max: number) => `An artifact can have at most ${max} images.`,
  rightsUnknown: "Please choose the image's rights from the list.",
  metadataLicenseUnknown:
    "Please choose a Creative Commons licence or CC0 1.0 for the site's data.",
  siteRightsSaved: "The rights settings are saved.",
  notFirstImage:
    "artifactImage is the first image's url: send the same as images[0].url, or leave it out.",
  imageTwice: "Each image may appear only once.",
  notFirstImageAlt:
    "imageAlt is the first image's description: send the same as images[0].alt, or leave it out.",
} as const;

/** An estimated count as a person reads one: two significant digits (94,369 → "94,000"). */
export function aboutCount(count: number): string {
  const step = count < 100 ? 1 : 10 ** (Math.floor(Math.log10(count)) - 1);
  return (Math.round(count / step) * step).toLocaleString("en");
}
