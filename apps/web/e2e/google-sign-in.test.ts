import { OAuth2Server } from "oauth2-mock-server";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createArtifact, signUp, uniqueEmail } from "./support/api";
import { dismiss, expectedProblems, openPage, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Google sign-in walked for real in the browser: the Login screen's Google button, the product
 * server's redirect flow (state, PKCE, code exchange, ID token check) and a real OpenID provider
 * on a local port standing in for Google, which cannot be reached from here.
 */

let provider: OAuth2Server;
/** What the provider says about the person in the next ID token it signs. */
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  // The token endpoint signs an access token first, then the ID token: only the latter has `aud`.
  provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    if (!token.payload.aud) return;
    Object.assign(token.payload, claims);
  });
});

afterAll(async () => {
  await provider?.stop();
});

afterEach(() => {
  claims = {};
});

// After the provider's hook: the server is told where the provider listens.
const product = useProductInBrowser(() => {
  const issuer = provider.issuer.url as string;
  return {
    GOOGLE_CLIENT_ID: "atlas-e2e-client",
    GOOGLE_CLIENT_SECRET: "atlas-e2e-secret",
    GOOGLE_AUTHORIZATION_ENDPOINT: `${issuer}/authorize`,
    GOOGLE_TOKEN_ENDPOINT: `${issuer}/token`,
    GOOGLE_ISSUER: issuer,
  };
});

function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000, interval: 50 });
}

const nav = (page: Page) => page.getByRole("banner");

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Presses the Google button on the Login screen the page is on; the provider answers with `as`. */
async function continueWithGoogle(page: Page, as: Record<string, unknown>): Promise<void> {
  claims = as;
  await page.getByRole("link", { name: "Sign in with Google" }).click();
}

function subject(): string {
  return `google-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

describe("Google sign-in through a local OpenID provider", () => {
  it("creates an account for a new person and brings them to the page they wanted", async () => {
    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    const sub = subject();
    const email = uniqueEmail("grace");

    await page.goto(`${product.origin}/likedartifacts`);
    await page.waitForURL((url) => url.pathname === "/login");
    await continueWithGoogle(page, {
      sub,
      email,
      email_verified: true,
      name: "Grace Hopper",
      picture: "https://images.example.invalid/grace.jpg",
    });

    await dismiss(page, "Login Successful!", "You have successfully logged in.");
    expect(pathOf(page)).toBe("/likedartifacts");
    await shown(page.getByRole("heading", { name: "Liked Artifacts", level: 1 }));
    await shown(page.getByText("No liked artifacts yet"));
    const avatar = nav(page).getByRole("link", { name: "My Profile (Grace Hopper)" });
    await shown(avatar);
    // The provider's photo cannot load here, so the avatar falls back to the placeholder.
    await eventually(() => avatar.locator("img").getAttribute("src")).toBe(
      "/avatar-placeholder.svg",
    );

    await avatar.click();
    await shown(page.getByRole("heading", { name: "Welcome, Grace Hopper!" }));
    await shown(page.getByText(email).first());

    // Signing out and in again with the same Google account finds the same account, even when
    // the provider now reports another name.
    await nav(page).getByRole("button", { name: "Logout" }).click();
    await shown(nav(page).getByRole("link", { name: "Login", exact: true }));
    await nav(page).getByRole("link", { name: "Login", exact: true }).click();
    await continueWithGoogle(page, { sub, email, email_verified: true, name: "Rear Admiral" });
    await dismiss(page, "Login Successful!", "You have successfully logged in.");
    expect(pathOf(page)).toBe("/");
    await shown(nav(page).getByRole("link", { name: "My Profile (Grace Hopper)" }));
    expect(problems).toEqual([]);
  });

  it("links a verified Google email to the password account of that email, which then signs in with Google only", async () => {
    // Someone signed up with a password earlier, added an artifact, and stays signed in there.
    const earlier = await product.newContext();
    const account = await signUp(earlier, product.origin, "Katherine Johnson", "johnson");
    await createArtifact(earlier, product.origin, { artifactName: "Slide Rule of Langley" });

    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/myartifacts`);
    await page.waitForURL((url) => url.pathname === "/login");
    await continueWithGoogle(page, {
      sub: subject(),
      email: account.email.toUpperCase(),
      email_verified: true,
      name: "K. Johnson",
    });

    await dismiss(page, "Login Successful!", "You have successfully logged in.");
    expect(pathOf(page)).toBe("/myartifacts");
    // The same account: its name, its email and its artifacts.
    await shown(nav(page).getByRole("link", { name: "My Profile (Katherine Johnson)" }));
    await shown(
      page.getByRole("table", { name: "My artifacts" }).getByRole("link", {
        name: "Slide Rule of Langley",
        exact: true,
      }),
    );
    await shown(page.getByText("1 artifact", { exact: true }));
    await page.goto(`${product.origin}/profile`);
    await shown(page.getByRole("heading", { name: "Welcome, Katherine Johnson!" }));
    await shown(page.getByText(account.email).first());

    // Sign-up never proved the email, Google did: the password's session has ended and the
    // password no longer signs in (docs/decisions/020-google-link-ends-password.md).
    const before = await openPage(earlier);
    await before.page.goto(`${product.origin}/profile`);
    await before.page.waitForURL((url) => url.pathname === "/login");
    await before.page.getByLabel("Email").fill(account.email);
    await before.page.getByLabel("Password").fill(account.password);
    await before.page.getByRole("button", { name: "Sign in" }).click();
    await dismiss(before.page, "Oops...", "Invalid email or password.");
    await shown(before.page.getByRole("alert").getByText("Invalid email or password."));
    expect(expectedProblems(before.problems, /Login failed|status of 401/)).toBeGreaterThan(0);
    expect(before.problems).toEqual([]);
    await earlier.close();
    // The Google session goes on.
    await page.goto(`${product.origin}/profile`);
    await shown(page.getByRole("heading", { name: "Welcome, Katherine Johnson!" }));
    expect(problems).toEqual([]);
  });

  it("refuses to link an unverified email to an existing account, and says why", async () => {
    const earlier = await product.newContext();
    const account = await signUp(earlier, product.origin, "Dorothy Vaughan", "vaughan");
    await earlier.close();

    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/login`);
    const sub = subject();
    await continueWithGoogle(page, {
      sub,
      email: account.email,
      email_verified: false,
      name: "Someone Else",
    });

    const message =
      "An account with this email already exists, and Google has not verified this email address. Sign in with your email and password instead.";
    await dismiss(page, "Oops...", message);
    expect(pathOf(page)).toBe("/login?google_error=email_not_verified");
    await shown(page.getByRole("alert").getByText(message));
    // Still signed out.
    await shown(nav(page).getByRole("link", { name: "Login", exact: true }));
    await expect(nav(page).getByRole("button", { name: "Logout" }).count()).resolves.toBe(0);
    await page.goto(`${product.origin}/profile`);
    await page.waitForURL((url) => url.pathname === "/login");

    // Nothing was linked: the same Google account with another, verified email is a new person.
    await continueWithGoogle(page, {
      sub,
      email: uniqueEmail("someone"),
      email_verified: true,
      name: "Someone Else",
    });
    await dismiss(page, "Login Successful!", "You have successfully logged in.");
    expect(pathOf(page)).toBe("/profile");
    await shown(page.getByRole("heading", { name: "Welcome, Someone Else!" }));
    await expect(page.getByText(account.email).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });
});
