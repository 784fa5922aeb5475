import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { appendVary } from "../plugins/cors";
import { isNavigation } from "../plugins/spa";

/**
 * A path that the web app shares (docs/rest-api.md, "One path, two answers"): a browser navigation
 * gets the web app's page, before anything about the request is checked; any other request goes
 * on to the route.
 */
export function webPageForNavigation(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    appendVary(reply, "Accept");
    if (isNavigation(request) && app.webApp.available) return app.webApp.send(reply);
  };
}
