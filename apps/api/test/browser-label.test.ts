import { describe, expect, it } from "vitest";
import { browserLabel } from "../src/auth/browser-label";

describe("browserLabel", () => {
  it("names common browsers and systems", () => {
    expect(
      browserLabel(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      browserLabel(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      ),
    ).toBe("Safari on macOS");
    expect(
      browserLabel(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      browserLabel("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"),
    ).toBe("Firefox on Linux");
    expect(browserLabel("curl/8.11.0")).toBe("curl");
  });

  it("says so when it cannot tell, and never echoes the header", () => {
    expect(browserLabel(undefined)).toBe("Unknown browser");
    expect(browserLabel("<script>alert(1)</script>")).toBe("Unknown browser");
    expect(browserLabel(`${"x".repeat(100_000)} Firefox/1`)).toBe("Unknown browser");
  });
});
