import type { Artifact } from "@artifact-atlas/shared";
import { ArrowRight, History } from "lucide-react";
import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { ArtifactCard } from "../components/ArtifactCard";
import { ArtifactFacts } from "../components/ArtifactFacts";
import { BackLink } from "../components/BackLink";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { LikeButton } from "../components/LikeButton";
import { ShareButton } from "../components/ShareButton";
import { PageSpinner, Spinner } from "../components/Spinner";
import { TypeBadge } from "../components/TypeBadge";
import { parseArtifactId } from "../lib/artifact-id";
import { trpcErrorCode } from "../lib/errors";
import { trpc } from "../lib/trpc";
import ErrorScreen from "./error";
import NotFoundRoute from "./not-found";

/**
 * One artifact with every field, its like button, and others of its type. The screen shows once
 * the artifact is loaded (spec: a GET before the screen shows); an unknown id is a 404.
 */
export default function ArtifactDetailRoute() {
  const id = parseArtifactId(useParams().id);
  const query = trpc.artifacts.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const notFound = trpcErrorCode(query.error) === "NOT_FOUND";
  useEffect(() => {
    if (query.error && !notFound) console.error("Error loading artifact", query.error);
  }, [query.error, notFound]);

  const artifact = query.data;
  if (id === null || (!artifact && notFound)) return <NotFoundRoute />;
  if (!artifact) {
    return query.isError && !query.isFetching ? (
      <ErrorScreen />
    ) : (
      <PageSpinner label="Loading artifact" />
    );
  }

  return (
    <Page>
      <title>{`${artifact.artifactName} | Artifact Atlas`}</title>
      <BackLink to="/allartifacts">Artifact Collection</BackLink>

      <article className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="overflow-hidden rounded-3xl border border-line shadow-card lg:sticky lg:top-24 lg:self-start">
          <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.detail} loading="eager" />
        </div>

        <div className="flex flex-col gap-7">
          <header>
            <TypeBadge type={artifact.artifactType} />
            <h1 className="mt-4 font-serif text-4xl leading-tight font-semibold text-ink sm:text-5xl">
              {artifact.artifactName}
            </h1>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted">
                Added by <span className="font-medium text-ink">{artifact.username}</span>
              </p>
              <ButtonLink to={`/artifacts/${artifact.id}/history`} variant="secondary" size="sm">
                <History aria-hidden="true" className="size-4" />
                History
              </ButtonLink>
            </div>
          </header>

          <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
            <LikeButton artifactId={artifact.id} initialCount={artifact.likeCount ?? 0} />
            <ShareButton artifact={artifact} />
          </div>

          <section aria-labelledby="context-heading">
            <h2 id="context-heading" className="font-serif text-2xl font-semibold text-ink">
              Historical Context
            </h2>
            <p className="mt-3 max-w-prose text-base leading-relaxed whitespace-pre-line text-ink/90">
              {artifact.historicalContext}
            </p>
          </section>

          <ArtifactFacts artifact={artifact} />
        </div>
      </article>

      <SimilarArtifacts artifact={artifact} />
    </Page>
  );
}

function SimilarArtifacts({ artifact }: { artifact: Artifact }) {
  const similar = trpc.artifacts.similar.useQuery({ id: artifact.id });
  // Spec: a failure leaves the list empty.
  const items = similar.data ?? [];
  return (
    <section aria-labelledby="similar-heading" className="mt-20 border-t border-line pt-14">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
            More {artifact.artifactType}
          </p>
          <h2 id="similar-heading" className="font-serif text-3xl font-semibold text-ink">
            Explore Similar Artifacts
          </h2>
        </div>
        <ButtonLink to="/allartifacts" variant="secondary">
          View More {artifact.artifactType} Artifacts
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
      {similar.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading similar artifacts" size="lg" />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line-strong/50 bg-surface px-6 py-10 text-center text-muted">
          No similar artifacts found
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <ArtifactCard artifact={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
