import { clsx } from "clsx";
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/*
 * On phones the rows stack into cards (each cell shows its column name, styles.css
 * `.table-stack`); from 640 px up it is an ordinary table. The explicit roles keep the table
 * semantics that some browsers drop once a table is no longer displayed as one.
 */

export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
      <table
        role="table"
        aria-label={label}
        className="table-stack w-full border-collapse text-left text-sm [&_tbody_tr:last-child]:border-b-0 [&_tbody_tr:last-child_td]:border-b-0"
      >
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead role="rowgroup">{children}</thead>;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody role="rowgroup">{children}</tbody>;
}

export function Tr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <tr role="row" className={className}>
      {children}
    </tr>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={clsx(
        "border-b border-line bg-surface-muted px-4 py-3 text-xs font-semibold tracking-wider text-muted uppercase",
        className,
      )}
      {...rest}
    />
  );
}

interface TdProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's name, shown beside the value when rows stack on phones. */
  label?: string;
}

export function Td({ className, label, ...rest }: TdProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={clsx("border-b border-line px-4 py-3 align-middle text-ink", className)}
      {...rest}
    />
  );
}
