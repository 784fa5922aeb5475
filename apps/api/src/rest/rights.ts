import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  REUSE_LABELS,
  REUSE_VALUES,
  RIGHTS_STATEMENTS,
  RIGHTS_URIS,
  siteRightsInput,
} from "@artifact-atlas/shared";
import { setSiteRights, siteRights } from "../services/site-rights";
import { failures, json } from "./declarations";
import { ADMIN_WRITES, requireUser } from "./http";

const restSiteRights = z
  .object({
    metadataLicense: z
      .enum(RIGHTS_URIS)
      .describe("The licence of the site's data about artifacts."),
    uploadRights: z.enum(RIGHTS_URIS).describe("The rights an upload gets when none is sent."),
  })
  .meta({ id: "SiteRights" });

const restRights = z
  .object({
    statements: z
      .array(
        z.object({
          uri: z.enum(RIGHTS_URIS),
          name: z.string().describe('The short name: "CC BY 4.0", "In Copyright".'),
          reuse: z
            .enum(REUSE_VALUES)
            .describe(
              `Can I reuse it? ${REUSE_VALUES.map((value) => `${value}: ${REUSE_LABELS[value]}`).join("; ")}.`,
            ),
        }),
      )
      .describe("Every rights statement an image may carry."),
    site: restSiteRights,
  })
  .meta({ id: "Rights" });

/** GET /rights and PUT /admin/rights (issue 30). */
export async function rightsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const list = {
    operationId: "getRights",
    summary: "The rights statements an image may carry, and the site's settings",
    security: [{}],
    response: { 200: json("The statements and the site's settings.", restRights) },
  };
  api.get("/rights", { schema: list }, async () => ({
    statements: RIGHTS_STATEMENTS.map(({ uri, name, reuse }) => ({ uri, name, reuse })),
    site: siteRights(deps.db),
  }));

  const set = {
    operationId: "setSiteRights",
    summary: "Set the site's metadata licence and the uploads' default rights (admins only)",
    body: siteRightsInput.meta({ id: "SiteRightsBody" }),
    response: {
      200: json("Saved.", restSiteRights),
      ...failures([400, 401, 403, 429], {
        reasons: { 403: "Signed in, but not an admin." },
      }),
    },
  };
  api.put("/admin/rights", { schema: set, config: { access: ADMIN_WRITES } }, async (request) =>
    setSiteRights(deps.db, requireUser(request), { ...request.body, requestId: request.id }),
  );
}
