import { Heart, LogIn } from "lucide-react";
import { useParams } from "react-router-dom";
import { ARTIFACT_READ, ArtifactArticle } from "../components/ArtifactArticle";
import { ButtonLink } from "../components/Button";
import { AddToCollection } from "../components/AddToCollection";
import { CiteBox } from "../components/CiteBox";
import { Discussion } from "../components/conversation/Discussion";
import { QueryState } from "../components/QueryState";
import { ReuseBox } from "../components/ReuseBox";
import { PageSpinner } from "../components/Spinner";
import { parseArtifactId } from "../lib/artifact-id";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import NotFoundRoute from "./not-found";

/**
 * An artifact's public, read-only page (/a/{id}/{slug}, issue 21): what anyone may see and cite
 * without signing in. The server has already written its title and preview tags into the HTML.
 */
export default function PublicArtifactRoute() {
  const id = parseArtifactId(useParams().id);
  return id === null ? <NotFoundRoute /> : <PublicArtifact id={id} />;
}

function PublicArtifact({ id }: { id: number }) {
  const query = trpc.artifacts.publicById.useQuery({ id }, ARTIFACT_READ);
  const { status } = useSession();
  return (
    <QueryState query={query} loading={<PageSpinner label="Loading artifact" fill />}>
      {(artifact) => (
        <ArtifactArticle
          artifact={artifact}
          after={<Discussion artifact={artifact} signedIn={false} />}
          panel={
            <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
              <p className="inline-flex items-center gap-2 text-ink">
                <Heart aria-hidden="true" className="size-5 fill-accent text-accent" />
                <span className="text-2xl font-semibold tabular-nums">{artifact.likeCount}</span>
                <span className="text-sm text-muted">
                  {artifact.likeCount === 1 ? "like" : "likes"}
                </span>
              </p>
              {status === "signedIn" ? (
                <ButtonLink to={`/artifacts/${artifact.id}`}>
                  <Heart aria-hidden="true" className="size-4" />
                  Like this Artifact
                </ButtonLink>
              ) : (
                <ButtonLink to={loginPath(`/artifacts/${artifact.id}`)}>
                  <LogIn aria-hidden="true" className="size-4" />
                  Sign in to like
                </ButtonLink>
              )}
            </div>
          }
        >
          <AddToCollection
            artifactId={artifact.id}
            artifactName={artifact.artifactName}
            className="self-start"
          />
          <CiteBox artifact={artifact} />
          <ReuseBox artifactId={artifact.id} />
        </ArtifactArticle>
      )}
    </QueryState>
  );
}
