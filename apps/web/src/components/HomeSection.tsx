import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Container } from "./Container";
import { SectionHeading } from "./PageHeader";

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
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} subtitle={subtitle} />
        {children}
      </Container>
    </section>
  );
}
