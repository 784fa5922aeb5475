import { Heart, LogIn } from "lucide-react";
import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { ArtifactFacts } from "../components/ArtifactFacts";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { BackLink } from "../components/BackLink";
import { ButtonLink } from "../components/Button";
import { CiteBox } from "../components/CiteBox";
import { Page } from "../components/Container";
import { PageSpinner } from "../components/Spinner";
import { TypeBadge } from "../components/TypeBadge";
import { parseArtifactId } from "../lib/artifact-id";
import { trpcErrorCode } from "../lib/errors";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import ErrorScreen from "./error";
import NotFoundRoute from "./not-found";

/**
 * An artifact's public, read-only page (/a/{id}/{slug}, issue 21): what anyone may see and cite
 * without signing in. The server has already written its title and preview tags into the HTML.
 */
export default function PublicArtifactRoute() {
  const id = parseArtifactId(useParams().id);
  const query = trpc.artifacts.publicById.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const { status } = useSession();
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
  const detailPath = `/artifacts/${artifact.id}`;

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
            <p className="mt-3 text-sm text-muted">
              Added by <span className="font-medium text-ink">{artifact.username}</span>
            </p>
          </header>

          <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
            <p className="inline-flex items-center gap-2 text-ink">
              <Heart aria-hidden="true" className="size-5 fill-accent text-accent" />
              <span className="text-2xl font-semibold tabular-nums">{artifact.likeCount}</span>
              <span className="text-sm text-muted">
                {artifact.likeCount === 1 ? "like" : "likes"}
              </span>
            </p>
            {status === "signedIn" ? (
              <ButtonLink to={detailPath}>
                <Heart aria-hidden="true" className="size-4" />
                Like this Artifact
              </ButtonLink>
            ) : (
              <ButtonLink to={loginPath(detailPath)}>
                <LogIn aria-hidden="true" className="size-4" />
                Sign in to like
              </ButtonLink>
            )}
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
          <CiteBox artifact={artifact} />
        </div>
      </article>
    </Page>
  );
}
