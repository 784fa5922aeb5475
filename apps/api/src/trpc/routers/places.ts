import { artifactIdInput, gazetteerQuery, setPlacesInput } from "@artifact-atlas/shared";
import { suggestPlaces } from "../../services/places/gazetteer";
import { placesOf, setPlaces } from "../../services/places/places";
import { protectedProcedure, publicProcedure, router, writeProcedure } from "../init";

export const placesRouter = router({
  /** An artifact's findspot and present place as the session may see them. */
  byArtifact: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => placesOf(ctx.deps.artifactStore, ctx.user, input)),

  /** The gazetteer's places for a name as typed: for the form, so for members. */
  suggest: protectedProcedure.input(gazetteerQuery).query(({ input }) => suggestPlaces(input.q)),

  set: writeProcedure
    .input(setPlacesInput)
    .mutation(({ ctx, input }) =>
      setPlaces(ctx.deps.artifactStore, ctx.user, input, ctx.deps.env.findspotPublicPrecision),
    ),
});
