import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LikeStatus } from "@artifact-atlas/shared";
import { createFakeApi, deferred, FakeApiError } from "../test/fake-api";
import { renderWithApi } from "../test/render";
import { LikeButton } from "./LikeButton";

const count = () => screen.getByTestId("like-count").textContent;

/** The button over a server that knows `status` and holds its answer to `mutation` until told. */
function renderWithHeldAnswer(
  mutation: "likes.like" | "likes.unlike",
  status: LikeStatus,
  artifactId: number,
) {
  const answer = deferred<LikeStatus>();
  const api = createFakeApi({ "likes.status": () => status, [mutation]: () => answer.promise });
  renderWithApi(api, <LikeButton artifactId={artifactId} initialCount={status.likeCount} />);
  return { api, answer };
}

describe("LikeButton", () => {
  it("says Loading... and is disabled until the like status arrives", async () => {
    const status = deferred<LikeStatus>();
    const api = createFakeApi({ "likes.status": () => status.promise });
    renderWithApi(api, <LikeButton artifactId={5} initialCount={3} />);
    const button = await screen.findByRole("button", { name: "Loading..." });
    expect(button).toBeDisabled();
    expect(count()).toBe("3");
    status.resolve({ liked: true, likeCount: 4 });
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeEnabled();
    expect(count()).toBe("4");
    expect(api.inputsOf("likes.status")).toEqual([{ id: 5 }]);
  });

  it("likes at once, before the server answers, and keeps the server's count", async () => {
    const { api, answer } = renderWithHeldAnswer("likes.like", { liked: false, likeCount: 3 }, 5);
    fireEvent.click(await screen.findByRole("button", { name: "Like this Artifact" }));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeDisabled();
    expect(count()).toBe("4");
    answer.resolve({ liked: true, likeCount: 9 });
    await waitFor(() => expect(count()).toBe("9"));
    expect(screen.getByRole("button", { name: "Unlike this Artifact" })).toBeEnabled();
    expect(api.inputsOf("likes.like")).toEqual([{ id: 5 }]);
  });

  it("puts a like back when the server refuses it", async () => {
    const { answer } = renderWithHeldAnswer("likes.like", { liked: false, likeCount: 3 }, 5);
    fireEvent.click(await screen.findByRole("button", { name: "Like this Artifact" }));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeInTheDocument();
    expect(count()).toBe("4");
    answer.reject(new FakeApiError("INTERNAL_SERVER_ERROR", "Internal server error"));
    expect(await screen.findByRole("button", { name: "Like this Artifact" })).toBeEnabled();
    expect(count()).toBe("3");
  });

  it("unlikes at once and reverts when the call fails", async () => {
    const { answer } = renderWithHeldAnswer("likes.unlike", { liked: true, likeCount: 10 }, 8);
    fireEvent.click(await screen.findByRole("button", { name: "Unlike this Artifact" }));
    expect(await screen.findByRole("button", { name: "Like this Artifact" })).toBeInTheDocument();
    expect(count()).toBe("9");
    answer.reject(new FakeApiError("NOT_FOUND", "Artifact not found"));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeEnabled();
    expect(count()).toBe("10");
  });
});
