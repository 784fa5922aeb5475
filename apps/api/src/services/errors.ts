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
