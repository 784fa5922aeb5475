import { clsx } from "clsx";
import type { ReactNode } from "react";

const WIDTHS = { wide: "max-w-7xl", medium: "max-w-4xl", narrow: "max-w-xl" } as const;

/** The page column: one set of widths and side margins for every screen. */
export function Container({
  width = "wide",
  className,
  children,
}: {
  width?: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("mx-auto w-full px-4 sm:px-6 lg:px-8", WIDTHS[width], className)}>
      {children}
    </div>
  );
}

/** Vertical rhythm of an ordinary page. */
export function Page({
  width,
  children,
  className,
}: {
  width?: keyof typeof WIDTHS;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Container width={width} className={clsx("py-10 sm:py-14", className)}>
      {children}
    </Container>
  );
}
