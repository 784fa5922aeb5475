import { clsx } from "clsx";
import { LoaderCircle } from "lucide-react";

interface SpinnerProps {
  /** Announced to screen readers; omit inside a control that already says it is busy. */
  label?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

export function Spinner({ label, size = "md", className }: SpinnerProps) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={clsx(
        "animate-spin text-accent motion-reduce:animate-none",
        SIZES[size],
        className,
      )}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A centred spinner for a screen or section that is loading. `fill` takes the whole window's
 * height, for a screen whose content will: the footer waits below the fold instead of being
 * pushed down when the screen arrives (a layout shift Lighthouse counted on /a/{id}).
 */
export function PageSpinner({ label, fill = false }: { label: string; fill?: boolean }) {
  return (
    <div
      className={clsx(
        "flex items-center justify-center py-16",
        fill ? "min-h-dvh" : "min-h-[40vh]",
      )}
    >
      <Spinner label={label} size="lg" />
    </div>
  );
}

/**
 * A centred spinner for a part of a screen that is loading (a section, a form's data): smaller
 * than PageSpinner and holding no height of its own.
 */
export function SectionSpinner({ label, size = "md" }: { label: string; size?: "md" | "lg" }) {
  return (
    <div className={clsx("flex justify-center", size === "lg" ? "py-8" : "py-6")}>
      <Spinner label={label} size={size} />
    </div>
  );
}
