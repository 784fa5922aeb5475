import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  CONVERSATION_MESSAGES,
  type DiscussionComment,
  type DiscussionPage,
  type DiscussionThread,
  type FollowState,
} from "@artifact-atlas/shared";
import { createFakeApi, FakeApiError } from "../../test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "../../test/render";

/*
 * Issue 33 on the artifact's pages: the Discussion read by visitors on /a/{id}, written by members
 * on /artifacts/{id}, moderated by curators; suggestions; Follow.
 */

const T0 = Date.UTC(2026, 10, 20, 12);

function comment(overrides: Partial<DiscussionComment> = {}): DiscussionComment {
  return {
    id: 1,
    artifactId: 1,
    parentId: null,
    authorId: 7,
    authorName: "Mary Anning",
    status: "published",
    html: "<p>Found by <strong>Bouchard</strong> in July 1799.</p>\n",
    body: "Found by **Bouchard** in July 1799.",
    createdAt: T0,
    editedAt: null,
    hiddenReason: null,
    mine: false,
    suggestion: null,
    ...overrides,
  };
}

function thread(
  overrides: Partial<DiscussionComment> = {},
  replies: DiscussionComment[] = [],
  moreReplies = false,
): DiscussionThread {
  return { ...comment(overrides), replies, moreReplies };
}

function page(items: DiscussionThread[], may: Partial<DiscussionPage["may"]> = {}): DiscussionPage {
  return {
    items,
    nextCursor: null,
    revision: 4,
    may: { comment: false, suggest: false, decideSuggestions: false, moderate: false, ...may },
  };
}

const NOT_FOLLOWING: FollowState = {
  following: false,
  bell: false,
  email: false,
  mailEnabled: true,
};

/** The handlers an artifact's detail page reads, with the discussion's given. */
function detailApi(handlers: Record<string, (input: never) => unknown>, user = SIGNED_IN_USER) {
  return createFakeApi({
    "auth.me": () => user,
    "artifacts.byId": () => makeArtifact(),
    "artifacts.similar": () => [],
    "likes.status": () => ({ liked: false, likeCount: 3 }),
    "follows.state": () => NOT_FOLLOWING,
    ...handlers,
  });
}

async function discussion() {
  const section = await screen.findByRole("region", { name: "Discussion" });
  return section;
}

describe("the discussion for visitors (/a/{id})", () => {
  it("reads the threads and their replies, renders the comment's HTML, and invites signing in", async () => {
    const api = createFakeApi({
      "auth.me": () => null,
      "artifacts.publicById": () => makeArtifact(),
      "comments.list": () =>
        page([
          thread({}, [
            comment({ id: 2, parentId: 1, authorName: "Eve Expert", html: "<p>Agreed.</p>" }),
          ]),
          thread({
            id: 3,
            status: "hidden",
            html: null,
            body: null,
            authorName: "Spammer",
          }),
          thread({ id: 4, status: "deleted", html: null, body: null, authorName: null }),
        ]),
    });
    renderApp(api, "/a/1");
    const section = await discussion();
    const first = await within(section).findByRole("article", { name: "Comment by Mary Anning" });
    expect(within(first).getByText("Bouchard").tagName).toBe("STRONG");
    expect(
      within(section).getByRole("article", { name: "Comment by Eve Expert" }),
    ).toHaveTextContent("Agreed.");
    // The words for a hidden comment; a deleted one names no one.
    expect(within(section).getByText("Hidden by a curator")).toBeInTheDocument();
    expect(within(section).getByText("This comment was deleted.")).toBeInTheDocument();
    expect(within(section).queryByText("Spammer")).not.toBeInTheDocument();
    // Read only: no form, no Follow, no Reply; a way in.
    expect(within(section).queryByRole("form")).not.toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: /Follow|Reply|Report/ })).toBeNull();
    expect(
      within(section).getByRole("link", { name: "Sign in to join the discussion" }),
    ).toHaveAttribute("href", expect.stringContaining("login"));
    expect(api.inputsOf("comments.list")).toEqual([{ id: 1, direction: "forward" }]);
    expect(api.inputsOf("follows.state")).toEqual([]);
  });

  it("says when there is nothing yet", async () => {
    renderApp(
      createFakeApi({
        "auth.me": () => null,
        "artifacts.publicById": () => makeArtifact(),
        "comments.list": () => page([]),
      }),
      "/a/1",
    );
    expect(await within(await discussion()).findByText(/No comments yet/)).toBeInTheDocument();
  });
});

