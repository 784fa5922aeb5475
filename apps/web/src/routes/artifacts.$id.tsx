import { hasRole, type Artifact, type ReviewedArtifact } from "@artifact-atlas/shared";
import { ArrowRight, History, Pencil } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { ARTIFACT_READ, ArtifactArticle } from "../components/ArtifactArticle";
import { AddToCollection } from "../components/AddToCollection";
import { ArtifactCards } from "../components/ArtifactCards";
import { ButtonLink } from "../components/Button";
import { Discussion } from "../components/conversation/Discussion";
import { FollowOwner } from "../components/conversation/FollowOwner";
import { LikeButton } from "../components/LikeButton";
import { QueryState } from "../components/QueryState";
import { ReportArtifact } from "../components/ReportArtifact";
import { UnhideArtifact } from "../components/review/UnhideArtifact";
import { ShareButton } from "../components/ShareButton";
import { PageSpinner, SectionSpinner } from "../components/Spinner";
import { StatusBadge } from "../components/StatusBadge";
import { parseArtifactId } from "../lib/artifact-id";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import NotFoundRoute from "./not-found";

/**
 * One artifact with every field, its like button, its discussion (issue 33), and others of its type. The screen shows once
 * the artifact is loaded (spec: a GET before the screen shows); an unknown id is a 404.
 */
export default function ArtifactDetailRoute() {
  const id = parseArtifactId(useParams().id);
  return id === null ? <NotFoundRoute /> : <ArtifactDetail id={id} />;
}

function ArtifactDetail({ id }: { id: number }) {
  const query = trpc.artifacts.byId.useQuery({ id }, ARTIFACT_READ);
  // Curators and admins edit any artifact (issue 29); owners reach their form from My Artifacts.
  const { user } = useSession();
  const curates = user !== null && hasRole(user.role, "curator");
  // Unhide publishes it: the panel becomes the public one, and says so.
  const [unhidden, setUnhidden] = useState(false);
  return (
    <QueryState query={query} loading={<PageSpinner label="Loading artifact" fill />}>
      {(artifact) => (
        <ArtifactArticle
          artifact={artifact}
          contributorAction={
            // Only a public artifact's owner can be followed (issue 33).
            artifact.status === "published" && <FollowOwner artifactId={artifact.id} />
          }
          bylineAction={
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={`/artifacts/${artifact.id}/history`} variant="secondary" size="sm">
                <History aria-hidden="true" className="size-4" />
                History
              </ButtonLink>
              {curates && (
                <ButtonLink to={`/update-artifact/${artifact.id}`} variant="secondary" size="sm">
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </ButtonLink>
              )}
            </div>
          }
          panel={
            <ArtifactPanel
              artifact={artifact}
              curates={curates}
              unhidden={unhidden}
              onUnhidden={() => setUnhidden(true)}
            />
          }
          after={
            <>
              {/* Comments are written on public artifacts only; the others have none to show. */}
              {artifact.status === "published" && <Discussion artifact={artifact} signedIn />}
              <SimilarArtifacts artifact={artifact} />
            </>
          }
        />
      )}
    </QueryState>
  );
}

/**
 * Like, report and share a published artifact; why one that is not public is not, and for
 * curators, Unhide on a hidden one (issue 29).
 */
function ArtifactPanel({
  artifact,
  curates,
  unhidden,
  onUnhidden,
}: {
  artifact: ReviewedArtifact;
  curates: boolean;
  unhidden: boolean;
  onUnhidden: () => void;
}) {
  if (artifact.status === "published") {
    return (
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
        {unhidden && (
          <p role="status" className="text-sm font-medium text-success">
            {artifact.artifactName} is visible again.
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <LikeButton artifactId={artifact.id} initialCount={artifact.likeCount ?? 0} />
          <ReportArtifact artifactId={artifact.id} />
        </div>
        {/* Its public page (/a/{id}) exists only while it is public. */}
        <ShareButton artifact={artifact} />
        <AddToCollection
          artifactId={artifact.id}
          artifactName={artifact.artifactName}
          className="self-start"
        />
      </div>
    );
  }
  // Only its owner and curators reach a pending, rejected or hidden artifact.
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-5 shadow-card">
      <div className="flex items-center gap-3">
        <StatusBadge status={artifact.status} />
        <span className="text-sm text-muted">Not shown to the public.</span>
      </div>
      {artifact.statusReason && (
        <p className="text-sm text-ink">
          Reason: {artifact.statusReason}
          {artifact.statusNote ? ` (${artifact.statusNote})` : ""}
        </p>
      )}
      {curates && artifact.status === "hidden" && (
        <UnhideArtifact artifact={artifact} onUnhidden={onUnhidden} />
      )}
    </div>
  );
}

function SimilarArtifacts({ artifact }: { artifact: Artifact }) {
  const similar = trpc.artifacts.similar.useQuery({ id: artifact.id });
  // Spec: a failure leaves the list empty.
  const none = (
    <p className="rounded-2xl border border-dashed border-line-strong/50 bg-surface px-6 py-10 text-center text-muted">
      No similar artifacts found
    </p>
  );
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
      <QueryState
        query={similar}
        loading={<SectionSpinner label="Loading similar artifacts" size="lg" />}
        notFound={none}
        failed={none}
      >
        {(items) => (items.length === 0 ? none : <ArtifactCards artifacts={items} />)}
      </QueryState>
    </section>
  );
}
