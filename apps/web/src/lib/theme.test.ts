import { describe, expect, it } from "vitest";
import { currentTheme, setTheme } from "./theme";

describe("theme", () => {
  it("defaults to light", () => {
    document.documentElement.removeAttribute("data-theme");
    expect(currentTheme()).toBe("light");
  });

  it("applies the theme as data-theme and the dark class, and stores it under theme", () => {
    setTheme("dark");
    const root = document.documentElement;
    expect(root).toHaveAttribute("data-theme", "dark");
    expect(root).toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    setTheme("light");
    expect(root).toHaveAttribute("data-theme", "light");
    expect(root).not.toHaveClass("dark");
    expect(window.localStorage.getItem("theme")).toBe("light");
  });
});
