import { PLACE_KIND_LABELS, PLACE_KINDS } from "@artifact-atlas/shared";
import { Compass } from "lucide-react";
import { trpc } from "../../lib/trpc";
import { describePoint } from "./coordinates";

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
