import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Container } from "./Container";

/** A section of the home page, labelled by its heading. */
export function HomeSection({
  headingId,
  eyebrow,
  title,
  subtitle,
  className,
  width,
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  /** Borders and background; every section has the same vertical padding. */
  className?: string;
  width?: "medium";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={clsx(className, "py-16 sm:py-24")}>
      <Container width={width}>
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
            {eyebrow}
          </p>
          <h2
            id={headingId}
            className="font-serif text-3xl leading-tight font-semibold text-ink sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-3 text-base leading-relaxed text-muted">{subtitle}</p>
        </div>
        {children}
      </Container>
    </section>
  );
}
