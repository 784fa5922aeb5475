import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AccessLog } from "../access-log";
import { isDatabaseBusy } from "../db/client";
import { refusalStatus } from "../http-status";
import { REQUEST_ID_HEADER } from "../logging";
import { refusalOf } from "../services/errors";
import { everyAnswerHeaders } from "./security-headers";

/**
 * Every error is JSON; 4xx say what was wrong, 5xx say nothing about internals. A refusal (a
 * service's, the load shedding's, a database that stayed locked past the busy timeout) is
 * answered with its status, its words and Retry-After, as REST and tRPC answer it.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (isDatabaseBusy(error)) request.log.warn({ err: error }, "database busy");
      const refusal = refusalOf(error);
      if (refusal) {
        const status = refusalStatus(refusal, (name, value) => reply.header(name, value));
        return reply.code(status).send({ error: refusal.message });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(status).send({ error: "Internal server error" });
      }
      return reply.code(status).send({ error: error.message });
    });
  },
  { name: "atlas-errors" },
);

/** What Fastify's router refuses, in our words: never the path, which holds whatever was sent. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "The address is not valid." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "The address is too long." },
};

/**
 * Fastify's `frameworkErrors`: a URL its router cannot take (`GET /%`, a path segment longer than
 * maxParamLength) is answered before any hook runs. The request id header, the security headers
 * and the access line that hooks give every other answer are added here, in the product's error
 * shape; Fastify's own answer echoed the path.
 */
export function frameworkErrorAnswer({
  https,
  accessLog,
}: {
  https: boolean;
  accessLog: AccessLog;
}) {
  const everyAnswer = everyAnswerHeaders({ https });
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = FRAMEWORK_ERRORS[error.code];
    if (!known) request.log.error({ err: error }, "request failed");
    // Fastify writes a request's access line only once it was routed, which this one never was.
    reply.raw.once("finish", () => accessLog.requestCompleted(null, request, reply));
    void reply
      .code(known?.status ?? 500)
      .header(REQUEST_ID_HEADER, request.id)
      .headers(everyAnswer)
      .send({ error: known?.message ?? "Internal server error" });
  };
}
