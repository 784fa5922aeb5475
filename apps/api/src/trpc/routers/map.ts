import { mapListQuery, mapQuery, type MapSettings } from "@artifact-atlas/shared";
import { mapList, mapPoints } from "../../services/places/map";
import { publicProcedure, router } from "../init";

export const mapRouter = router({
  /** The map's points in a box at a zoom: artifacts and clusters, at most MAP_MAX_POINTS. */
  points: publicProcedure
    .input(mapQuery)
    .query(({ ctx, input }) => mapPoints(ctx.deps.artifactStore, input)),

  /** The list beside the map: a page of the artifacts in view, newest first. */
  list: publicProcedure
    .input(mapListQuery)
    .query(({ ctx, input }) => mapList(ctx.deps.artifactStore, input)),

  /** The base map's tiles and the findspots' public precision (the map page, the place form). */
  settings: publicProcedure.query(({ ctx }): MapSettings => ({
    tiles: ctx.deps.env.mapTiles,
    findspotPublicPrecision: ctx.deps.env.findspotPublicPrecision,
  })),
});
