import { BellOff, UsersRound } from "lucide-react";
import { Link } from "react-router-dom";
import type { FollowItem, FollowTargetKind } from "@artifact-atlas/shared";
import { ArtifactCards } from "../components/ArtifactCards";
import { Button, ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { LoadMore } from "../components/LoadMore";
import { QueryState } from "../components/QueryState";
import { PageSpinner, SectionSpinner } from "../components/Spinner";
import { followChanged } from "../lib/cache-updates";
import { trpc } from "../lib/trpc";

/**
 * Following (issue 33): the new public artifacts of the members one follows, newest first, and
 * what one follows, each with how it tells and Unfollow. The digest mail links here.
 */
export default function FollowingRoute() {
  const feed = trpc.follows.feed.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor, meta: { failureLog: "Error loading feed" } },
  );
  const follows = trpc.follows.list.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor },
  );

  return (
    <Page>
      <title>Following | Artifact Atlas</title>
      <PageHeader
        eyebrow="Your account"
        title="Following"
        subtitle="New artifacts from the members you follow, and everything you follow."
      />
      <section aria-labelledby="feed-heading" className="mb-14">
        <h2 id="feed-heading" className="mb-6 font-serif text-2xl font-semibold text-ink">
          New from members you follow
        </h2>
        <QueryState
          query={{ data: feed.data?.pages, error: feed.error }}
          loading={<PageSpinner label="Loading the feed" />}
        >
          {(pages) => {
            const items = pages.flatMap((page) => page.items);
            if (items.length === 0) {
              return (
                <EmptyState
                  icon={UsersRound}
                  title="Nothing new yet"
                  message="Follow a member with Follow beside their name on an artifact’s page, and their new public artifacts appear here."
                  action={<ButtonLink to="/allartifacts">Explore All Artifacts</ButtonLink>}
                />
              );
            }
            return (
              <div className="flex flex-col gap-6">
                <ArtifactCards artifacts={items} />
                <LoadMore pages={feed} className="">
                  Load more
                </LoadMore>
              </div>
            );
          }}
        </QueryState>
      </section>

      <section aria-labelledby="follows-heading">
        <h2 id="follows-heading" className="mb-6 font-serif text-2xl font-semibold text-ink">
          What you follow
        </h2>
        <QueryState
          query={{ data: follows.data?.pages, error: follows.error }}
          loading={<SectionSpinner label="Loading what you follow" size="lg" />}
        >
          {(pages) => {
            const items = pages.flatMap((page) => page.items);
            if (items.length === 0) {
              return <p className="text-muted">You do not follow anything yet.</p>;
            }
            return (
              <div className="flex flex-col gap-4">
                <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
                  {items.map((item) => (
                    <FollowRow key={item.id} item={item} />
                  ))}
                </ul>
                <LoadMore pages={follows} className="">
                  Load more
                </LoadMore>
              </div>
            );
          }}
        </QueryState>
      </section>
    </Page>
  );
}

const KIND_LABELS: Record<FollowTargetKind, string> = {
  artifact: "Artifact",
  member: "Member",
  collection: "Collection",
};
/** What a follow is called while its name cannot be shown (hidden, private, gone). */
const FALLBACK_NAMES: Record<FollowTargetKind, string> = {
  artifact: "An artifact",
  member: "A member",
  collection: "A collection that is not shown now",
};
/** Where a follow's name leads; a member has no page of their own. */
const LINKS: Partial<Record<FollowTargetKind, (id: number) => string>> = {
  artifact: (id) => `/artifacts/${id}`,
  collection: (id) => `/c/${id}`,
};

function FollowRow({ item }: { item: FollowItem }) {
  const utils = trpc.useUtils();
  const target = { kind: item.kind, id: item.targetId };
  const unfollow = trpc.follows.unfollow.useMutation({
    onSuccess: (state) => followChanged(utils, target, state),
  });
  const name = item.name ?? FALLBACK_NAMES[item.kind];
  const link = item.name === null ? null : LINKS[item.kind]?.(item.targetId);
  const how = [item.bell && "in the bell", item.email && "by daily email"]
    .filter(Boolean)
    .join(" and ");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">
          {link ? (
            <Link to={link} className="hover:text-accent">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <p className="text-sm text-muted">
          {KIND_LABELS[item.kind]}, {how}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        busy={unfollow.isPending}
        aria-label={`Unfollow ${name}`}
        onClick={() => unfollow.mutate(target)}
      >
        <BellOff aria-hidden="true" className="size-4" />
        Unfollow
      </Button>
    </li>
  );
}
