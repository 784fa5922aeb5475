import { TriangleExclamationPoint } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";

/*
 * How a screen says that something failed: data it could not load (QueryState's `failed`) or an
 * action that did not work. One module, so one chunk: only screens that load on demand use them,
 * so they stay out of the first load, whose list of chunks each new one would lengthen.
 */

/** A part of a screen that could not load: one line. */
export function LoadFailed({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-danger">
      {children}
    </p>
  );
}

/** A screen whose content is the list that could not load: a card with a warning sign. */
export function LoadFailedCard({ title, message }: { title: string; message: string }) {
  return (
    <EmptyState icon={TriangleExclamationPoint} tone="danger" title={title} message={message} />
  );
}

/**
 * A short failure beside what it is about (an action that did not work, a part that could not
 * load), read out as it appears; nothing while there is none.
 */
export function InlineError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}
