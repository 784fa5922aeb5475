import { describe, it } from "vitest";
import { checkEveryRoute, SCREENS_TIMEOUT_MS, WIDTHS } from "./support/accessibility";
import { useProductInBrowser } from "./support/product";

const product = useProductInBrowser();

describe("every route in the dark theme", () => {
  it.each(WIDTHS)(
    "at %i px has no serious or critical axe violation, and is photographed",
    (width) => checkEveryRoute(product, "dark", width),
    // 36 screens at a width: on the shared two-core machine one width took past 120 s.
    SCREENS_TIMEOUT_MS,
  );
});
