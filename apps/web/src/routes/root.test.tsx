import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RouteObject } from "react-router-dom";
import { createFakeApi } from "../test/fake-api";
import { renderRoutes } from "../test/render";
import { expectConsoleErrors } from "../test/setup";
import RootLayout from "./root";

function BrokenScreen(): never {
  throw new Error("The screen broke");
}

const ROUTES: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { path: "one", element: <h1>Page one</h1> },
      { path: "two", element: <h1>Page two</h1> },
      { path: "broken", Component: BrokenScreen },
    ],
  },
];

function renderLayout(entry: string) {
  return renderRoutes(createFakeApi({ "auth.me": () => null }), ROUTES, entry);
}

/** The visitor scrolls the window down to `top`. */
function scrollWindowTo(top: number) {
  vi.stubGlobal("scrollY", top);
  fireEvent.scroll(window);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the layout", () => {
  it("shows the error screen in place of a screen that fails, until the visitor moves on", async () => {
    expectConsoleErrors();
    const { router } = renderLayout("/broken");
    expect(
      await screen.findByRole("heading", { name: "Something went wrong" }),
    ).toBeInTheDocument();
    // The header and footer stay around it.
    expect(screen.getByRole("navigation", { name: "Footer" })).toBeInTheDocument();
    await act(() => router.navigate("/one"));
    expect(await screen.findByRole("heading", { name: "Page one" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
  });

  it("opens a new page at the top and returns to where the page was left on Back", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo");
    const { router } = renderLayout("/one");
    await screen.findByRole("heading", { name: "Page one" });
    scrollWindowTo(640);
    await act(() => router.navigate("/two"));
    expect(await screen.findByRole("heading", { name: "Page two" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollWindowTo(0);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Page one" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it("keeps the position when the address of the same page is replaced", async () => {
    const { router } = renderLayout("/one");
    await screen.findByRole("heading", { name: "Page one" });
    scrollWindowTo(300);
    const scrollTo = vi.spyOn(window, "scrollTo");
    await act(() => router.navigate("/one?search=urn", { replace: true }));
    expect(router.location.search).toBe("?search=urn");
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
