import { Download } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { ListParams } from "../lib/list-params";
import { buttonClasses } from "./Button";

/* The open menu loads with its own code: it kept All Artifacts' first load over its budget. */
const ExportFormats = lazy(async () => ({
  default: (await import("./ExportFormats")).ExportFormats,
}));

/**
 * Export: downloads what the collection shows with the current search and filters, as CSV or
 * JSON-LD. Plain links: the browser downloads the file as the server streams it.
 */
export function ExportMenu({ state }: { state: ListParams }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className={buttonClasses({ variant: "secondary", fullWidth: true })}
      >
        <Download aria-hidden="true" className="size-4" />
        Export
      </button>
      {open && (
        <Suspense>
          <ExportFormats id={menuId} state={state} onChoose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
