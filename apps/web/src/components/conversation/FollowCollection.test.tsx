import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type {
  CollectionDetail,
  FollowItem,
  FollowState,
  FollowTarget,
} from "@artifact-atlas/shared";
import { createFakeApi } from "../../test/fake-api";
import { renderApp, SIGNED_IN_USER } from "../../test/render";

/*
 * Issue 33: Follow beside a collection's title follows what is added to it, with the same choices
 * as every follow; /following lists it beside the members one follows, named while it is shown.
 */

const NOT_FOLLOWING: FollowState = {
  following: false,
  bell: false,
  email: false,
  mailEnabled: true,
};

function makeCollection(overrides: Partial<CollectionDetail> = {}): CollectionDetail {
  return {
    id: 5,
    title: "Roman coins of Britain",
    kind: "curated",
    visibility: "public",
    status: "published",
    owner: { id: 9, name: "Cleo Keeper" },
    cover: null,
    artifactCount: 0,
    likeCount: 0,
    createdAt: 0,
    updatedAt: 0,
    description: "",
    descriptionHtml: "",
    collaborators: [],
    query: null,
    coverArtifactId: null,
    hiddenReason: null,
    deletedAt: null,
    rights: { edit: false, own: false, moderate: false },
    ...overrides,
  };
}

function collectionApi(collection: CollectionDetail, user = SIGNED_IN_USER) {
  let state = NOT_FOLLOWING;
  const follows: FollowTarget[] = [];
  const asked: FollowTarget[] = [];
  const api = createFakeApi({
    "auth.me": () => user,
    "collections.byId": () => collection,
    "collections.items": () => ({ items: [], total: 0, page: 1, pageCount: 1 }),
    "collections.likeStatus": () => ({ liked: false, likeCount: 0 }),
    "follows.state": (target: FollowTarget) => {
      asked.push(target);
      return state;
    },
    "follows.follow": (input: {
      target: FollowTarget;
      channels: { bell: boolean; email: boolean };
    }) => {
      follows.push(input.target);
      state = { ...NOT_FOLLOWING, following: true, ...input.channels };
      return state;
    },
    "follows.unfollow": () => (state = NOT_FOLLOWING),
  });
  return { api, follows, asked };
}

async function titleHeader() {
  const heading = await screen.findByRole("heading", { level: 1, name: "Roman coins of Britain" });
  return heading.closest("header") as HTMLElement;
}

describe("Follow beside a collection's title", () => {
  it("follows the collection with the bell, adds the daily email, and unfollows", async () => {
    const user = userEvent.setup();
    const { api, follows } = collectionApi(makeCollection());
    renderApp(api, "/c/5");
    const header = await titleHeader();
    await user.click(
      await within(header).findByRole("button", { name: "Follow Roman coins of Britain" }),
    );
    expect(follows).toEqual([{ kind: "collection", id: 5 }]);
    const unfollow = await within(header).findByRole("button", {
      name: "Unfollow Roman coins of Britain",
    });
    expect(within(header).getByRole("checkbox", { name: "In the bell" })).toBeChecked();
    await user.click(within(header).getByRole("checkbox", { name: "Daily email" }));
    await waitFor(() =>
      expect(within(header).getByRole("checkbox", { name: "Daily email" })).toBeChecked(),
    );
    await user.click(unfollow);
    expect(
      await within(header).findByRole("button", { name: "Follow Roman coins of Britain" }),
    ).toHaveAttribute("aria-pressed", "false");
  });

  it("is not offered on a private collection, a saved search, to its editors or to a visitor", async () => {
    for (const [collection, who] of [
      [
        makeCollection({
          visibility: "private",
          rights: { edit: true, own: true, moderate: false },
        }),
        SIGNED_IN_USER,
      ],
      [makeCollection({ kind: "search" }), SIGNED_IN_USER],
      [makeCollection({ rights: { edit: true, own: false, moderate: false } }), SIGNED_IN_USER],
      [makeCollection(), null],
    ] as const) {
      const { api, asked } = collectionApi(collection, who as typeof SIGNED_IN_USER);
      const { unmount } = renderApp(api, "/c/5");
      const header = await titleHeader();
      // The page has loaded its items, and never asked whether the member follows it.
      await screen.findByText("No artifacts here yet");
      expect(asked).toEqual([]);
      expect(within(header).queryByRole("button", { name: /Follow/ })).toBeNull();
      unmount();
    }
  });
});

describe("Following lists collections", () => {
  it("links a shown collection and names one that is not shown without its title", async () => {
    const items: FollowItem[] = [
      {
        id: 3,
        kind: "collection",
        targetId: 5,
        name: "Roman coins of Britain",
        bell: true,
        email: true,
        createdAt: 0,
      },
      {
        id: 2,
        kind: "collection",
        targetId: 6,
        name: null,
        bell: true,
        email: false,
        createdAt: 0,
      },
      {
        id: 1,
        kind: "member",
        targetId: 9,
        name: "Cleo Keeper",
        bell: true,
        email: false,
        createdAt: 0,
      },
    ];
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "follows.feed": () => ({ items: [], nextCursor: null }),
      "follows.list": () => ({ items, nextCursor: null }),
    });
    renderApp(api, "/following");
    const section = await screen.findByRole("region", { name: "What you follow" });
    const link = await within(section).findByRole("link", { name: "Roman coins of Britain" });
    expect(link).toHaveAttribute("href", "/c/5");
    expect(section).toHaveTextContent("Collection, in the bell and by daily email");
    expect(section).toHaveTextContent("A collection that is not shown now");
    expect(
      within(section).queryByRole("link", { name: "A collection that is not shown now" }),
    ).toBeNull();
    expect(section).toHaveTextContent("Member, in the bell");
  });
});
