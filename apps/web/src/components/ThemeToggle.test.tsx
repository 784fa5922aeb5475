import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentTheme, setTheme } from "../lib/theme";
import { ThemeToggle } from "./ThemeToggle";

describe("ThemeToggle", () => {
  it("toggles from the button, which names the theme it switches to", () => {
    setTheme("light");
    render(<ThemeToggle />);
    fireEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(currentTheme()).toBe("dark");
    fireEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(currentTheme()).toBe("light");
  });
});
