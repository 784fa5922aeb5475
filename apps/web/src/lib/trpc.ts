import type { AppRouter } from "@artifact-atlas/api/trpc";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { sessionUncertain } from "./cache-updates";
import { trpcErrorCode } from "./errors";

/** React hooks for every procedure of the API (the only runtime link between the two apps). */
export const trpc = createTRPCReact<AppRouter>();

interface AppClientsOptions {
  /** The API endpoint; the app and the API share one origin. */
  url?: string;
  /** Replaces the browser's fetch (component tests answer with a fake server). */
  fetch?: typeof globalThis.fetch;
}

/**
 * What a query or mutation says about its failures. The spec names the failures it wants logged
 * (the popular list, a refused login, a logout...): their query or mutation gives the line to log
 * and the cache logs it, once. Every other failure is shown rather than logged: by the screen
 * (components/QueryState.tsx), a form's error or a popup, and the browser's own log has the
 * request. A NOT_FOUND answer is the not-found screen, not a failure.
 */
type FailureMeta = { failureLog?: string };

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

function logFailure(error: unknown, meta: FailureMeta | undefined) {
  if (meta?.failureLog && trpcErrorCode(error) !== "NOT_FOUND")
    console.error(meta.failureLog, error);
}

/** A failed request is retried once, unless the server answered with a definite 4xx code. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const code = trpcErrorCode(error);
  if (code && code !== "INTERNAL_SERVER_ERROR") return false;
  return failureCount < 1;
}

/** The query cache and the tRPC client. One set per page load; tests create their own. */
export function createAppClients(options: AppClientsOptions = {}) {
  const onError = (error: unknown, meta: FailureMeta | undefined) => {
    logFailure(error, meta);
    // A call refused as UNAUTHORIZED means the session ended (expired, or signed out elsewhere).
    if (trpcErrorCode(error) === "UNAUTHORIZED") void sessionUncertain(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      // Not the stream link: it silently drops cookies set after an await (STACK_NOTES).
      httpBatchLink({
        url: options.url ?? "/trpc",
        maxItems: TRPC_MAX_BATCH_SIZE,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
  return { queryClient, trpcClient };
}
