import type { ReactNode } from "react";
import { Button } from "./Button";

/**
 * The other way through a long list than Pagination: a button that asks an infinite query for its next page, shown
 * while there is one. `className` places it (centred under the list by default).
 */
export function LoadMore({
  pages,
  children,
  className = "mt-6 flex justify-center",
  size,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
  className?: string;
  size?: "sm";
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={className}>
      <Button
        variant="secondary"
        size={size}
        busy={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {children}
      </Button>
    </div>
  );
}
