import { Heart, LogIn } from "lucide-react";
import { useParams } from "react-router-dom";
import { ArtifactArticle, ArtifactScreen } from "../components/ArtifactArticle";
import { ButtonLink } from "../components/Button";
import { CiteBox } from "../components/CiteBox";
import { ReuseBox } from "../components/ReuseBox";
import { parseArtifactId } from "../lib/artifact-id";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/**
 * An artifact's public, read-only page (/a/{id}/{slug}, issue 21): what anyone may see and cite
 * without signing in. The server has already written its title and preview tags into the HTML.
 */
export default function PublicArtifactRoute() {
  const id = parseArtifactId(useParams().id);
  const query = trpc.artifacts.publicById.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const { status } = useSession();

  return (
    <ArtifactScreen id={id} query={query}>
      {(artifact) => {
        const detailPath = `/artifacts/${artifact.id}`;
        return (
          <ArtifactArticle
            artifact={artifact}
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
            }
          >
            <CiteBox artifact={artifact} />
            <ReuseBox artifactId={artifact.id} />
          </ArtifactArticle>
        );
      }}
    </ArtifactScreen>
  );
}
