import fp from "fastify-plugin";
import { adminRoutes } from "./admin";
import { accountRoutes } from "./account";
import { artifactRoutes } from "./artifacts";
import { exportRoutes } from "./export";
import { importRoutes } from "./imports";
import { restErrorHandler } from "./http";
import { imageRoutes } from "./images";
import { jwtRoutes } from "./jwt";
import { likeRoutes } from "./likes";
import { reviewRoutes } from "./review";
import { revisionRoutes } from "./revisions";
import { notificationRoutes } from "./notifications";
import { buildOpenApiDocument } from "./openapi";
import { chargeRestWork } from "../work-budget";

/**
 * The documented REST paths of spec section 7 for clients other than the web app (which uses
 * tRPC). Thin: parse with the shared schemas, call services/, shape the answer. Encapsulated so
 * that its error handler answers only its own routes.
 */
export const restPlugin = fp(
  async (app) => {
    app.setErrorHandler(restErrorHandler);
    chargeRestWork(app, app.deps);
    // Many HTTP clients label a DELETE without a body as JSON; read an empty body as no body.
    // Everything else goes to Fastify's own parser (and its prototype-poisoning guard).
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = body.toString();
      if (text === "") return done(null, undefined);
      return parseJson(request, text, done);
    });
    await artifactRoutes(app);
    await revisionRoutes(app);
    await likeRoutes(app);
    await reviewRoutes(app);
    await jwtRoutes(app);
    await adminRoutes(app);
    await notificationRoutes(app);
    await exportRoutes(app);
    await importRoutes(app);
    await accountRoutes(app);
    await imageRoutes(app);

    const document = buildOpenApiDocument();
    app.get("/openapi.json", async () => document);
  },
  { name: "atlas-rest", dependencies: ["atlas-session", "atlas-spa"], encapsulate: true },
);
