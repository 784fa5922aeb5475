import type { Artifact, ArtifactImageView } from "@artifact-atlas/shared";
import { useEffect, type ReactNode } from "react";
import { trpcErrorCode } from "../lib/errors";
import ErrorScreen from "../routes/error";
import NotFoundRoute from "../routes/not-found";
import { ArtifactFacts } from "./ArtifactFacts";
import { ArtifactGallery } from "./ArtifactGallery";
import { BackLink } from "./BackLink";
import { Page } from "./Container";
import { PageSpinner } from "./Spinner";
import { TypeBadge } from "./TypeBadge";

/**
 * The screen of one artifact once its query has answered (spec: a GET before the screen shows):
 * an unknown or malformed id is the 404 screen, a failure the error screen, and until then a
 * spinner. The signed-in detail page and the public page share it.
 */
export function ArtifactScreen<T extends Artifact>({
  id,
  query,
  children,
}: {
  /** The id from the URL; null when it is not one. */
  id: number | null;
  query: { data: T | undefined; error: unknown; isError: boolean; isFetching: boolean };
  children: (artifact: T) => ReactNode;
}) {
  const notFound = trpcErrorCode(query.error) === "NOT_FOUND";
  useEffect(() => {
    if (query.error && !notFound) console.error("Error loading artifact", query.error);
  }, [query.error, notFound]);

  if (id === null || (!query.data && notFound)) return <NotFoundRoute />;
  if (!query.data) {
    return query.isError && !query.isFetching ? (
      <ErrorScreen />
    ) : (
      <PageSpinner label="Loading artifact" />
    );
  }
  return children(query.data);
}

/**
 * One artifact laid out: its images, type, name and contributor, then `panel` (likes and what the
 * viewer may do), its historical context, its facts and `children`. `bylineAction` sits beside
 * the contributor's name; `after` follows the article.
 */
export function ArtifactArticle({
  artifact,
  bylineAction,
  panel,
  children,
  after,
}: {
  artifact: Artifact & { images?: ArtifactImageView[] | undefined };
  bylineAction?: ReactNode;
  panel: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Page>
      <title>{`${artifact.artifactName} | Artifact Atlas`}</title>
      <BackLink to="/allartifacts">Artifact Collection</BackLink>

      <article className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ArtifactGallery artifact={artifact} />
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
              {bylineAction}
            </div>
          </header>

          {panel}

          <section aria-labelledby="context-heading">
            <h2 id="context-heading" className="font-serif text-2xl font-semibold text-ink">
              Historical Context
            </h2>
            <p className="mt-3 max-w-prose text-base leading-relaxed whitespace-pre-line text-ink/90">
              {artifact.historicalContext}
            </p>
          </section>

          <ArtifactFacts artifact={artifact} />
          {children}
        </div>
      </article>

      {after}
    </Page>
  );
}
