import { describe, expect, it } from "vitest";
import { notifyOn, setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { createArtifact, signUp, trpcMutation } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 17 in the browser: an admin finds an account, makes it a curator, reads the change in the
 * audit log and restores from the Trash tab; a member hears of a decision through the bell. Found
 * by role and visible text.
 */

const product = useProductInBrowser();

describe("an admin", () => {
  it("finds an account, makes it a curator, and sees it in the audit log", async () => {
    const memberContext = await product.newContext();
    const member = await signUp(memberContext, product.origin, "Mary Anning", "anning");
    const context = await product.newContext();
    const admin = await signUp(context, product.origin, "Ada Administrator", "admin");
    setRoleOn(product.databasePath, admin.email, "admin");

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/`);
    // An admin's links stay in the menu below 1536 px: ten do not fit on one line (decision 008).
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
    await shown(page.getByRole("heading", { name: "Running the collection" }));
    await shown(page.getByRole("table", { name: "Accounts" }));

    await page.getByLabel("Name or email").fill("anning");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.url()).toContain("q=anning");
    const table = page.getByRole("table", { name: "Accounts" });
    await shown(table.getByText(member.email));
    expect(await table.getByRole("row").count()).toBe(2);

    await page.getByLabel("Role of Mary Anning").selectOption("curator");
    const confirm = page.getByRole("dialog", { name: "Change this role?" });
    await shown(confirm.getByText("Make Mary Anning a curator?"));
    await confirm.getByRole("button", { name: "Make curator" }).click();
    await shown(page.getByRole("dialog", { name: "Role changed" }));
    await expect.poll(() => page.getByLabel("Role of Mary Anning").inputValue()).toBe("curator");

    // The member is a curator at their next request, without signing in again.
    const me = await memberContext.request.get(`${product.origin}/trpc/auth.me`);
    expect(((await me.json()) as { result: { data: { role: string } } }).result.data.role).toBe(
      "curator",
    );

    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", {
        name: "Audit log",
      })
      .click();
    const audit = page.getByRole("table", { name: "Audit log" });
    const newest = audit.getByRole("row").nth(1);
    await shown(newest.getByText("Role changed"));
    await shown(newest.getByText("Ada Administrator"));
    await shown(newest.getByText("Mary Anning"));
    await shown(newest.getByText("curator"));

    // Filtered by the admin's own actions from their name.
    await newest.getByRole("link", { name: "Ada Administrator" }).click();
    await expect.poll(() => page.url()).toMatch(/actor=\d+/);
    await shown(page.getByRole("link", { name: "Clear filters" }));

    // The trash is a tab of the same screen: a member's deleted artifact comes back from it.
    const fossil = await createArtifact(memberContext, product.origin, {
      artifactName: "Anning's Ichthyosaur",
    });
    await trpcMutation(memberContext, product.origin, "artifacts.delete", { id: fossil.id });
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Trash" })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/trash");
    await page.getByRole("button", { name: "Restore Anning's Ichthyosaur" }).click();
    await shown(page.getByText("Anning's Ichthyosaur was restored."));
    const back = await memberContext.request.get(`${product.origin}/artifacts/${fossil.id}`);
    expect(back.status()).toBe(200);
    expect(problems).toEqual([]);
  });

  it("with mail off, hands a member a one-time reset link that signs them in once", async () => {
    const memberContext = await product.newContext();
    const member = await signUp(memberContext, product.origin, "Lost Key Historian", "lostkey");
    const adminContext = await product.newContext({ theme: "dark", width: 390 });
    const admin = await signUp(adminContext, product.origin, "Key Keeper", "keykeeper");
    setRoleOn(product.databasePath, admin.email, "admin");

    // The member, locked out: the page says to ask an administrator.
    const locked = await product.newContext();
    const { page: forgot, problems: forgotProblems } = await openPage(locked);
    await forgot.goto(`${product.origin}/forgot-password`);
    await shown(forgot.getByText("Please ask an administrator for a reset link."));

    const { page, problems } = await openPage(adminContext);
    await adminContext.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: product.origin,
    });
    await page.goto(`${product.origin}/admin?q=lostkey`);
    await shown(page.getByRole("table", { name: "Accounts" }));
    // Not on the admin's own row.
    await page.goto(`${product.origin}/admin?q=keykeeper`);
    await shown(page.getByRole("table", { name: "Accounts" }).getByText(admin.email));
    expect(await page.getByRole("button", { name: /Make a password reset link/ }).count()).toBe(0);
    await page.goto(`${product.origin}/admin?q=lostkey`);
    await page
      .getByRole("button", { name: "Make a password reset link for Lost Key Historian" })
      .click();
    const confirm = page.getByRole("dialog", { name: "Make a reset link?" });
    await shown(confirm);
    await screenshot(page, "admin-reset-link-confirm-390-dark");
    await confirm.getByRole("button", { name: "Make link" }).click();
    const shownLink = page.getByRole("dialog", { name: "Reset link made" });
    await shown(shownLink.getByText("This link works once, within 30 minutes."));
    await shownLink
      .getByRole("button", { name: "Copy the reset link for Lost Key Historian" })
      .click();
    await shown(shownLink.getByText("Copied"));
    await screenshot(page, "admin-reset-link-shown-390-dark");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${product.origin}/reset-password#`)).toBe(true);
    await expect.poll(() => shownLink.textContent()).toContain(link);
    await shownLink.getByRole("button", { name: "Done" }).click();
    await shownLink.waitFor({ state: "hidden" });
    expect(await page.getByText(link).count()).toBe(0);

    await forgot.goto(link);
    await shown(forgot.getByRole("heading", { name: "Choose a new password" }));
    await forgot.getByLabel("New password").fill("Handed0ver");
    await forgot.getByRole("button", { name: "Save new password" }).click();
    const saved = forgot.getByRole("dialog", { name: "Password saved" });
    await shown(saved);
    await saved.getByRole("button", { name: "OK" }).click();
    await forgot.waitForURL((url) => url.pathname === "/");
    const me = await locked.request.get(`${product.origin}/trpc/auth.me`);
    expect(((await me.json()) as { result: { data: { email: string } } }).result.data.email).toBe(
      member.email,
    );
    // The member's other browser was signed out.
    const old = await memberContext.request.get(`${product.origin}/trpc/auth.me`);
    expect(((await old.json()) as { result: { data: unknown } }).result.data).toBeNull();
    // Once only.
    await forgot.goto(link);
    await shown(forgot.getByText("This reset link has already been used."));

    // The audit log names who made it, for whom.
    await page.goto(`${product.origin}/admin/audit`);
    const newest = page.getByRole("table", { name: "Audit log" }).getByRole("row").nth(1);
    await shown(newest.getByText("Reset link made"));
    await shown(newest.getByText("Lost Key Historian"));
    expect(problems).toEqual([]);
    expect(forgotProblems).toEqual([]);
  });

  it("suspends a member with a reason, finds it in the audit log by name, and lifts it (issue 29)", async () => {
    const memberContext = await product.newContext();
    const member = await signUp(memberContext, product.origin, "Spiro Spammer", "spammer");
    const context = await product.newContext();
    const admin = await signUp(context, product.origin, "Selene Admin", "selene");
    setRoleOn(product.databasePath, admin.email, "admin");

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin?q=spammer`);
    const table = page.getByRole("table", { name: "Accounts" });
    await shown(table.getByText(member.email));
    await page.getByRole("button", { name: "Suspend Spiro Spammer" }).click();
    const dialog = page.getByRole("dialog", { name: "Suspend Spiro Spammer?" });
    await shown(dialog);
    // A reason is asked for: the audit log keeps it.
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await shown(dialog.getByText("Please give a reason: it goes into the audit log."));
    await dialog
      .getByLabel("Reason")
      .fill("Reported the whole collection from throwaway accounts.");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await shown(
      table.getByText("Suspended: Reported the whole collection from throwaway accounts."),
    );
    // Signed out at once; signing in again is refused, saying why.
    const me = await memberContext.request.get(`${product.origin}/trpc/auth.me`);
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toBeNull();
    const login = await memberContext.request.post(`${product.origin}/trpc/auth.login`, {
      headers: { origin: product.origin },
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(403);

    await page.goto(`${product.origin}/admin/audit`);
    await page.getByLabel("Who (name or email)").fill("selene");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => page.url()).toContain("person=selene");
    const newest = page.getByRole("table", { name: "Audit log" }).getByRole("row").nth(1);
    await shown(newest.getByText("Account suspended"));
    await shown(newest.getByText("Spiro Spammer"));

    // The screens in both themes at both widths, looked at.
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((value) => window.localStorage.setItem("theme", value), theme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
        await page.goto(`${product.origin}/admin/audit?person=selene`);
        await shown(page.getByRole("table", { name: "Audit log" }).getByText("Account suspended"));
        await screenshot(page, `admin-audit-person-${width}-${theme}`);
        await page.goto(`${product.origin}/admin?q=spammer`);
        await shown(table.getByText(/^Suspended: /));
        await screenshot(page, `admin-accounts-suspended-${width}-${theme}`);
      }
    }

    await page.getByRole("button", { name: "Lift the suspension of Spiro Spammer" }).click();
    await page
      .getByRole("dialog", { name: "Lift the suspension?" })
      .getByRole("button", { name: "Lift suspension" })
      .click();
    await expect.poll(() => table.getByText(/^Suspended: /).count()).toBe(0);
    const back = await memberContext.request.post(`${product.origin}/trpc/auth.login`, {
      headers: { origin: product.origin },
      data: { email: member.email, password: member.password },
    });
    expect(back.status()).toBe(200);
    expect(problems).toEqual([]);
  });

  it("a member opening /admin is told it is for admins, and sees no Admin link", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Plain Member", "plain");
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin`);
    await shown(page.getByRole("heading", { name: "Admins only" }));
    expect(
      await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).count(),
    ).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("a member", () => {
  it("sees a notification in the bell, opens it, and the count clears", async () => {
    const context = await product.newContext();
    const member = await signUp(context, product.origin, "Howard Carter", "carter");
    const artifact = await createArtifact(context, product.origin, { artifactName: "Golden Mask" });
    notifyOn(product.databasePath, member.email, {
      kind: "artifact_hidden",
      artifactId: artifact.id,
      reason: "copyright",
    });

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/`);
    const bell = page.getByRole("link", { name: "Notifications (1 unread)" });
    await shown(bell);
    await bell.click();
    const item = page.getByRole("link", {
      name: "Your artifact “Golden Mask” was hidden: copyright",
    });
    await shown(item);
    await shown(page.getByText("New", { exact: true }));
    await shown(page.getByRole("link", { name: "Notifications", exact: true }));

    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/artifacts/${artifact.id}`);
    expect(problems).toEqual([]);
  });
});
