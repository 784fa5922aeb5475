import type { CollectionSummary } from "@artifact-atlas/shared";
import { Heart, Images } from "lucide-react";
import { Link } from "react-router-dom";
import { CollectionCover } from "./CollectionCover";

const VISIBILITY_LABELS = { public: "Public", unlisted: "Unlisted", private: "Private" } as const;

/** A collection in a grid (issue 32): its cover, title, owner and how many artifacts it shows. */
export function CollectionCard({
  collection,
  showVisibility = false,
}: {
  collection: CollectionSummary;
  showVisibility?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card transition duration-200 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent hover:-translate-y-0.5 hover:shadow-lift motion-reduce:hover:translate-y-0">
      <CollectionCover cover={collection.cover} className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="font-serif text-xl leading-snug font-semibold text-ink [overflow-wrap:anywhere]">
          <Link
            to={`/c/${collection.id}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {collection.title}
          </Link>
        </h3>
        <p className="text-sm text-muted">by {collection.owner.name}</p>
        <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Images aria-hidden="true" className="size-4 text-accent" />
            {collection.artifactCount} {collection.artifactCount === 1 ? "artifact" : "artifacts"}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Heart aria-hidden="true" className="size-4 text-accent" />
            {collection.likeCount}
            <span className="sr-only">{collection.likeCount === 1 ? "like" : "likes"}</span>
          </span>
          {showVisibility && (
            <span className="rounded-full border border-line px-2 py-0.5 text-xs">
              {VISIBILITY_LABELS[collection.visibility]}
              {collection.kind === "search" ? " · Saved search" : ""}
            </span>
          )}
          {collection.status === "hidden" && (
            <span className="rounded-full border border-danger/40 bg-danger-soft px-2 py-0.5 text-xs text-danger">
              Hidden by a curator
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
