import type { ReactNode } from "react";

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** A short label above the title. */
  eyebrow?: ReactNode;
  /** Actions or a figure on the right (below on phones). */
  aside?: ReactNode;
}

export function PageHeader({ title, subtitle, eyebrow, aside }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:mb-10 md:flex-row md:items-end md:justify-between">
      {/* min-w-0 and wrapping anywhere: a one-word name longer than a phone (issue 29). */}
      <div className="max-w-2xl min-w-0 [overflow-wrap:anywhere]">
        {eyebrow && (
          <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
            {eyebrow}
          </p>
        )}
        <h1 className="font-serif text-3xl leading-tight font-semibold text-ink sm:text-4xl">
          {title}
        </h1>
        {subtitle && <p className="mt-3 text-base leading-relaxed text-muted">{subtitle}</p>}
      </div>
      {aside && <div className="shrink-0 self-start md:self-auto">{aside}</div>}
    </header>
  );
}
