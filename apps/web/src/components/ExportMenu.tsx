import { Download, FileJson, FileSpreadsheet } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { hasListFilters, type ListParams } from "../lib/list-params";
import { buttonClasses } from "./Button";

/**
 * The download address of the export for what the collection shows now: GET /export takes GET
 * /artifacts's parameters (q, in, type, era, fromYear, toYear, location, rights). The screen's sort is
 * left out: the file is always in id order.
 */
export function exportHref(format: "csv" | "json", state: ListParams): string {
  const params = new URLSearchParams({ format });
  const search = state.search.trim();
  if (search) params.set("q", search);
  if (state.scope === "all") params.set("in", "all");
  for (const type of state.types) params.append("type", type);
  for (const era of state.eras) params.append("era", era);
  if (state.fromYear !== undefined) params.set("fromYear", String(state.fromYear));
  if (state.toYear !== undefined) params.set("toYear", String(state.toYear));
  for (const location of state.locations) params.append("location", location);
  for (const value of state.rights) params.append("rights", value);
  return `/export?${params.toString()}`;
}

const FORMATS = [
  { format: "csv", label: "CSV", hint: "for spreadsheets", Icon: FileSpreadsheet },
  { format: "json", label: "JSON-LD", hint: "for programs and linked data", Icon: FileJson },
] as const;

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
        <div
          id={menuId}
          className="absolute right-0 z-20 mt-2 w-72 rounded-xl border border-line bg-surface p-2 shadow-card"
        >
          <p className="px-3 pt-1 pb-2 text-xs text-muted">
            {state.search.trim() || hasListFilters(state)
              ? "The artifacts matching your search and filters, as a file."
              : "Every artifact, as a file."}
          </p>
          <ul>
            {FORMATS.map(({ format, label, hint, Icon }) => (
              <li key={format}>
                <a
                  href={exportHref(format, state)}
                  download
                  onClick={() => setOpen(false)}
                  className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink hover:bg-surface-muted"
                >
                  <Icon aria-hidden="true" className="size-5 text-accent" />
                  <span>
                    <span className="font-semibold">Download {label}</span>
                    <span className="block text-xs text-muted">{hint}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
