import { clsx } from "clsx";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "danger";
  /** The heading level that fits the page. */
  headingLevel?: "h1" | "h2" | "h3";
}

export function EmptyState({
  icon: Icon,
  title,
  message,
  action,
  tone = "neutral",
  headingLevel = "h2",
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong/50 bg-surface px-6 py-14 text-center">
      <span
        className={clsx(
          "mb-5 flex size-14 items-center justify-center rounded-full",
          tone === "danger" ? "bg-danger-soft text-danger" : "bg-accent-soft text-accent",
        )}
      >
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="font-serif text-2xl font-semibold text-ink">{title}</Heading>
      {message && <p className="mt-2 max-w-md text-base leading-relaxed text-muted">{message}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
