import { useEffect, type RefObject } from "react";

/**
 * Closes a menu or panel while `open`: on Escape, or on a press anywhere outside `inside` (the
 * panel with the button that opened it).
 */
export function useDismiss(inside: RefObject<HTMLElement | null>, close: () => void, open = true) {
  useEffect(() => {
    if (!open) return;
    const listening = new AbortController();
    const { signal } = listening;
    document.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "Escape") close();
      },
      { signal },
    );
    document.addEventListener(
      "pointerdown",
      (event) => {
        if (!inside.current?.contains(event.target as Node)) close();
      },
      { signal },
    );
    return () => listening.abort();
  }, [inside, close, open]);
}
