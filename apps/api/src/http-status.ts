import type { ServiceErrorCode } from "./services/errors";

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
