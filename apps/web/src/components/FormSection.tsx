import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode, type Ref } from "react";
import { Button } from "./Button";

const TONES = {
  accent: { border: "border-line", tile: "bg-accent-soft text-accent" },
  danger: { border: "border-danger/60", tile: "bg-danger-soft text-danger" },
};

/**
 * A titled card with an icon tile beside its heading: a group of form fields, an account setting,
 * an edit conflict, the comparison of two versions. A line or two may stand under the heading.
 */
export function FormSection({
  title,
  icon: Icon,
  tone = "accent",
  intro,
  headingRef,
  className = "",
  children,
}: {
  title: ReactNode;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** Under the heading, beside nothing but the icon. */
  intro?: ReactNode;
  /** For a card that takes focus when it appears; the heading is then focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const { border, tile } = TONES[tone];
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border ${border} bg-surface p-5 shadow-card sm:p-7 ${className}`}
    >
      <div className="mb-6 flex items-start gap-3">
        <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tile}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2
            id={id}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="font-serif text-xl font-semibold text-ink"
          >
            {title}
          </h2>
          {intro}
        </div>
      </div>
      {children}
    </section>
  );
}

/** A short note beside a form (what happens to a submission). */
export function FormNote({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm leading-relaxed text-muted">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>{children}</span>
    </p>
  );
}

/**
 * A small form's buttons: its action, Cancel when the form can be closed, and anything said beside
 * them (a notice).
 */
export function FormActions({
  action,
  busy,
  onCancel,
  children,
}: {
  action: ReactNode;
  busy: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" size="sm" busy={busy}>
        {action}
      </Button>
      {onCancel && (
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {children}
    </div>
  );
}
