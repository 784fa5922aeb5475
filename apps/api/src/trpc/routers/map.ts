import { mapQuery } from "@artifact-atlas/shared";
import { mapPoints } from "../../services/places/map";
import { publicProcedure, router } from "../init";

export const mapRouter = router({
  /** The map's points in a box at a zoom: artifacts and clusters, at most MAP_MAX_POINTS. */
  points: publicProcedure
    .input(mapQuery)
    .query(({ ctx, input }) => mapPoints(ctx.deps.artifactStore, input)),
});
