import type { ReactNode } from "react";

/**
 * What a part of a screen says in place of data it could not load (QueryState's `failed`). Its own
 * module: only screens that load on demand use it, so it stays out of the first load.
 */
export function LoadFailed({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-danger">
      {children}
    </p>
  );
}
