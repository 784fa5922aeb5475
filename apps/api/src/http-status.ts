import type { ServiceError, ServiceErrorCode } from "./services/errors";

/** The HTTP status of each service failure, the same through tRPC (trpc/init.ts) and REST (rest/http.ts). */
export const HTTP_STATUS: Record<ServiceErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The status of a refusal, with its Retry-After set when it says when to come back (RFC 9110
 * section 10.2.3). Every door answers a refusal through here: tRPC's error formatter, the REST
 * paths' error handler and the app's, so no answer sets Retry-After any other way.
 */
export function refusalStatus(
  refusal: ServiceError,
  setHeader: (name: string, value: string) => void,
): number {
  if (refusal.retryAfterSeconds) setHeader("retry-after", String(refusal.retryAfterSeconds));
  return HTTP_STATUS[refusal.code];
}
