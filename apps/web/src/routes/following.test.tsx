import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  CONVERSATION_MESSAGES,
  type FollowItem,
  type NotificationItem,
} from "@artifact-atlas/shared";
import { createFakeApi, FakeApiError } from "../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../test/render";

/*
 * Issue 33's screens besides the discussion: Following (the feed and what one follows), the
 * digest's unsubscribe page (no sign-in), and the bell's conversation notices.
 */

function follow(overrides: Partial<FollowItem> = {}): FollowItem {
  return {
    id: 1,
    kind: "artifact",
    targetId: 1,
    name: "Rosetta Stone",
    bell: true,
    email: false,
    createdAt: Date.UTC(2026, 10, 20),
    ...overrides,
  };
}

describe("Following", () => {
  it("shows followed members' new artifacts and what one follows, and unfollows", async () => {
    const user = userEvent.setup();
    let follows = [
      follow(),
      follow({ id: 2, kind: "member", targetId: 7, name: "Mary Anning", email: true }),
    ];
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "follows.feed": () => ({
        items: [{ ...makeArtifact({ id: 9, artifactName: "Ichthyosaur" }), ownerName: "Mary" }],
        nextCursor: null,
      }),
      "follows.list": () => ({ items: follows, nextCursor: null }),
      "follows.unfollow": ({ kind, id }: { kind: string; id: number }) => {
        follows = follows.filter((item) => !(item.kind === kind && item.targetId === id));
        return { following: false, bell: false, email: false, mailEnabled: true };
      },
    });
    renderApp(api, "/following");
    expect(await screen.findByRole("heading", { level: 1, name: "Following" })).toBeVisible();
    expect(await screen.findByRole("link", { name: /Ichthyosaur/ })).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "What you follow" });
    expect(await within(list).findByRole("link", { name: "Rosetta Stone" })).toHaveAttribute(
      "href",
      "/artifacts/1",
    );
    expect(list).toHaveTextContent("Member, in the bell and by daily email");
    await user.click(within(list).getByRole("button", { name: "Unfollow Mary Anning" }));
    await waitFor(() => expect(within(list).queryByText("Mary Anning")).toBeNull());
    expect(api.inputsOf("follows.unfollow")).toEqual([{ kind: "member", id: 7 }]);
  });

  it("says so when nothing is followed yet", async () => {
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "follows.feed": () => ({ items: [], nextCursor: null }),
        "follows.list": () => ({ items: [], nextCursor: null }),
      }),
      "/following",
    );
    expect(await screen.findByRole("heading", { name: "Nothing new yet" })).toBeVisible();
    expect(await screen.findByText("You do not follow anything yet.")).toBeVisible();
  });
});

describe("the digest's unsubscribe page", () => {
  it("stops the mail with the link's token, without signing in, only when asked", async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      "auth.me": () => null,
      "follows.unsubscribe": () => ({ message: CONVERSATION_MESSAGES.unsubscribed }),
    });
    renderApp(api, "/unsubscribe#abc.def");
    const stop = await screen.findByRole("button", { name: "Stop these emails" });
    // A mail scanner opening the link stops nothing.
    expect(api.inputsOf("follows.unsubscribe")).toEqual([]);
    await user.click(stop);
    expect(await screen.findByRole("status")).toHaveTextContent(CONVERSATION_MESSAGES.unsubscribed);
    expect(api.inputsOf("follows.unsubscribe")).toEqual([{ token: "abc.def" }]);
  });

  it("says a broken link is not valid", async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      "auth.me": () => null,
      "follows.unsubscribe": () => {
        throw new FakeApiError("BAD_REQUEST", CONVERSATION_MESSAGES.unsubscribeInvalid);
      },
    });
    renderApp(api, "/unsubscribe#abc.forged");
    await user.click(await screen.findByRole("button", { name: "Stop these emails" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      CONVERSATION_MESSAGES.unsubscribeInvalid,
    );
  });
});

describe("the bell's conversation notices", () => {
  it("open the artifact at its discussion", async () => {
    const item: NotificationItem = {
      id: 4,
      kind: "comment_mention",
      artifactId: 1,
      artifactName: "Rosetta Stone",
      importId: null,
      collectionId: null,
      commentId: 12,
      reason: null,
      createdAt: "2026-11-26T12:00:00.000Z",
      read: false,
      text: "You were mentioned in the discussion of “Rosetta Stone”.",
    };
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "notifications.list": () => ({ items: [item], nextCursor: null }),
        "notifications.markRead": () => ({ marked: 1 }),
        "notifications.unreadCount": () => 0,
      }),
      "/notifications",
    );
    expect(await screen.findByRole("link", { name: item.text })).toHaveAttribute(
      "href",
      "/artifacts/1#discussion",
    );
  });
});
