import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** The quiet "back to ..." link above a page's content. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-6 inline-flex max-w-full items-center gap-2 rounded text-sm font-medium text-muted hover:text-accent"
    >
      <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
      {/* A one-word name longer than the screen wraps anywhere (issue 29). */}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </Link>
  );
}
