import { Download } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import type { ListParams } from "../lib/list-params";
import { buttonClasses } from "./Button";

/*
 * The open menu loads with its own code, and closes itself (outside, Escape): it kept All
 * Artifacts' first load over its budget.
 */
const ExportFormats = lazy(() => import("./ExportFormats"));

/**
 * Export: downloads what the collection shows with the current search and filters, as CSV or
 * JSON-LD. Plain links: the browser downloads the file as the server streams it.
 */
export function ExportMenu({ state }: { state: ListParams }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

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
          <ExportFormats id={menuId} state={state} menu={root} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
