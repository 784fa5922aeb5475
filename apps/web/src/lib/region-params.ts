import type { Bbox, FindPlaceKind } from "@artifact-atlas/shared";
import { readListParams, type ListParams } from "./list-params";

/*
 * The map's region in the URL (issue 31): the map and the timeline share it; All Artifacts reads
 * none, so that its first load does not carry this code (e2e/bundle-budget.test.ts).
 */

/** A region as the URL holds it ("w,s,e,n"), or undefined when it is not one (NaN fails every test). */
export function bboxParam(raw: string | null): Bbox | undefined {
  const box = (raw ?? "").split(",").map((part) => (part.trim() ? Number(part) : NaN));
  const [west = NaN, south = NaN, east = NaN, north = NaN] = box;
  const fine =
    box.length === 4 &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    Math.abs(north) <= 90 &&
    Math.abs(south) <= 90 &&
    south <= north;
  return fine ? [west, south, east, north] : undefined;
}

/** The collection's state as the URL holds it, with the map's region and which place it reads. */
export function readRegionListParams(params: URLSearchParams): ListParams {
  const placeKind: FindPlaceKind =
    params.get("place") === "presentPlace" ? "presentPlace" : "findspot";
  return { ...readListParams(params), bbox: bboxParam(params.get("bbox")), placeKind };
}
