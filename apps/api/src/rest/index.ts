import fp from "fastify-plugin";
import { adminRoutes } from "./admin";
import { backupRoutes } from "./backups";
import { accountRoutes } from "./account";
import { artifactRoutes } from "./artifacts";
import { exportRoutes } from "./export";
import { importRoutes } from "./imports";
import { collectionRoutes } from "./collections";
import { conversationRoutes } from "./conversation";
import { checkAccess, restErrorHandler, validatorCompiler } from "./http";
import { iiifRoutes } from "./iiif";
import { imageRoutes } from "./images";
import { jwtRoutes } from "./jwt";
import { likeRoutes } from "./likes";
import { reviewRoutes } from "./review";
import { rightsRoutes } from "./rights";
import { revisionRoutes } from "./revisions";
import { notificationRoutes } from "./notifications";
import { openApiRoutes } from "./openapi";
import { placeRoutes } from "./places";
import { chargeRestWork } from "../work-budget";
import { harvestingRoutes } from "../harvesting/routes";

/**
 * The documented REST paths of spec section 7 for clients other than the web app (which uses
 * tRPC). Thin: each route declares who may call it, its input and its answers with the shared
 * schemas (validated before the handler, documented in /openapi.json); the handler calls
 * services/ and shapes the answer. Encapsulated so that its error handler, validator and hooks
 * serve only its own routes.
 */
export const restPlugin = fp(
  async (app) => {
    app.setErrorHandler(restErrorHandler);
    app.setValidatorCompiler(validatorCompiler);
    // Answers go out as JSON.stringify, as without a schema: their declarations type the handlers
    // and document the paths, and are not checked again on the way out (decision 095).
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    const { deps } = app;
    chargeRestWork(app, deps);
    app.addHook("onRequest", async (request) => {
      const { access } = request.routeOptions.config;
      if (access?.beforeBody) checkAccess(request, access, deps);
    });
    app.addHook("preValidation", async (request) => {
      const { access } = request.routeOptions.config;
      if (access && !access.beforeBody) checkAccess(request, access, deps);
    });
    // Many HTTP clients label a DELETE without a body as JSON; read an empty body as no body.
    // Everything else goes to Fastify's own parser (and its prototype-poisoning guard).
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      const text = body.toString();
      if (text === "") return done(null, undefined);
      return parseJson(request, text, done);
    });
    await openApiRoutes(app);
    await artifactRoutes(app);
    await placeRoutes(app);
    await revisionRoutes(app);
    await likeRoutes(app);
    await collectionRoutes(app);
    await reviewRoutes(app);
    await jwtRoutes(app);
    await adminRoutes(app);
    await backupRoutes(app);
    await notificationRoutes(app);
    await exportRoutes(app);
    await importRoutes(app);
    await harvestingRoutes(app);
    await accountRoutes(app);
    await imageRoutes(app);
    await conversationRoutes(app);
    await iiifRoutes(app);
    await rightsRoutes(app);
  },
  { name: "atlas-rest", dependencies: ["atlas-session", "atlas-spa"], encapsulate: true },
);
