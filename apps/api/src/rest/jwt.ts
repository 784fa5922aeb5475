import type { FastifyInstance } from "fastify";
import { restJwtBody } from "@artifact-atlas/shared";
import { assertOwnEmail, parseInput, requireUser } from "./http";

/**
 * POST /jwt: the original client asked here for a token for whatever email it sent. Identity is
 * the session cookie now, so this only confirms that the session belongs to that email and never
 * issues a credential.
 */
export async function jwtRoutes(app: FastifyInstance): Promise<void> {
  app.post("/jwt", async (request) => {
    const user = requireUser(request);
    const body = parseInput(restJwtBody, request.body, "body");
    assertOwnEmail(user, body.email, "email");
    return { success: true };
  });
}
