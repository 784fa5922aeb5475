import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { FollowState, FollowTarget } from "@artifact-atlas/shared";
import { createFakeApi } from "../../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../../test/render";

/*
 * Issue 33: Follow beside "Added by" on an artifact's page follows the member who added it, with
 * the same choices as an artifact's follow (the bell, a daily email, or both).
 */

const NOT_FOLLOWING: FollowState = {
  following: false,
  bell: false,
  email: false,
  mailEnabled: true,
};
const MARY = { id: 7, name: "Mary Anning" };

/** The detail page's handlers; follows of the artifact and of its owner kept apart by target. */
function detailApi(handlers: Record<string, (input: never) => unknown> = {}) {
  const states = new Map<string, FollowState>();
  const key = (target: FollowTarget) => `${target.kind}/${target.id}`;
  const api = createFakeApi({
    "auth.me": () => SIGNED_IN_USER,
    "artifacts.byId": () => makeArtifact({ username: "Mary Anning" }),
    "artifacts.similar": () => [],
    "likes.status": () => ({ liked: false, likeCount: 3 }),
    "comments.list": () => ({
      items: [],
      nextCursor: null,
      revision: 1,
      may: { comment: true, suggest: false, decideSuggestions: false, moderate: false },
    }),
    "follows.artifactOwner": () => MARY,
    "follows.state": (target: FollowTarget) => states.get(key(target)) ?? NOT_FOLLOWING,
    "follows.follow": (input: {
      target: FollowTarget;
      channels: { bell: boolean; email: boolean };
    }) => {
      const state = { ...NOT_FOLLOWING, following: true, ...input.channels };
      states.set(key(input.target), state);
      return state;
    },
    "follows.unfollow": (target: FollowTarget) => {
      states.delete(key(target));
      return NOT_FOLLOWING;
    },
    ...handlers,
  });
  return api;
}

/** The artifact's header: its name and "Added by". */
async function header() {
  const heading = await screen.findByRole("heading", { level: 1, name: "Rosetta Stone" });
  return heading.closest("header") as HTMLElement;
}

describe("Follow beside the artifact's owner", () => {
  it("follows the member with the bell, adds the daily email, and unfollows", async () => {
    const user = userEvent.setup();
    const api = detailApi();
    renderApp(api, "/artifacts/1");
    const byline = await header();
    expect(byline).toHaveTextContent("Added by Mary Anning");
    await user.click(await within(byline).findByRole("button", { name: "Follow Mary Anning" }));
    const unfollow = await within(byline).findByRole("button", { name: "Unfollow Mary Anning" });
    expect(unfollow).toHaveAttribute("aria-pressed", "true");
    expect(within(byline).getByRole("checkbox", { name: "In the bell" })).toBeChecked();
    await user.click(within(byline).getByRole("checkbox", { name: "Daily email" }));
    await waitFor(() =>
      expect(within(byline).getByRole("checkbox", { name: "Daily email" })).toBeChecked(),
    );
    // The artifact's own follow, under the Discussion, is a separate one.
    const section = await screen.findByRole("region", { name: "Discussion" });
    expect(
      await within(section).findByRole("button", { name: "Follow Rosetta Stone" }),
    ).toHaveAttribute("aria-pressed", "false");

    await user.click(unfollow);
    expect(
      await within(byline).findByRole("button", { name: "Follow Mary Anning" }),
    ).toBeInTheDocument();
    expect(api.inputsOf("follows.artifactOwner")).toEqual([{ id: 1 }]);
    expect(api.inputsOf("follows.follow")).toEqual([
      { target: { kind: "member", id: 7 }, channels: { bell: true, email: false } },
      { target: { kind: "member", id: 7 }, channels: { bell: true, email: true } },
    ]);
    expect(api.inputsOf("follows.unfollow")).toEqual([{ kind: "member", id: 7 }]);
  });

  it("is not offered on one's own artifact", async () => {
    const api = detailApi({
      "follows.artifactOwner": () => ({ id: SIGNED_IN_USER.id, name: "Ada" }),
    });
    renderApp(api, "/artifacts/1");
    await waitFor(() => expect(api.inputsOf("follows.artifactOwner")).toEqual([{ id: 1 }]));
    const section = await screen.findByRole("region", { name: "Discussion" });
    await within(section).findByRole("button", { name: "Follow Rosetta Stone" });
    expect(within(await header()).queryByRole("button", { name: /Follow/ })).toBeNull();
    expect(api.inputsOf("follows.state")).toEqual([{ kind: "artifact", id: 1 }]);
  });

  it("is not asked for on an artifact that is not public, nor on the public page", async () => {
    const pending = detailApi({ "artifacts.byId": () => makeArtifact({ status: "pending" }) });
    const { unmount } = renderApp(pending, "/artifacts/1");
    expect(await screen.findByText("Not shown to the public.")).toBeInTheDocument();
    expect(pending.inputsOf("follows.artifactOwner")).toEqual([]);
    unmount();

    const visitor = createFakeApi({
      "auth.me": () => null,
      "artifacts.publicById": () => makeArtifact(),
      "comments.list": () => ({
        items: [],
        nextCursor: null,
        revision: 1,
        may: { comment: false, suggest: false, decideSuggestions: false, moderate: false },
      }),
    });
    renderApp(visitor, "/a/1");
    expect(await within(await header()).findByText(/Added by/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Follow/ })).toBeNull();
    expect(visitor.inputsOf("follows.artifactOwner")).toEqual([]);
  });
});
