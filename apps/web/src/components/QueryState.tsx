import type { ReactNode } from "react";
import { trpcErrorCode } from "../lib/errors";
import ErrorScreen from "../routes/error";
import NotFoundRoute from "../routes/not-found";
import { LoginRedirect } from "./ProtectedRoute";

/** What of a query (or of several read together) decides what a screen shows. */
export interface QueryAnswer<Data> {
  /** The answer; a screen keeps showing one it has while it refetches or a refetch fails. */
  data: Data | undefined;
  /** Why there is no answer; null (or undefined) while it is on its way. */
  error: unknown;
}

/**
 * The one way a screen, or a part of one, shows the data it reads
 * (docs/decisions/013-web-declarative-routes.md): `children` with the answer once there is one;
 * `loading` until then; and for a failure, the not-found screen for NOT_FOUND (or `notFound`), the
 * login page for UNAUTHORIZED (the session ended; it comes back here after), and otherwise the
 * error screen, or the screen's own words (`failed`). Whether the failure is logged is the query's
 * to say (`meta.failureLog`, lib/trpc.ts).
 */
export function QueryState<Data>({
  query,
  loading,
  notFound,
  failed,
  children,
}: {
  query: QueryAnswer<Data>;
  loading: ReactNode;
  notFound?: ReactNode;
  failed?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error == null) return loading;
  const code = trpcErrorCode(query.error);
  if (code === "NOT_FOUND") return notFound ?? <NotFoundRoute />;
  if (code === "UNAUTHORIZED") return <LoginRedirect />;
  return failed ?? <ErrorScreen />;
}
