import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  DEFAULT_SITE_RIGHTS,
  MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type AdminUser,
  type AuditLogEntry,
  type NotificationItem,
  type Role,
  type TrashPage,
} from "@artifact-atlas/shared";
import { createFakeApi, cursorPages, FakeApiError } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";

const ADMIN = { ...SIGNED_IN_USER, role: "admin" as const };

/** The first screen of a test loads its lazy route modules, which is slow on a busy machine. */
const LOADING = { timeout: 5_000 };

function account(id: number, name: string, role: Role = "member"): AdminUser {
  return {
    id,
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
    role,
    joinedAt: "2026-11-01T10:00:00.000Z",
    artifactCount: id,
    suspendedAt: null,
    suspendedReason: null,
  };
}

function entry(overrides: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    id: 1,
    at: "2026-11-26T12:00:00.000Z",
    actorId: 1,
    actorName: "Ada Lovelace",
    action: "role.change",
    artifactId: null,
    artifactName: null,
    subjectUserId: null,
    subjectName: null,
    requestId: "req-1",
    details: null,
    ...overrides,
  };
}

describe("the Admin screen", () => {
  it("is for admins: a member sees no Admin link and is told so on /admin", async () => {
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "notifications.unreadCount": () => 0,
    });
    renderApp(fake, "/admin");
    expect(
      await screen.findByRole("heading", { name: "Admins only" }, LOADING),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
    expect(fake.inputsOf("admin.users")).toEqual([]);
  });

  it("a curator is told the admin sections are for admins", async () => {
    const fake = createFakeApi({
      "auth.me": () => ({ ...SIGNED_IN_USER, role: "curator" }),
      "notifications.unreadCount": () => 0,
    });
    renderApp(fake, "/admin/audit");
    expect(
      await screen.findByRole("heading", { name: "Admins only" }, LOADING),
    ).toBeInTheDocument();
    expect(fake.inputsOf("admin.audit")).toEqual([]);
  });

  it("lists accounts, searches them, and changes a role after confirmation", async () => {
    const user = userEvent.setup();
    let people = [account(3, "Grace Hopper"), account(1, "Ada Lovelace", "admin")];
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "admin.users": cursorPages(() => people, ADMIN_USERS_PAGE_SIZE),
      "admin.setRole": ({ userId, role }: { userId: number; role: Role }) => {
        people = people.map((person) => (person.id === userId ? { ...person, role } : person));
        return { from: "member", to: role };
      },
    });
    renderApp(fake, "/admin");
    const table = await screen.findByRole("table", { name: "Accounts" }, LOADING);
    expect(screen.getAllByRole("link", { name: "Admin" })).not.toHaveLength(0);
    expect(within(table).getByText("grace@example.com")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Name or email"), "grace");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(fake.inputsOf("admin.users").at(-1)).toMatchObject({
        search: "grace",
        limit: ADMIN_USERS_PAGE_SIZE,
      }),
    );

    await user.selectOptions(screen.getByLabelText("Role of Grace Hopper"), "curator");
    const confirm = await screen.findByRole("dialog", { name: "Change this role?" });
    expect(confirm).toHaveTextContent("Make Grace Hopper a curator?");
    await user.click(within(confirm).getByRole("button", { name: "Make curator" }));
    expect(await screen.findByRole("dialog", { name: "Role changed" })).toHaveTextContent(
      "Grace Hopper is now a curator.",
    );
    expect(fake.inputsOf("admin.setRole")).toEqual([{ userId: 3, role: "curator" }]);
    await waitFor(() =>
      expect(screen.getByLabelText("Role of Grace Hopper")).toHaveValue("curator"),
    );
  });

  it("shows the server's refusal for the last admin, and keeps the role", async () => {
    const user = userEvent.setup();
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "admin.users": cursorPages([account(1, "Ada Lovelace", "admin")], ADMIN_USERS_PAGE_SIZE),
      "admin.setRole": () => {
        throw new FakeApiError("CONFLICT", MESSAGES.lastAdmin);
      },
    });
    renderApp(fake, "/admin");
    await user.selectOptions(
      await screen.findByLabelText("Role of Ada Lovelace", {}, LOADING),
      "member",
    );
    await user.click(await screen.findByRole("button", { name: "Make member" }));
    expect(
      await screen.findByRole("dialog", { name: "The role was not changed" }),
    ).toHaveTextContent(MESSAGES.lastAdmin);
    expect(screen.getByLabelText("Role of Ada Lovelace")).toHaveValue("admin");
  });

  it("makes a reset link after confirmation and shows it once, with Copy", async () => {
    const user = userEvent.setup();
    const link = "http://localhost:3000/reset-password#" + "a".repeat(43);
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "admin.users": cursorPages(
        [account(3, "Grace Hopper"), account(1, "Ada Lovelace", "admin")],
        ADMIN_USERS_PAGE_SIZE,
      ),
      // Slow enough that the button is busy, and so disabled, when the link's dialog opens.
      "admin.createResetLink": async ({ userId }: { userId: number }) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { userId, link, expiresAt: "2026-11-26T12:30:00.000Z" };
      },
    });
    renderApp(fake, "/admin");
    await screen.findByRole("table", { name: "Accounts" }, LOADING);
    // Their own password an admin changes on Update Profile.
    expect(
      screen.queryByRole("button", { name: "Make a password reset link for Ada Lovelace" }),
    ).not.toBeInTheDocument();

    const makeLink = screen.getByRole("button", {
      name: "Make a password reset link for Grace Hopper",
    });
    await user.click(makeLink);
    const confirm = await screen.findByRole("dialog", { name: "Make a reset link?" }, LOADING);
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(fake.inputsOf("admin.createResetLink")).toEqual([]);

    await user.click(makeLink);
    await user.click(
      within(await screen.findByRole("dialog", { name: "Make a reset link?" }, LOADING)).getByRole(
        "button",
        { name: "Make link" },
      ),
    );
    const shown = await screen.findByRole("dialog", { name: "Reset link made" }, LOADING);
    expect(shown).toHaveTextContent("This link works once, within 30 minutes.");
    expect(shown).toHaveTextContent(link);
    expect(fake.inputsOf("admin.createResetLink")).toEqual([{ userId: 3 }]);
    await user.click(
      within(shown).getByRole("button", { name: "Copy the reset link for Grace Hopper" }),
    );
    expect(await within(shown).findByText("Copied", {}, LOADING)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);

    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText(link)).not.toBeInTheDocument(), LOADING);
    expect(makeLink).toHaveFocus();
  });

  it("says why no reset link was made", async () => {
    const user = userEvent.setup();
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "admin.users": cursorPages([account(3, "Grace Hopper")], ADMIN_USERS_PAGE_SIZE),
      "admin.createResetLink": () => {
        throw new FakeApiError("NOT_FOUND", MESSAGES.accountNotFound);
      },
    });
    renderApp(fake, "/admin");
    await user.click(
      await screen.findByRole(
        "button",
        { name: "Make a password reset link for Grace Hopper" },
        LOADING,
      ),
    );
    await user.click(await screen.findByRole("button", { name: "Make link" }));
    expect(await screen.findByRole("dialog", { name: "No reset link was made" })).toHaveTextContent(
      MESSAGES.accountNotFound,
    );
  });

  it("sets the licence of the site's data and the rights proposed for an upload", async () => {
    const user = userEvent.setup();
    const saved = {
      metadataLicense: DEFAULT_SITE_RIGHTS.metadataLicense,
      uploadRights: DEFAULT_SITE_RIGHTS.uploadRights,
    };
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "rights.site": () => saved,
      "rights.setSite": (input) => input,
    });
    renderApp(fake, "/admin/rights");
    const license = await screen.findByLabelText("Licence of the site's data", {}, LOADING);
    expect(license).toHaveValue("http://creativecommons.org/publicdomain/zero/1.0/");
    await user.selectOptions(license, "http://creativecommons.org/licenses/by/4.0/");
    await user.selectOptions(
      screen.getByLabelText("Rights proposed for an upload"),
      "http://creativecommons.org/licenses/by-sa/4.0/",
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent(MESSAGES.siteRightsSaved);
    expect(fake.inputsOf("rights.setSite")).toEqual([
      {
        metadataLicense: "http://creativecommons.org/licenses/by/4.0/",
        uploadRights: "http://creativecommons.org/licenses/by-sa/4.0/",
      },
    ]);
  });

  it("shows the audit log in words and filters it by action", async () => {
    const user = userEvent.setup();
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "admin.audit": cursorPages(
        [
          entry({ id: 3, actorId: null, actorName: null, action: "artifact.purge", artifactId: 9 }),
          entry({
            id: 2,
            actorId: 7,
            actorName: null,
            action: "artifact.hide",
            artifactId: 5,
            artifactName: "Blue Vase",
          }),
          entry({
            id: 1,
            subjectUserId: 3,
            subjectName: "Grace Hopper",
            details: { from: "member", to: "curator" },
          }),
        ],
        AUDIT_PAGE_SIZE,
      ),
    });
    renderApp(fake, "/admin/audit");
    const table = await screen.findByRole("table", { name: "Audit log" }, LOADING);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Server");
    expect(rows[0]).toHaveTextContent("Artifact purged");
    expect(rows[0]).toHaveTextContent("#9 (gone)");
    expect(rows[1]).toHaveTextContent("Former member");
    expect(within(rows[1]!).getByRole("link", { name: "Blue Vase" })).toHaveAttribute(
      "href",
      "/artifacts/5",
    );
    expect(rows[2]).toHaveTextContent("Role changed");
    expect(rows[2]).toHaveTextContent("Grace Hopper");
    expect(rows[2]).toHaveTextContent("req-1");

    await user.selectOptions(screen.getByLabelText("Action"), "artifact.hide");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(fake.inputsOf("admin.audit").at(-1)).toMatchObject({
        action: "artifact.hide",
        limit: AUDIT_PAGE_SIZE,
      }),
    );
  });
});

