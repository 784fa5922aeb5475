import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LIKED_ARTIFACTS_PAGE_SIZE, type LikedArtifact } from "@artifact-atlas/shared";
import { createFakeApi, cursorPages, FakeApiError } from "../test/fake-api";
import { renderApp, SIGNED_IN_USER } from "../test/render";
import { expectConsoleErrors } from "../test/setup";

function likedArtifact(id: number): LikedArtifact {
  return { id, artifactName: `Liked ${id}`, artifactType: "Art", createdAt: `${id} BC` };
}

describe("Liked Artifacts", () => {
  it("shows every liked artifact of a member with more than one page, without a click", async () => {
    const total = LIKED_ARTIFACTS_PAGE_SIZE + 7;
    const liked = Array.from({ length: total }, (_, index) => likedArtifact(total - index));
    const fake = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "likes.list": cursorPages(liked, LIKED_ARTIFACTS_PAGE_SIZE),
    });
    renderApp(fake, "/likedartifacts");

    expect(await screen.findByText(`${total} artifacts`)).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Liked artifacts" });
    const header = within(table).getAllByRole("row")[0]!;
    expect(
      within(header)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["#", "Artifact Name", "Type", "Historical Period"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(total);
    expect(within(rows[0]!).getByRole("link", { name: `Liked ${total}` })).toHaveAttribute(
      "href",
      `/artifacts/${total}`,
    );
    expect(rows.at(-1)).toHaveTextContent(`${total}Liked 1Art1 BC`);
    expect(screen.queryByRole("button", { name: /load more/i })).not.toBeInTheDocument();
    expect(fake.inputsOf("likes.list")).toEqual([
      { direction: "forward" },
      { cursor: total - LIKED_ARTIFACTS_PAGE_SIZE + 1, direction: "forward" },
    ]);
  });

  it("invites exploring when nothing is liked yet", async () => {
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "likes.list": cursorPages([], LIKED_ARTIFACTS_PAGE_SIZE),
      }),
      "/likedartifacts",
    );
    expect(
      await screen.findByRole("heading", { name: "No liked artifacts yet" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore All Artifacts" })).toHaveAttribute(
      "href",
      "/allartifacts",
    );
  });

  it("shows the spec's error state when the list cannot be loaded", async () => {
    expectConsoleErrors();
    renderApp(
      createFakeApi({
        "auth.me": () => SIGNED_IN_USER,
        "likes.list": () => {
          // A definite 4xx: the client does not retry it.
          throw new FakeApiError("TOO_MANY_REQUESTS", "Too many requests");
        },
      }),
      "/likedartifacts",
    );
    expect(
      await screen.findByRole("heading", { name: "Error Loading Artifacts" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Unable to load liked artifacts. Please try again later."),
    ).toBeInTheDocument();
  });
});
