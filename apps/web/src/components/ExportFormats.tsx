import { FileJson, FileSpreadsheet } from "lucide-react";
import type { RefObject } from "react";
import { useDismiss } from "../lib/dismiss";
import { appendFilters, hasListFilters, type ListParams } from "../lib/list-params";

/**
 * The download address of the export for what the collection shows now: GET /export takes GET
 * /artifacts's parameters (q, in, type, era, fromYear, toYear, location, rights, country). The
 * screen's sort is
 * left out: the file is always in id order.
 */
export function exportHref(format: "csv" | "json", state: ListParams): string {
  const params = new URLSearchParams({ format });
  const search = state.search.trim();
  if (search) params.set("q", search);
  if (state.scope === "all") params.set("in", "all");
  appendFilters(params, state);
  return `/export?${params.toString()}`;
}

const FORMATS = [
  { format: "csv", label: "CSV", hint: "for spreadsheets", Icon: FileSpreadsheet },
  { format: "json", label: "JSON-LD", hint: "for programs and linked data", Icon: FileJson },
] as const;

/**
 * The Export menu's open panel: the two files of what the collection shows now. A press outside
 * `menu` (the button and this panel) or Escape closes it, as choosing a file does.
 */
export default function ExportFormats({
  id,
  state,
  menu,
  onClose,
}: {
  id: string;
  state: ListParams;
  menu: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  useDismiss(menu, onClose);

  return (
    <div
      id={id}
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
              onClick={onClose}
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
  );
}
