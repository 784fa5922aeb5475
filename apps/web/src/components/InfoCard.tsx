import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A card beside a public page's content (Cite this, Reuse): its heading with an icon, then what it holds. */
export function InfoCard({
  headingId,
  title,
  icon: Icon,
  children,
}: {
  headingId: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2
        id={headingId}
        className="flex items-center gap-2.5 font-serif text-2xl font-semibold text-ink"
      >
        <Icon aria-hidden="true" className="size-5 text-accent" />
        {title}
      </h2>
      {children}
    </section>
  );
}
