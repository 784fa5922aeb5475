import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";

/** A titled card that groups related form fields. */
export function FormSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
    >
      <div className="mb-6 flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 id={id} className="font-serif text-xl font-semibold text-ink">
          {title}
        </h2>
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
