import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bodies, failures, json } from "./declarations";
import { assertOwnEmail, requireUser, SIGNED_IN } from "./http";
import { restConfirmed } from "./schemas";

/**
 * POST /jwt: the original client asked here for a token for whatever email it sent. Identity is
 * the session cookie now, so this only confirms that the session belongs to that email and never
 * issues a credential.
 */
export async function jwtRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    operationId: "confirmSession",
    summary: "Confirm that the session is this email's; issues no token",
    body: bodies.jwt,
    response: {
      200: json("The session is this email's.", restConfirmed),
      ...failures([400, 401, 403, 413]),
    },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/jwt", { schema, config: { access: SIGNED_IN } }, async (request) => {
    assertOwnEmail(requireUser(request), request.body.email, "email");
    return { success: true as const };
  });
}
