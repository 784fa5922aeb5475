import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

const STORAGE_KEY = "scroll-positions";

/** How far each history entry of this tab was scrolled, by its location key; kept over a reload. */
function readSavedPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as [string, number][]);
  } catch {
    return new Map();
  }
}

const savedPositions = readSavedPositions();

/**
 * A new page starts at the top; Back, Forward and a reload return to where the page was left.
 * Replacing the address on the same page (the collection's search box) keeps the position.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);

  useLayoutEffect(() => {
    // The browser would restore on popstate, before the page it belongs to has rendered.
    window.history.scrollRestoration = "manual";
    const save = () =>
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...savedPositions].slice(-100)));
    window.addEventListener("pagehide", save);
    return () => window.removeEventListener("pagehide", save);
  }, []);

  useLayoutEffect(() => {
    const saved = savedPositions.get(location.key);
    if (navigationType === "POP") {
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (navigationType === "PUSH" || location.pathname !== previousPathname.current) {
      window.scrollTo(0, 0);
    }
    previousPathname.current = location.pathname;

    const remember = () => savedPositions.set(location.key, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key, location.pathname, navigationType]);
}
