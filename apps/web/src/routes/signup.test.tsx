import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES, type SessionUser, type SignupInput } from "@artifact-atlas/shared";
import { createFakeApi, FakeApiError } from "../test/fake-api";
import { renderRoutes } from "../test/render";
import { expectConsoleErrors } from "../test/setup";
import SignupRoute from "./signup";

function renderSignup(signup: (input: SignupInput) => SessionUser) {
  const api = createFakeApi({ "auth.signup": signup, "auth.me": () => null });
  const view = renderRoutes(
    api,
    [
      { path: "/signup", Component: SignupRoute },
      { path: "/", element: <p>Home page</p> },
    ],
    "/signup",
  );
  return { api, ...view };
}

describe("Signup screen", () => {
  it("shows the schema's messages inline and sends nothing while the form is invalid", async () => {
    const { api } = renderSignup(() => {
      throw new Error("must not be called");
    });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(MESSAGES.userNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    // Every failing password rule, joined with a comma (spec section 5).
    expect(
      screen.getByText(
        [
          MESSAGES.passwordUppercase,
          MESSAGES.passwordLowercase,
          MESSAGES.passwordNumber,
          MESSAGES.passwordLength,
        ].join(", "),
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.passwordHint),
    );
    expect(api.inputsOf("auth.signup")).toEqual([]);
  });

  it("names only the password rules that still fail", async () => {
    const user = userEvent.setup();
    renderSignup(() => {
      throw new Error("must not be called");
    });
    await user.type(screen.getByLabelText("Password"), "abcdef");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText(`${MESSAGES.passwordUppercase}, ${MESSAGES.passwordNumber}`),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Photo URL (optional)"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(MESSAGES.invalidUrl)).toBeInTheDocument();
  });

  it("creates the account, welcomes the user and goes home", async () => {
    const user = userEvent.setup();
    const { api, router } = renderSignup((input) => ({
      id: 7,
      email: input.email,
      name: input.userName,
      photoUrl: null,
      role: "member",
    }));
    await user.type(screen.getByLabelText("Username"), "Hypatia");
    await user.type(screen.getByLabelText("Email"), "hypatia@example.com");
    await user.type(screen.getByLabelText("Password"), "Alexandria1");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("dialog", { name: "Welcome!" })).toHaveAccessibleDescription(
      "Your account has been created successfully.",
    );
    await waitFor(() => expect(router.location.pathname).toBe("/"));
    expect(api.inputsOf("auth.signup")).toEqual([
      {
        userName: "Hypatia",
        photoUrl: undefined,
        email: "hypatia@example.com",
        password: "Alexandria1",
      },
    ]);
  });

  it("explains a registered email inline and in the Signup Failed popup", async () => {
    expectConsoleErrors();
    const user = userEvent.setup();
    renderSignup(() => {
      throw new FakeApiError("CONFLICT", "Conflict");
    });
    await user.type(screen.getByLabelText("Username"), "Hypatia");
    await user.type(screen.getByLabelText("Email"), "hypatia@example.com");
    await user.type(screen.getByLabelText("Password"), "Alexandria1");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Signup Failed" });
    expect(dialog).toHaveAccessibleDescription(MESSAGES.emailAlreadyRegistered);
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailAlreadyRegistered);
  });

  it("says why a signup from an address the server does not allow was refused (issue 29)", async () => {
    expectConsoleErrors();
    const user = userEvent.setup();
    const api = createFakeApi({ "auth.me": () => null });
    // The origin check answers before tRPC reads the call, in the REST shape { error }.
    const refusing = {
      ...api,
      fetch: async (url: RequestInfo | URL, init?: RequestInit) =>
        String(url).includes("auth.signup")
          ? new Response(JSON.stringify({ error: MESSAGES.crossOriginRefused }), {
              status: 403,
              headers: { "content-type": "application/json" },
            })
          : api.fetch(url, init),
    };
    renderRoutes(refusing, [{ path: "/signup", Component: SignupRoute }], "/signup");
    await user.type(screen.getByLabelText("Username"), "Hypatia");
    await user.type(screen.getByLabelText("Email"), "hypatia@example.com");
    await user.type(screen.getByLabelText("Password"), "Alexandria1");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const dialog = await screen.findByRole("dialog", { name: "Signup Failed" });
    expect(dialog).toHaveAccessibleDescription(MESSAGES.crossOriginRefused);
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.crossOriginRefused);
    expect(screen.queryByText(MESSAGES.signupFailed)).not.toBeInTheDocument();
  });
});
