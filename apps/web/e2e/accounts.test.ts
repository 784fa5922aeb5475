import {
  resetLinkIn,
  startSmtpServer,
  type TestSmtpServer,
} from "@artifact-atlas/api/test-support/smtp";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Artifact, SessionUser } from "@artifact-atlas/shared";
import { createArtifact, PASSWORD, signUp, trpcMutation } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Accounts that work (issue 20), walked as a person would in headless Chromium against the
 * production build, with mail going to a real SMTP server that the test reads: forgot password to
 * a new password, change password, signing out another session, leaving.
 */

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

// Registered after the SMTP server's hooks, so its URL is known when the product starts.
const product = useProductInBrowser(() => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Artifact Atlas <atlas@example.org>",
}));

/** Reads a popup the way a person does, then presses its button. */
async function dismiss(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await shown(dialog);
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Who the context's cookie signs in, asked of the server. */
async function signedInAs(context: BrowserContext): Promise<SessionUser | null> {
  const response = await context.request.get(`${product.origin}/trpc/auth.me`);
  return ((await response.json()) as { result: { data: SessionUser | null } }).result.data;
}

/** A second browser signed in to the same account with its password. */
async function secondBrowser(email: string): Promise<BrowserContext> {
  const context = await product.newContext();
  await trpcMutation(context, product.origin, "auth.login", { email, password: PASSWORD });
  expect((await signedInAs(context))?.email).toBe(email);
  return context;
}

async function openUpdateProfile(context: BrowserContext) {
  const { page, problems } = await openPage(context);
  await page.goto(`${product.origin}/update-profile`);
  await shown(page.getByRole("heading", { name: "Update Profile" }));
  return { page, problems };
}

describe("forgot password", () => {
  it("goes from the Login screen to an email, a new password, and signed in", async () => {
    const setup = await product.newContext();
    const account = await signUp(setup, product.origin, "Forgetful Historian", "forgetful");

    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL((url) => url.pathname === "/forgot-password");
    await shown(page.getByRole("heading", { name: "Reset your password" }));
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await shown(page.getByText("If an account exists for that address, we have sent a link."));
    await screenshot(page, "forgot-password-sent-1280-light");

    const mail = await smtp.waitFor((m) => m.to.includes(account.email));
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${product.origin}/reset-password#`)).toBe(true);

    await page.goto(link);
    await shown(page.getByRole("heading", { name: "Choose a new password" }));
    // The spec's rules and messages.
    await page.getByLabel("New password").fill("weak");
    await page.getByRole("button", { name: "Save new password" }).click();
    await shown(
      page.getByText(
        "Password must include at least one uppercase letter, Password must include at least one number, Password must be at least 6 characters long",
      ),
    );
    await screenshot(page, "reset-password-errors-1280-light");
    await page.getByLabel("New password").fill("Remembered42");
    await page.getByRole("button", { name: "Save new password" }).click();
    await dismiss(page, "Password saved");
    await page.waitForURL((url) => url.pathname === "/");
    await shown(page.getByRole("banner").getByRole("button", { name: "Logout" }));
    expect((await signedInAs(context))?.email).toBe(account.email);
    // The session from before the reset is over.
    expect(await signedInAs(setup)).toBeNull();

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(link);
    await shown(page.getByText("This reset link has already been used."));
    await page.getByRole("link", { name: "Send a new link" }).click();
    await page.waitForURL((url) => url.pathname === "/forgot-password");
    expect(problems).toEqual([]);
  });
});

describe("Update Profile", () => {
  it("changes the password, which signs out the other browser", async () => {
    const context = await product.newContext();
    const account = await signUp(context, product.origin, "Careful Curator", "careful");
    const other = await secondBrowser(account.email);

    const { page, problems } = await openUpdateProfile(context);
    // The spec's fields stay, above the new sections.
    await shown(page.getByLabel("Name", { exact: true }));
    await shown(page.getByRole("button", { name: "Save Changes" }));
    const section = page.getByRole("region", { name: "Change password" });
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByLabel("New password").fill("Brandnew77");
    await section.getByRole("button", { name: "Change password" }).click();
    await dismiss(page, "Password changed");

    expect((await signedInAs(context))?.email).toBe(account.email);
    expect(await signedInAs(other)).toBeNull();
    expect(problems).toEqual([]);
  });

  it("shows where the account is signed in and signs out the other browser", async () => {
    const context = await product.newContext();
    const account = await signUp(context, product.origin, "Travelling Scholar", "traveller");
    const other = await secondBrowser(account.email);

    const { page, problems } = await openUpdateProfile(context);
    const section = page.getByRole("region", { name: "Where you're signed in" });
    await shown(section.getByText("This device"));
    await expect.poll(() => section.getByRole("listitem").count()).toBe(2);
    await expect.poll(() => section.getByText(/^Signed in /).count()).toBe(2);
    await screenshot(page, "update-profile-two-sessions-1280-light");
    await section.getByRole("button", { name: /^Sign out Chrome/ }).click();
    await expect.poll(() => section.getByRole("listitem").count()).toBe(1);
    await shown(section.getByText("This device"));
    expect(await signedInAs(other)).toBeNull();
    expect((await signedInAs(context))?.email).toBe(account.email);

    // Sign out everywhere else: shown again once there is another session.
    const third = await secondBrowser(account.email);
    await page.reload();
    await section.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect.poll(() => section.getByRole("listitem").count()).toBe(1);
    expect(await signedInAs(third)).toBeNull();
    expect(problems).toEqual([]);
  });

  it("offers the data download and deletes the account, keeping its artifacts under Former member", async () => {
    const context = await product.newContext();
    const account = await signUp(context, product.origin, "Departing Member", "departing");
    const artifact = await createArtifact(context, product.origin, {
      artifactName: "Bronze Mirror of a Departing Member",
    });

    const { page, problems } = await openUpdateProfile(context);
    const download = page.getByRole("link", { name: "Download my data" });
    expect(await download.getAttribute("href")).toBe("/account/data");
    const file = await context.request.get(`${product.origin}/account/data`);
    const data = (await file.json()) as {
      account: { email: string };
      artifacts: Artifact[];
      history: { artifactId: number; summary: string; byYou: boolean }[];
      likes: unknown[];
      reports: unknown[];
    };
    expect(data.account.email).toBe(account.email);
    expect(data.artifacts.map((a) => a.artifactName)).toEqual([
      "Bronze Mirror of a Departing Member",
    ]);
    expect(data.history).toEqual([
      expect.objectContaining({ artifactId: artifact.id, summary: "Created", byYou: true }),
    ]);
    expect(data.likes).toEqual([]);
    expect(data.reports).toEqual([]);

    const section = page.getByRole("region", { name: "Delete my account" });
    await section.getByLabel('Keep them in the collection, credited to "Former member"').check();
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete your account?" });
    await confirm.getByRole("button", { name: "Yes, delete my account" }).click();
    await dismiss(page, "Account deleted");
    await page.waitForURL((url) => url.pathname === "/");
    await shown(page.getByRole("banner").getByRole("link", { name: "Login", exact: true }));
    expect(await signedInAs(context)).toBeNull();

    const kept = await fetch(`${product.origin}/artifacts/${artifact.id}`, {
      headers: { accept: "application/json" },
    });
    expect(((await kept.json()) as Artifact).username).toBe("Former member");
    const login = await fetch(`${product.origin}/trpc/auth.login`, {
      method: "POST",
      headers: { origin: product.origin, "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
    expect(problems).toEqual([]);
  });
});
