import { MapPin } from "lucide-react";
import { Link } from "react-router-dom";
import { nextListParams, type ListParams } from "../../lib/list-params";

/**
 * The map's region when the timeline follows it (issue 31): said in words, with a way back to the
 * map and a way to drop it.
 */
export function RegionNotice({ state, path }: { state: ListParams; path: string }) {
  if (!state.bbox) return null;
  const everywhere = nextListParams(state, { bbox: undefined });
  const place = state.placeKind === "presentPlace" ? "present place" : "findspot";
  return (
    <p className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink">
      <MapPin aria-hidden="true" className="size-4 text-accent" />
      <span className="flex-1">
        Only artifacts whose {place} is in the region chosen on the map.
      </span>
      <Link
        to={`/map?${nextListParams(state, {}).toString()}`}
        className="font-medium text-accent hover:underline"
      >
        Show on the map
      </Link>
      <Link
        to={`${path}?${everywhere.toString()}`}
        className="font-medium text-accent hover:underline"
      >
        Show everywhere
      </Link>
    </p>
  );
}
