import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";

/*
 * jsdom has no modal dialogs and no scrolling. These stand-ins only do what the browser would
 * do to the DOM (the `open` attribute), so components behave as they do in Chromium.
 */
if (typeof HTMLDialogElement.prototype.showModal !== "function") {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
window.scrollTo = () => {};

/*
 * A screen's code is loaded on first use (the router's lazy routes): on a loaded two-core machine
 * that took longer than Testing Library's 1 s wait, failing a find that would have succeeded.
 */
configure({ asyncUtilTimeout: 5_000 });
Element.prototype.scrollIntoView = () => {};

/* An unexpected console.error fails the test (Epic Stack habit); tests that expect one say so. */
let consoleErrors: unknown[][] = [];
let consoleErrorsExpected = false;

/** Declares that the running test logs errors on purpose (the spec says failures are logged). */
export function expectConsoleErrors() {
  consoleErrorsExpected = true;
}

beforeEach(() => {
  consoleErrors = [];
  consoleErrorsExpected = false;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  if (!consoleErrorsExpected) {
    expect(consoleErrors.map((args) => args.map(String).join(" "))).toEqual([]);
  }
});
