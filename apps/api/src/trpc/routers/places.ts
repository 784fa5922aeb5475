import { artifactIdInput, setPlacesInput } from "@artifact-atlas/shared";
import { placesOf, setPlaces } from "../../services/places/places";
import { publicProcedure, router, writeProcedure } from "../init";

export const placesRouter = router({
  /** An artifact's findspot and present place as the session may see them. */
  byArtifact: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => placesOf(ctx.deps.artifactStore, ctx.user, input)),

  set: writeProcedure
    .input(setPlacesInput)
    .mutation(({ ctx, input }) =>
      setPlaces(ctx.deps.artifactStore, ctx.user, input, ctx.deps.env.findspotPublicPrecision),
    ),
});
