import { isDatabaseBusy } from "../db/client";

/** The failures a service can report; both transports (tRPC and REST) map them to their own form. */
export type ServiceErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    /**
     * "Not now, in this many seconds": every too-busy answer (503: the server or a shared slot is
     * busy; 429: this client has done enough) says so here, and only http-status.ts writes it out.
     */
    readonly retryAfterSeconds?: number,
    /** The input field the refusal is about, for a form to show it there. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

/** A database locked past the busy timeout: both transports answer 503 with this and Retry-After. */
export const DATABASE_BUSY_MESSAGE =
  "The collection is busy right now. Please try again in a moment.";
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The refusal an error stands for: a service's own, or a database locked past the busy timeout
 * (the request changed nothing: "try again"); null for anything else, which is a fault.
 */
export function refusalOf(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error;
  if (isDatabaseBusy(error)) {
    return new ServiceError("SERVICE_UNAVAILABLE", DATABASE_BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS);
  }
  return null;
}
