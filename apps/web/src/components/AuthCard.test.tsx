import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_META } from "@artifact-atlas/shared";
import LoginRoute from "../routes/login";
import SignupRoute from "../routes/signup";
import { createFakeApi } from "../test/fake-api";
import { renderRoutes } from "../test/render";

/* Issue 29: the Google button shows only when the server says, in the page's head, that it works. */

function serverOffersGoogle() {
  const meta = document.createElement("meta");
  meta.name = GOOGLE_SIGN_IN_META;
  meta.content = "on";
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelector(`meta[name="${GOOGLE_SIGN_IN_META}"]`)?.remove();
});

function renderAt(path: "/login" | "/signup") {
  renderRoutes(
    createFakeApi({ "auth.me": () => null }),
    [
      { path: "/login", Component: LoginRoute },
      { path: "/signup", Component: SignupRoute },
    ],
    path,
  );
}

describe("Google sign-in on the Login and Signup screens", () => {
  it("is not offered when the server has not set it up", () => {
    renderAt("/login");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /with Google/ })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
  });

  it("is offered, leading to the server's flow, when the server has set it up", () => {
    serverOffersGoogle();
    renderAt("/login");
    expect(screen.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute(
      "href",
      "/auth/google?redirect=%2F",
    );
  });

  it("follows the same word on Signup", () => {
    renderAt("/signup");
    expect(screen.queryByRole("link", { name: "Sign up with Google" })).not.toBeInTheDocument();
  });
});