describe("the discussion for members (/artifacts/{id})", () => {
  it("posts a comment and shows the held message of a new account, then asks again", async () => {
    const user = userEvent.setup();
    let posted = false;
    const api = detailApi({
      "comments.list": () => page(posted ? [thread({ mine: true })] : [], { comment: true }),
      "comments.create": () => {
        posted = true;
        return {
          comment: comment({ status: "held", mine: true }),
          message: CONVERSATION_MESSAGES.commentHeld,
        };
      },
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    await user.type(
      await within(section).findByRole("textbox", { name: "Add a comment" }),
      "Is this really **Roman**?",
    );
    await user.click(within(section).getByRole("button", { name: "Post comment" }));
    expect(await within(section).findByRole("status")).toHaveTextContent(
      CONVERSATION_MESSAGES.commentHeld,
    );
    expect(api.inputsOf("comments.create")).toEqual([
      { artifactId: 1, body: "Is this really **Roman**?" },
    ]);
    expect(within(section).getByRole("textbox", { name: "Add a comment" })).toHaveValue("");
    await waitFor(() => expect(api.inputsOf("comments.list").length).toBeGreaterThan(1));
  });

  it("keeps the held message of a new account's reply once its form closes", async () => {
    const user = userEvent.setup();
    const api = detailApi({
      "comments.list": () => page([thread()], { comment: true }),
      "comments.create": () => ({
        comment: comment({ id: 9, parentId: 1, status: "held", mine: true }),
        message: CONVERSATION_MESSAGES.commentHeld,
      }),
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    const mary = await within(section).findByRole("article", { name: "Comment by Mary Anning" });
    await user.click(within(mary).getByRole("button", { name: "Reply" }));
    await user.type(within(section).getByRole("textbox", { name: "Reply to Mary Anning" }), "Yes");
    await user.click(
      within(within(section).getByRole("form", { name: "Reply to Mary Anning" })).getByRole(
        "button",
        { name: "Reply" },
      ),
    );
    expect(await within(section).findByRole("status")).toHaveTextContent(
      CONVERSATION_MESSAGES.commentHeld,
    );
    expect(within(section).queryByRole("form", { name: "Reply to Mary Anning" })).toBeNull();
  });

  it("keeps what was typed and shows the server's refusal under the field", async () => {
    const user = userEvent.setup();
    const api = detailApi({
      "comments.list": () => page([], { comment: true }),
      "comments.create": () => {
        throw new FakeApiError("BAD_REQUEST", CONVERSATION_MESSAGES.tooManyLinks(2));
      },
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    const field = await within(section).findByRole("textbox", { name: "Add a comment" });
    await user.type(field, "https://a.example https://b.example https://c.example");
    await user.click(within(section).getByRole("button", { name: "Post comment" }));
    expect(await within(section).findByText(CONVERSATION_MESSAGES.tooManyLinks(2))).toBeVisible();
    expect(field).toHaveValue("https://a.example https://b.example https://c.example");
  });

  it("replies one level deep, edits and deletes one's own, and reports another's", async () => {
    const user = userEvent.setup();
    const api = detailApi({
      "comments.list": () =>
        page(
          [thread({}, [comment({ id: 5, parentId: 1, mine: true, authorName: "Ada Lovelace" })])],
          {
            comment: true,
          },
        ),
      "comments.create": () => ({ comment: comment({ id: 6, parentId: 1 }), message: null }),
      "comments.edit": () => comment({ id: 5, mine: true }),
      "comments.delete": () => ({ id: 5, message: "Deleted." }),
      "comments.report": () => ({ entryId: 1, message: "Thank you. A curator will look at it." }),
      "review.reasons": () => [],
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    const mary = await within(section).findByRole("article", { name: "Comment by Mary Anning" });
    const mine = within(section).getByRole("article", { name: "Comment by Ada Lovelace" });
    // A reply has no Reply of its own: one level deep.
    expect(within(mine).queryByRole("button", { name: "Reply" })).toBeNull();
    await user.click(within(mary).getByRole("button", { name: "Reply" }));
    await user.type(within(section).getByRole("textbox", { name: "Reply to Mary Anning" }), "Yes");
    await user.click(within(section).getByRole("button", { name: "Reply" }));
    await waitFor(() =>
      expect(api.inputsOf("comments.create")).toEqual([
        { artifactId: 1, body: "Yes", parentId: 1 },
      ]),
    );

    await user.click(within(mine).getByRole("button", { name: "Edit" }));
    const edit = within(mine).getByRole("textbox", { name: "Edit your comment" });
    expect(edit).toHaveValue("Found by **Bouchard** in July 1799.");
    await user.clear(edit);
    await user.type(edit, "Found in 1799.");
    await user.click(within(mine).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api.inputsOf("comments.edit")).toEqual([{ id: 5, body: "Found in 1799." }]),
    );
    await user.click(within(mine).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(api.inputsOf("comments.delete")).toEqual([{ id: 5 }]));

    // Mary's comment is not the viewer's: Report, never Edit or Delete.
    expect(within(mary).queryByRole("button", { name: "Edit" })).toBeNull();
    await user.click(within(mary).getByRole("button", { name: "Report" }));
    await user.selectOptions(within(mary).getByRole("combobox", { name: "Reason" }), "spam");
    await user.click(within(mary).getByRole("button", { name: "Send report" }));
    expect(await within(mary).findByRole("status")).toHaveTextContent(
      "Thank you. A curator will look at it.",
    );
    expect(api.inputsOf("comments.report")).toEqual([{ id: 1, reason: "spam" }]);
  });

  it("suggests a change to one field with a reason and a source, on the revision read", async () => {
    const user = userEvent.setup();
    const api = detailApi({
      "comments.list": () => page([], { comment: true, suggest: true }),
      "suggestions.create": () => ({ comment: comment(), message: null }),
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    await user.click(await within(section).findByRole("button", { name: "Suggest a change" }));
    const form = within(section).getByRole("form", { name: "Suggest a change" });
    await user.selectOptions(within(form).getByRole("combobox", { name: "Field" }), "createdAt");
    const value = within(form).getByRole("textbox", { name: "New value" });
    // It starts from what the field says now.
    expect(value).toHaveValue("196 BC");
    await user.clear(value);
    await user.type(value, "197 BC");
    await user.type(within(form).getByRole("textbox", { name: "Reason" }), "The decree's date.");
    await user.type(within(form).getByRole("textbox", { name: /Source/ }), "https://bm.example/");
    await user.click(within(form).getByRole("button", { name: "Send suggestion" }));
    await waitFor(() =>
      expect(api.inputsOf("suggestions.create")).toEqual([
        {
          artifactId: 1,
          field: "createdAt",
          value: "197 BC",
          reason: "The decree's date.",
          source: "https://bm.example/",
          baseRevision: 4,
        },
      ]),
    );
    expect(within(section).queryByRole("form", { name: "Suggest a change" })).toBeNull();
  });

  it("shows a suggestion with its agreements; the owner accepts, or declines with a reason", async () => {
    const user = userEvent.setup();
    const suggestion = {
      field: "createdAt" as const,
      fieldLabel: "Created At",
      before: "196 BC",
      value: "197 BC",
      source: "https://bm.example/",
      baseRevision: 4,
      status: "open" as const,
      ownerAccepted: false,
      declineReason: null,
      decidedAt: null,
      agreements: 2,
      agreed: false,
    };
    const api = detailApi({
      "comments.list": () =>
        page([thread({ suggestion })], { comment: true, decideSuggestions: true }),
      "suggestions.agree": () => ({ agreements: 3, agreed: true }),
      "suggestions.decide": () => ({ suggestion: comment(), message: "Declined." }),
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    const card = await within(section).findByRole("article", { name: "Comment by Mary Anning" });
    expect(card).toHaveTextContent("Suggested change: Created At");
    expect(card).toHaveTextContent("196 BC");
    expect(card).toHaveTextContent("197 BC");
    expect(card).toHaveTextContent("2 agree");
    await user.click(within(card).getByRole("button", { name: "Agree" }));
    await waitFor(() => expect(api.inputsOf("suggestions.agree")).toEqual([{ id: 1 }]));

    await user.click(within(card).getByRole("button", { name: "Decline" }));
    const decline = within(card).getByRole("form", { name: "Decline the suggestion" });
    await user.click(within(decline).getByRole("button", { name: "Decline" }));
    expect(within(card).getByRole("alert")).toHaveTextContent(
      "Please say why the suggestion is declined.",
    );
    await user.type(within(decline).getByRole("textbox"), "The museum says 196 BC.");
    await user.click(within(decline).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(api.inputsOf("suggestions.decide")).toEqual([
        { id: 1, decision: "decline", reason: "The museum says 196 BC.", revision: 4 },
      ]),
    );
  });

  it("lets a curator hide a comment with a reason from the list, and show a hidden one again", async () => {
    const user = userEvent.setup();
    const curator = { ...SIGNED_IN_USER, id: 3, role: "curator" as const };
    const api = detailApi(
      {
        "comments.list": () =>
          page(
            [
              thread(),
              thread({
                id: 2,
                status: "hidden",
                hiddenReason: "Spam",
                authorName: "Spammer",
                html: "<p>Buy coins</p>",
              }),
            ],
            { comment: true, moderate: true },
          ),
        "review.reasons": () => [{ id: 1, label: "Spam" }],
        "comments.hide": () => comment({ status: "hidden" }),
        "comments.unhide": () => comment({ id: 2 }),
      },
      curator,
    );
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    const hidden = await within(section).findByRole("article", { name: "Comment by Spammer" });
    // A curator still reads it, marked, with the reason.
    expect(hidden).toHaveTextContent("Hidden by a curator: Spam");
    expect(hidden).toHaveTextContent("Buy coins");
    const mary = within(section).getByRole("article", { name: "Comment by Mary Anning" });
    await user.click(within(mary).getByRole("button", { name: "Hide" }));
    await user.selectOptions(await within(mary).findByRole("combobox", { name: "Reason" }), "Spam");
    await user.click(within(mary).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(api.inputsOf("comments.hide")).toEqual([{ id: 1, reason: "Spam" }]));
    await user.click(within(hidden).getByRole("button", { name: "Show again" }));
    await user.selectOptions(
      await within(hidden).findByRole("combobox", { name: "Reason" }),
      "Spam",
    );
    await user.click(within(hidden).getByRole("button", { name: "Show again" }));
    await waitFor(() =>
      expect(api.inputsOf("comments.unhide")).toEqual([{ id: 2, reason: "Spam" }]),
    );
  });

  it("follows with the bell, adds the daily email, and unfollows", async () => {
    const user = userEvent.setup();
    let state = NOT_FOLLOWING;
    const api = detailApi({
      "comments.list": () => page([], { comment: true }),
      "follows.state": () => state,
      "follows.follow": ({ channels }: { channels: { bell: boolean; email: boolean } }) => {
        state = { ...state, following: true, ...channels };
        return state;
      },
      "follows.unfollow": () => {
        state = NOT_FOLLOWING;
        return state;
      },
    });
    renderApp(api, "/artifacts/1");
    const section = await discussion();
    await user.click(await within(section).findByRole("button", { name: "Follow Rosetta Stone" }));
    const unfollow = await within(section).findByRole("button", { name: "Unfollow Rosetta Stone" });
    expect(unfollow).toHaveTextContent("Unfollow");
    expect(unfollow).toHaveAttribute("aria-pressed", "true");
    const bell = within(section).getByRole("checkbox", { name: "In the bell" });
    expect(bell).toBeChecked();
    // The bell cannot be switched off while it is the only way to tell.
    expect(bell).toBeDisabled();
    await user.click(within(section).getByRole("checkbox", { name: "Daily email" }));
    await waitFor(() =>
      expect(within(section).getByRole("checkbox", { name: "Daily email" })).toBeChecked(),
    );
    await user.click(unfollow);
    expect(
      await within(section).findByRole("button", { name: "Follow Rosetta Stone" }),
    ).toBeInTheDocument();
    expect(api.inputsOf("follows.follow")).toEqual([
      { target: { kind: "artifact", id: 1 }, channels: { bell: true, email: false } },
      { target: { kind: "artifact", id: 1 }, channels: { bell: true, email: true } },
    ]);
    expect(api.inputsOf("follows.unfollow")).toEqual([{ kind: "artifact", id: 1 }]);
  });

  it("has no discussion on an artifact that is not public", async () => {
    const api = detailApi({ "artifacts.byId": () => makeArtifact({ status: "pending" }) });
    renderApp(api, "/artifacts/1");
    expect(await screen.findByText("Not shown to the public.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Discussion" })).toBeNull();
    expect(api.inputsOf("comments.list")).toEqual([]);
  });
});
