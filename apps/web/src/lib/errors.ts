import { TRPCClientError } from "@trpc/client";

/** The tRPC error codes our API uses; the UI decides by code, never by message text. */
type ApiErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR"
  | (string & {});

interface ErrorData {
  code?: string;
  httpStatus?: number;
  zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null;
}

function errorData(error: unknown): ErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data ?? undefined) as ErrorData | undefined;
}

/** err.data.code of a tRPC error, or undefined for network failures and other errors. */
export function trpcErrorCode(error: unknown): ApiErrorCode | undefined {
  return errorData(error)?.code;
}

/**
 * The server's own message when it sent one meant for people (any 4xx); undefined for 5xx,
 * network failures and anything that is not an API answer. A 4xx the server sends before tRPC
 * reads the call (the origin check's 403, issue 29) is `{ error }`, not tRPC's shape: its words
 * count too.
 */
export function serverMessage(error: unknown): string | undefined {
  const code = trpcErrorCode(error);
  if (!code) return refusalBeforeTrpc(error);
  if (code === "INTERNAL_SERVER_ERROR") return undefined;
  const message = (error as Error).message;
  return message ? message : undefined;
}

function refusalBeforeTrpc(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const meta = error.meta as { response?: { status?: number }; responseJSON?: unknown } | undefined;
  const status = meta?.response?.status ?? 0;
  const body = meta?.responseJSON;
  if (status < 400 || status >= 500 || typeof body !== "object" || body === null) return undefined;
  const words = (body as { error?: unknown }).error;
  return typeof words === "string" && words !== "" ? words : undefined;
}

/** The HTTP status of a failed API call, when the server answered at all. */
export function httpStatus(error: unknown): number | undefined {
  const fromData = errorData(error)?.httpStatus;
  if (fromData) return fromData;
  if (error instanceof TRPCClientError) {
    const response = (error.meta as { response?: { status?: number } } | undefined)?.response;
    if (response?.status && response.status >= 400) return response.status;
  }
  return undefined;
}

/** Per-field messages of a rejected input (the server flattens zod errors). */
export function fieldErrors(error: unknown): Record<string, string> {
  const raw = errorData(error)?.zodError?.fieldErrors ?? {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(raw)) {
    const first = messages?.[0];
    if (first) result[field] = first;
  }
  return result;
}
