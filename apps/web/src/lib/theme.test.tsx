import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeToggle } from "../components/ThemeToggle";
import { currentTheme, readStoredTheme, setTheme } from "./theme";

describe("theme", () => {
  it("defaults to light", () => {
    expect(readStoredTheme()).toBe("light");
  });

  it("applies the theme as data-theme and the dark class, and stores it under theme", () => {
    setTheme("dark");
    const root = document.documentElement;
    expect(root).toHaveAttribute("data-theme", "dark");
    expect(root).toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(readStoredTheme()).toBe("dark");
    setTheme("light");
    expect(root).toHaveAttribute("data-theme", "light");
    expect(root).not.toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("light");
  });

  it("toggles from the button, which names the theme it switches to", () => {
    setTheme("light");
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(currentTheme()).toBe("dark");
    fireEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(currentTheme()).toBe("light");
  });
});
