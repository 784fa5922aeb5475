import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LikeStatus } from "@artifact-atlas/shared";
import { createFakeApi, deferred, FakeApiError } from "../test/fake-api";
import { renderWithApi } from "../test/render";
import { LikeButton } from "./LikeButton";

const count = () => screen.getByTestId("like-count").textContent;

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
    const answer = deferred<LikeStatus>();
    const api = createFakeApi({
      "likes.status": () => ({ liked: false, likeCount: 3 }),
      "likes.like": () => answer.promise,
    });
    renderWithApi(api, <LikeButton artifactId={5} initialCount={3} />);
    fireEvent.click(await screen.findByRole("button", { name: "Like this Artifact" }));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeDisabled();
    expect(count()).toBe("4");
    answer.resolve({ liked: true, likeCount: 9 });
    await waitFor(() => expect(count()).toBe("9"));
    expect(screen.getByRole("button", { name: "Unlike this Artifact" })).toBeEnabled();
    expect(api.inputsOf("likes.like")).toEqual([{ id: 5 }]);
  });

  it("puts a like back when the server refuses it", async () => {
    const answer = deferred<LikeStatus>();
    const api = createFakeApi({
      "likes.status": () => ({ liked: false, likeCount: 3 }),
      "likes.like": () => answer.promise,
    });
    renderWithApi(api, <LikeButton artifactId={5} initialCount={3} />);
    fireEvent.click(await screen.findByRole("button", { name: "Like this Artifact" }));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeInTheDocument();
    expect(count()).toBe("4");
    answer.reject(new FakeApiError("INTERNAL_SERVER_ERROR", "Internal server error"));
    expect(await screen.findByRole("button", { name: "Like this Artifact" })).toBeEnabled();
    expect(count()).toBe("3");
  });

  it("unlikes at once and reverts when the call fails", async () => {
    const answer = deferred<LikeStatus>();
    const api = createFakeApi({
      "likes.status": () => ({ liked: true, likeCount: 10 }),
      "likes.unlike": () => answer.promise,
    });
    renderWithApi(api, <LikeButton artifactId={8} initialCount={10} />);
    fireEvent.click(await screen.findByRole("button", { name: "Unlike this Artifact" }));
    expect(await screen.findByRole("button", { name: "Like this Artifact" })).toBeInTheDocument();
    expect(count()).toBe("9");
    answer.reject(new FakeApiError("NOT_FOUND", "Artifact not found"));
    expect(await screen.findByRole("button", { name: "Unlike this Artifact" })).toBeEnabled();
    expect(count()).toBe("10");
  });
});
