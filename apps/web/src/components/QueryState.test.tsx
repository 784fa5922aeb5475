import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeApi, deferred, FakeApiError } from "../test/fake-api";
import { renderRoutes } from "../test/render";
import { expectConsoleErrors } from "../test/setup";
import { trpc } from "../lib/trpc";
import { QueryState } from "./QueryState";

/** A screen that reads the popular list through QueryState, with words of its own for a failure. */
function PopularScreen({ ownWords = false }: { ownWords?: boolean }) {
  const popular = trpc.artifacts.popular.useQuery(undefined, {
    meta: { failureLog: "Error fetching artifacts" },
  });
  return (
    <QueryState
      query={popular}
      loading={<p>Waiting for the answer</p>}
      failed={ownWords ? <p>The screen's own words</p> : undefined}
    >
      {(items) => <p>{`${items.length} artifacts arrived`}</p>}
    </QueryState>
  );
}

function renderScreen(answer: () => unknown, ownWords = false) {
  const api = createFakeApi({ "artifacts.popular": answer, "auth.me": () => null });
  return renderRoutes(
    api,
    [
      { path: "/screen", element: <PopularScreen ownWords={ownWords} /> },
      { path: "/login", element: <h1>Login page</h1> },
    ],
    "/screen",
  );
}

describe("QueryState", () => {
  it("shows the loading view until the answer arrives, then the screen", async () => {
    const answer = deferred<unknown[]>();
    renderScreen(() => answer.promise);
    expect(await screen.findByText("Waiting for the answer")).toBeInTheDocument();
    answer.resolve([{}, {}]);
    expect(await screen.findByText("2 artifacts arrived")).toBeInTheDocument();
    expect(screen.queryByText("Waiting for the answer")).not.toBeInTheDocument();
  });

  it("shows the not-found screen for NOT_FOUND, and does not log it", async () => {
    renderScreen(() => {
      throw new FakeApiError("NOT_FOUND", "Artifact not found");
    });
    expect(
      await screen.findByRole("heading", { name: /Oops! Page not found/ }),
    ).toBeInTheDocument();
  });

  it("sends an ended session to the login page, remembering the screen", async () => {
    expectConsoleErrors();
    const { router } = renderScreen(() => {
      throw new FakeApiError("UNAUTHORIZED", "Please sign in to continue.");
    });
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeInTheDocument();
    expect(router.location.search).toBe("?redirect=%2Fscreen");
  });

  it("shows the screen's own words for a failure, or the error screen, and logs what the query names", async () => {
    expectConsoleErrors();
    const refused = () => {
      throw new FakeApiError("TOO_MANY_REQUESTS", "Too many requests");
    };
    const own = renderScreen(refused, true);
    expect(await screen.findByText("The screen's own words")).toBeInTheDocument();
    own.unmount();
    renderScreen(refused);
    expect(
      await screen.findByRole("heading", { name: "Something went wrong" }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        (console.error as unknown as { mock: { calls: unknown[][] } }).mock.calls.filter(
          ([line]) => line === "Error fetching artifacts",
        ),
      ).toHaveLength(2),
    );
  });
});
