import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  GOOGLE_ERROR_MESSAGES,
  LIKED_ARTIFACTS_PAGE_SIZE,
  MY_ARTIFACTS_PAGE_SIZE,
  type LoginInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import { createFakeApi, cursorPages, FakeApiError } from "./test/fake-api";
import { makeArtifact, renderApp, SIGNED_IN_USER } from "./test/render";
import { expectConsoleErrors } from "./test/setup";

/** The API as a signed-out visitor first sees it; login signs them in. */
function signedOutApi() {
  let user: SessionUser | null = null;
  return createFakeApi({
    "auth.me": () => user,
    "auth.login": (input: LoginInput) => {
      if (input.password !== "Correct1")
        throw new FakeApiError("UNAUTHORIZED", "Invalid email or password.");
      user = SIGNED_IN_USER;
      return user;
    },
    "artifacts.popular": () => [],
    "artifacts.mine": cursorPages([makeArtifact({ id: 3 })], MY_ARTIFACTS_PAGE_SIZE),
    "likes.list": cursorPages([], LIKED_ARTIFACTS_PAGE_SIZE),
  });
}

const location = (router: ReturnType<typeof renderApp>["router"]) =>
  `${router.location.pathname}${router.location.search}`;

describe("routes", () => {
  it("sends a signed-out visitor to the login page, remembering the wanted page", async () => {
    const { router } = renderApp(signedOutApi(), "/likedartifacts");
    await waitFor(() => expect(location(router)).toBe("/login?redirect=%2Flikedartifacts"));
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
  });

  it("returns to the wanted page after login", async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedOutApi(), "/myArtifacts");
    await screen.findByRole("heading", { name: "Welcome Back" });
    await user.type(screen.getByLabelText("Email"), SIGNED_IN_USER.email);
    await user.type(screen.getByLabelText("Password"), "Correct1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Login Successful!" })).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe("/myArtifacts"));
    expect(
      await screen.findByRole("heading", { name: "My Artifacts Collection" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("1 artifact")).toBeInTheDocument();
  });

  it("shows a failed login inline and in the Oops... popup", async () => {
    expectConsoleErrors();
    const user = userEvent.setup();
    renderApp(signedOutApi(), "/login");
    await screen.findByRole("heading", { name: "Welcome Back" });
    await user.type(screen.getByLabelText("Email"), SIGNED_IN_USER.email);
    await user.type(screen.getByLabelText("Password"), "Wrong1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("dialog", { name: "Oops..." })).toHaveAccessibleDescription(
      "Invalid email or password.",
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid email or password.");
  });

  it("ignores a redirect to another site", async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedOutApi(), "/login?redirect=//evil.example/steal");
    await screen.findByRole("heading", { name: "Welcome Back" });
    await user.type(screen.getByLabelText("Email"), SIGNED_IN_USER.email);
    await user.type(screen.getByLabelText("Password"), "Correct1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.location.pathname).toBe("/"));
  });

  it("sends the visitor to login when the session ends while a screen is open", async () => {
    let user: SessionUser | null = SIGNED_IN_USER;
    const api = createFakeApi({
      "auth.me": () => user,
      "likes.list": () => {
        user = null; // the session expired on the server
        throw new FakeApiError("UNAUTHORIZED", "Please sign in to continue.");
      },
    });
    const { router } = renderApp(api, "/likedartifacts");
    await waitFor(() => expect(location(router)).toBe("/login?redirect=%2Flikedartifacts"));
  });

  it("shows why a Google sign-in failed, in the Oops... popup and inline", async () => {
    renderApp(signedOutApi(), "/login?google_error=access_denied");
    expect(await screen.findByRole("dialog", { name: "Oops..." })).toHaveAccessibleDescription(
      GOOGLE_ERROR_MESSAGES.access_denied,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(GOOGLE_ERROR_MESSAGES.access_denied);
  });

  it("welcomes a Google sign-in back and goes on to the wanted page", async () => {
    const api = createFakeApi({ "auth.me": () => SIGNED_IN_USER });
    const { router } = renderApp(api, "/login?google=success&redirect=%2Fprofile");
    expect(await screen.findByRole("dialog", { name: "Login Successful!" })).toBeInTheDocument();
    await waitFor(() => expect(location(router)).toBe("/profile"));
    expect(
      await screen.findByRole("heading", { name: `Welcome, ${SIGNED_IN_USER.name}!` }),
    ).toBeInTheDocument();
  });

  it("serves My Artifacts at /myartifacts and at its alias /myArtifacts, linked as /myartifacts", async () => {
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "artifacts.mine": cursorPages(
        [makeArtifact({ id: 3 }), makeArtifact({ id: 4, artifactName: "Venus" })],
        MY_ARTIFACTS_PAGE_SIZE,
      ),
    });
    for (const path of ["/myartifacts", "/myArtifacts"]) {
      const view = renderApp(api, path);
      expect(
        await screen.findByRole("heading", { name: "My Artifacts Collection" }),
      ).toBeInTheDocument();
      expect(await screen.findByText("2 artifacts")).toBeInTheDocument();
      const navLink = within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", {
        name: "My Artifacts",
      });
      expect(navLink).toHaveAttribute("href", "/myartifacts");
      expect(navLink).toHaveAttribute("aria-current", "page");
      view.unmount();
    }
  });

  it("loads the artifact before the detail screen shows, and 404s an unknown one", async () => {
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "artifacts.byId": ({ id }: { id: number }) => {
        if (id !== 9) throw new FakeApiError("NOT_FOUND", "Artifact not found");
        return makeArtifact({ id: 9, artifactName: "Lycurgus Cup", artifactType: "Art" });
      },
      "artifacts.similar": () => [],
      "likes.status": () => ({ liked: false, likeCount: 3 }),
    });
    const view = renderApp(api, "/artifacts/9");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Lycurgus Cup" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("No similar artifacts found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View More Art Artifacts/ })).toHaveAttribute(
      "href",
      "/allartifacts",
    );
    view.unmount();
    renderApp(api, "/artifacts/10");
    expect(
      await screen.findByRole("heading", { name: /Oops! Page not found/ }),
    ).toBeInTheDocument();
  });

  it("404s an artifact id the API could never accept, without asking it", async () => {
    const api = createFakeApi({ "auth.me": () => SIGNED_IN_USER });
    renderApp(api, "/artifacts/abc");
    expect(
      await screen.findByRole("heading", { name: /Oops! Page not found/ }),
    ).toBeInTheDocument();
    expect(api.inputsOf("artifacts.byId")).toEqual([]);
  });

  it("shows the error screen when the artifact cannot be loaded, and logs why", async () => {
    expectConsoleErrors();
    const api = createFakeApi({
      "auth.me": () => SIGNED_IN_USER,
      "artifacts.byId": () => {
        throw new FakeApiError("INTERNAL_SERVER_ERROR", "Internal server error");
      },
    });
    renderApp(api, "/artifacts/9");
    // One retry after a second (lib/trpc.ts), then the error screen.
    expect(
      await screen.findByRole("heading", { name: "Something went wrong" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith("Error loading artifact", expect.anything());
  });

  it("shows the not-found screen for an unknown route", async () => {
    renderApp(signedOutApi(), "/no/such/page");
    expect(
      await screen.findByRole("heading", { name: /Oops! Page not found/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});
