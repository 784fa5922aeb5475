import { EyeOff } from "lucide-react";
import { Link } from "react-router-dom";
import { HIDDEN_PAGE_SIZE } from "@artifact-atlas/shared";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { EmptyState } from "../components/EmptyState";
import { LoadFailed } from "../components/Failures";
import { LoadMore } from "../components/LoadMore";
import { QueryState } from "../components/QueryState";
import { UnhideArtifact } from "../components/review/UnhideArtifact";
import { PageSpinner } from "../components/Spinner";
import { trpc } from "../lib/trpc";

/**
 * /admin/hidden (issue 29), a tab of the Admin screen for curators and admins: every hidden
 * artifact, newest first, with why it is hidden, and Unhide with a reason.
 */
export default function HiddenRoute() {
  const hidden = trpc.review.hidden.useInfiniteQuery(
    { limit: HIDDEN_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const items = hidden.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="hidden-heading">
      <title>Hidden | Admin | Artifact Atlas</title>
      <h2 id="hidden-heading" className="sr-only">
        Hidden artifacts
      </h2>
      <p className="mb-6 text-muted">
        Hidden artifacts are out of every public place until a curator unhides them.
      </p>
      <QueryState
        query={hidden}
        loading={<PageSpinner label="Loading the hidden artifacts" />}
        failed={
          <LoadFailed>Unable to load the hidden artifacts. Please try again later.</LoadFailed>
        }
      >
        {() =>
          items.length === 0 ? (
            <EmptyState icon={EyeOff} title="Nothing is hidden" />
          ) : (
            <ul aria-label="Hidden artifacts" className="flex flex-col gap-4">
              {items.map(({ artifact, automatic }) => (
                <li
                  key={artifact.id}
                  className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:p-5"
                >
                  <div className="w-20 shrink-0 self-start overflow-hidden rounded-lg border border-line sm:w-28">
                    <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.thumbnail} compact />
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    <h3 className="font-serif text-lg font-semibold [overflow-wrap:anywhere] text-ink">
                      <Link to={`/artifacts/${artifact.id}`} className="hover:text-accent">
                        {artifact.artifactName}
                      </Link>
                    </h3>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted">
                      Added by {artifact.username}
                    </p>
                    <p className="text-sm [overflow-wrap:anywhere] text-ink">
                      {automatic
                        ? "Hidden automatically after spam reports"
                        : "Hidden by a curator"}
                      {artifact.statusReason ? `: ${artifact.statusReason}` : ""}
                      {!automatic && artifact.statusNote ? ` (${artifact.statusNote})` : ""}
                    </p>
                    {/* The server refuses a curator's own artifact, saying so. */}
                    <UnhideArtifact artifact={artifact} />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <LoadMore pages={hidden}>Show more</LoadMore>
    </section>
  );
}
