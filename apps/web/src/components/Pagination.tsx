import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";

type PageItem = number | "gap-start" | "gap-end";

/**
 * The page numbers to show: all of them up to 7 pages, otherwise the first, the last and the
 * current page with its neighbours, with gaps where pages are left out.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const current = Math.min(Math.max(page, 1), pageCount);
  let start = Math.max(2, current - 1);
  let end = Math.min(pageCount - 1, current + 1);
  if (current <= 3) {
    start = 2;
    end = 4;
  } else if (current >= pageCount - 2) {
    start = pageCount - 3;
    end = pageCount - 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push("gap-start");
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end < pageCount - 1) items.push("gap-end");
  items.push(pageCount);
  return items;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}

const itemClasses =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors";

/** Previous and Next. */
const stepClasses = clsx(
  itemClasses,
  "gap-1 text-ink hover:bg-surface-muted disabled:pointer-events-none disabled:opacity-40",
);

export function Pagination({ page, pageCount, onPageChange, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav aria-label="Pagination" className={clsx("flex justify-center", className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            onClick={() => onPageChange(page - 1)}
            disabled={atStart}
            aria-label="Previous page"
            className={stepClasses}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Previous</span>
          </button>
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <button
                type="button"
                onClick={() => onPageChange(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={clsx(
                  itemClasses,
                  item === page
                    ? "bg-accent text-on-accent shadow-sm"
                    : "border border-line bg-surface text-ink hover:border-accent hover:text-accent",
                )}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            onClick={() => onPageChange(page + 1)}
            disabled={atEnd}
            aria-label="Next page"
            className={stepClasses}
          >
            <span className="hidden sm:inline">Next</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