describe("the Trash tab", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const deletedAt = Date.parse("2026-11-20T12:00:00.000Z");

  function trashWith(names: string[]) {
    let items = names.map((name, index) => ({
      artifact: makeArtifact({ id: index + 1, artifactName: name }),
      deletedAt,
      purgeAt: deletedAt + 30 * DAY,
    }));
    return {
      list: (): TrashPage => ({ items, total: items.length, page: 1, pageCount: 1 }),
      restore: ({ id }: { id: number }) => {
        items = items.filter((item) => item.artifact.id !== id);
        return { id };
      },
    };
  }

  it("is a tab for a curator, beside Hidden, who sees no admin section and restores from it", async () => {
    const user = userEvent.setup();
    const trash = trashWith(["Bronze Lamp", "Clay Jar"]);
    const fake = createFakeApi({
      "auth.me": () => ({ ...SIGNED_IN_USER, role: "curator" }),
      "notifications.unreadCount": () => 0,
      "review.waiting": () => 0,
      "trash.list": trash.list,
      "trash.restore": trash.restore,
    });
    renderApp(fake, "/admin/trash");
    const table = await screen.findByRole("table", { name: "Deleted artifacts" }, LOADING);
    const tabs = screen.getByRole("navigation", { name: "Admin sections" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Trash", "Hidden"]);
    expect(within(tabs).getByRole("link", { name: "Trash" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Running the collection");
    expect(screen.getByText(/^Deleted artifacts, kept for 30 days/)).toBeInTheDocument();
    const lamp = within(table).getAllByRole("row")[1]!;
    expect(lamp).toHaveTextContent("Bronze Lamp");
    expect(lamp).toHaveTextContent("Nov 20, 2026");
    expect(lamp).toHaveTextContent("Dec 20, 2026");

    await user.click(within(table).getByRole("button", { name: "Restore Bronze Lamp" }));
    expect(await screen.findByText("Bronze Lamp was restored.")).toBeInTheDocument();
    expect(fake.inputsOf("trash.restore")).toEqual([{ id: 1 }]);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Restore Bronze Lamp" })).not.toBeInTheDocument(),
    );
    expect(fake.inputsOf("admin.users")).toEqual([]);
  });

  it("sits between Accounts and the audit log for an admin, whose navigation has no Trash link", async () => {
    const user = userEvent.setup();
    const fake = createFakeApi({
      "auth.me": () => ADMIN,
      "notifications.unreadCount": () => 0,
      "review.waiting": () => 0,
      "admin.users": cursorPages([account(1, "Ada Lovelace", "admin")], ADMIN_USERS_PAGE_SIZE),
      "trash.list": trashWith([]).list,
    });
    renderApp(fake, "/admin");
    await screen.findByRole("table", { name: "Accounts" }, LOADING);
    const tabs = screen.getByRole("navigation", { name: "Admin sections" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Accounts", "Trash", "Hidden", "Audit log", "Harvesting", "Backups", "Rights"]);
    // The tab is the admin's one way to the trash.
    expect(screen.getAllByRole("link", { name: "Trash" })).toEqual([
      within(tabs).getByRole("link", { name: "Trash" }),
    ]);
    await user.click(within(tabs).getByRole("link", { name: "Trash" }));
    expect(await screen.findByText("The trash is empty", {}, LOADING)).toBeInTheDocument();
    expect(screen.getByText(/^Accounts and their roles, the trash/)).toBeInTheDocument();
  });

  it("a member is told the Admin screen is for admins, and the trash is not read", async () => {
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "notifications.unreadCount": () => 0,
    });
    renderApp(fake, "/admin/trash");
    expect(
      await screen.findByRole("heading", { name: "Admins only" }, LOADING),
    ).toBeInTheDocument();
    expect(fake.inputsOf("trash.list")).toEqual([]);
  });
});

describe("the bell", () => {
  it("shows the number unread, and opening the list marks what it shows read", async () => {
    const user = userEvent.setup();
    let unread = 2;
    const items: NotificationItem[] = [
      {
        id: 8,
        kind: "artifact_rejected",
        artifactId: 4,
        artifactName: "Blue Vase",
        importId: null,
        collectionId: null,
        commentId: null,
        reason: "duplicate",
        createdAt: "2026-11-26T12:00:00.000Z",
        read: false,
        text: "Your artifact “Blue Vase” was rejected: duplicate",
      },
    ];
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "notifications.unreadCount": () => unread,
      "notifications.list": cursorPages(items, NOTIFICATIONS_PAGE_SIZE),
      "notifications.markRead": () => {
        unread = 0;
        return { marked: 2 };
      },
      "artifacts.popular": () => [],
    });
    renderApp(fake, "/");
    await user.click(
      await screen.findByRole("link", { name: "Notifications (2 unread)" }, LOADING),
    );
    const link = await screen.findByRole(
      "link",
      { name: "Your artifact “Blue Vase” was rejected: duplicate" },
      LOADING,
    );
    expect(link).toHaveAttribute("href", "/artifacts/4");
    expect(await screen.findByRole("link", { name: "Notifications" })).toBeInTheDocument();
    expect(fake.inputsOf("notifications.markRead")).toEqual([{ upTo: 8 }]);
  });
});
