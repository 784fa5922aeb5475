import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  artifactPlaces,
  GAZETTEER_MAX_SUGGESTIONS,
  gazetteerQuery,
  placeSuggestion,
} from "@artifact-atlas/shared";
import { suggestPlaces } from "../services/places/gazetteer";
import { placesOf, setPlaces } from "../services/places/places";
import { artifactParams, failures, json } from "./declarations";
import { requireUser, SIGNED_IN, WRITER } from "./http";
import { OPTIONALLY_SIGNED_IN } from "./openapi";

/** GET/PUT /artifacts/{id}/places (issue 31): the same services as tRPC's places router. */
export async function placeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const store = deps.artifactStore;

  const read = {
    operationId: "getArtifactPlaces",
    summary: "An artifact's findspot and present place",
    description:
      "Its owner and curators get the exact findspot; everyone else gets it no finer than the server's FINDSPOT_PUBLIC_PRECISION (the point snapped to a grid square's centre, without its GeoNames id).",
    security: OPTIONALLY_SIGNED_IN,
    params: artifactParams,
    response: {
      200: json("The places; null where there is none.", artifactPlaces),
      ...failures([404]),
    },
  };
  api.get("/artifacts/:id/places", { schema: read }, async (request) =>
    placesOf(store, request.session?.user ?? null, request.params),
  );

  const suggest = {
    operationId: "suggestPlaces",
    summary: "Places whose name starts with, or is a typo or two from, the text",
    description: `From the GeoNames gazetteer that ships with the server (cities of 1,000 people or more, and countries); at most ${GAZETTEER_MAX_SUGGESTIONS}, countries first, then the most populous.`,
    querystring: gazetteerQuery,
    response: {
      200: json("The suggestions.", z.array(placeSuggestion)),
      ...failures([400, 401]),
    },
  };
  api.get(
    "/places/suggestions",
    { schema: suggest, config: { access: SIGNED_IN } },
    async (request) => suggestPlaces(request.query.q),
  );

  const write = {
    operationId: "setArtifactPlaces",
    summary: "Set an artifact's places (its owner and curators)",
    description: "Both places at once: null removes one. Answers the places as stored, exact.",
    params: artifactParams,
    body: artifactPlaces,
    response: {
      200: json("The places as stored.", artifactPlaces),
      ...failures([400, 401, 403, 404, 413, 429]),
    },
  };
  api.put(
    "/artifacts/:id/places",
    { schema: write, config: { access: WRITER } },
    async (request) => {
      const user = requireUser(request);
      const input = { ...request.body, id: request.params.id };
      return setPlaces(store, user, input, deps.env.findspotPublicPrecision);
    },
  );
}
