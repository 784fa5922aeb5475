import { PLACE_KIND_LABELS, PLACE_KINDS } from "@artifact-atlas/shared";
import { Compass } from "lucide-react";
import { lazy, Suspense } from "react";
import { trpc } from "../../lib/trpc";
import { describePoint } from "./coordinates";

// The map's code and its Natural Earth data load only on a page that shows places.
const PlacesMap = lazy(() => import("./PlacesMap"));

/**
 * An artifact's findspot and present place (issue 31), as the server lets this viewer see them:
 * nothing at all when it has none.
 */
export function ArtifactPlacesSection({ artifactId }: { artifactId: number }) {
  const query = trpc.places.byArtifact.useQuery({ id: artifactId });
  const places = query.data;
  if (!places || (!places.findspot && !places.presentPlace)) return null;
  return (
    <section aria-labelledby="places-heading">
      <h2
        id="places-heading"
        className="flex items-center gap-2 font-serif text-2xl font-semibold text-ink"
      >
        <Compass aria-hidden="true" className="size-5 text-accent" />
        Places
      </h2>
      <div className="mt-3">
        <Suspense fallback={<div className="aspect-[16/9] w-full rounded-2xl bg-surface-muted" />}>
          <PlacesMap places={places} />
        </Suspense>
      </div>
      <dl className="mt-3 flex flex-col gap-3">
        {PLACE_KINDS.map((kind) => {
          const place = places[kind];
          if (!place) return null;
          return (
            <div key={kind}>
              <dt className="text-xs font-semibold tracking-wider text-muted uppercase">
                {PLACE_KIND_LABELS[kind]}
              </dt>
              <dd className="mt-1 text-base text-ink">
                <span className="font-medium">{place.label}</span>
                <span className="block text-sm text-muted">{describePoint(place)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
