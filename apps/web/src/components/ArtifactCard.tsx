import {
  CONTEXT_PREVIEW_LENGTH,
  type Artifact,
  type ArtifactHighlights,
} from "@artifact-atlas/shared";
import { clsx } from "clsx";
import { ArrowRight, Heart } from "lucide-react";
import type { ReactNode } from "react";
import { truncate } from "../lib/text";
import { ArtifactImage, IMAGE_SIZES } from "./ArtifactImage";
import { ButtonLink } from "./Button";
import { Highlighted } from "./Highlighted";
import { TypeBadge } from "./TypeBadge";

interface ArtifactCardProps {
  artifact: Artifact;
  /** The heading level that fits the page around the card. */
  headingLevel?: "h2" | "h3";
  /** Cards in the first screenful load their image at once. */
  eager?: boolean;
  /** Where an all-fields search matched (issue 18), marked in the name and the preview. */
  highlights?: ArtifactHighlights | undefined;
  /** A control beside View Details (Add to collection), above the card's stretched link. */
  action?: ReactNode;
}

export function ArtifactCard({
  artifact,
  headingLevel = "h3",
  eager = false,
  highlights,
  action,
}: ArtifactCardProps) {
  const Heading = headingLevel;
  const likes = artifact.likeCount ?? 0;
  return (
    // The whole card is the link (issue 29): View Details stretches over it (its ::after covers the
    // card), so there is one link per card, named by its words, and nothing nested in it.
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card transition duration-200 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent hover:-translate-y-0.5 hover:shadow-lift motion-reduce:hover:translate-y-0">
      <ArtifactImage
        artifact={artifact}
        sizes={IMAGE_SIZES.card}
        loading={eager ? "eager" : "lazy"}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-3">
          <TypeBadge type={artifact.artifactType} />
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-muted">
            <Heart aria-hidden="true" className="size-4 text-accent" />
            {likes}
            <span className="sr-only">{likes === 1 ? "like" : "likes"}</span>
          </span>
        </div>
        <Heading className="font-serif text-xl leading-snug font-semibold text-ink">
          <Highlighted text={artifact.artifactName} ranges={highlights?.artifactName} />
        </Heading>
        <p className="text-sm leading-relaxed text-muted">
          <Highlighted
            text={truncate(artifact.historicalContext)}
            ranges={highlights?.historicalContext.filter(
              ([, end]) => end <= CONTEXT_PREVIEW_LENGTH,
            )}
          />
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <ButtonLink
            to={`/artifacts/${artifact.id}`}
            variant="secondary"
            size="sm"
            className="self-start outline-none after:absolute after:inset-0 after:content-['']"
          >
            View Details
            <span className="sr-only">: {artifact.artifactName}</span>
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </ButtonLink>
          {action && <div className="relative z-10">{action}</div>}
        </div>
      </div>
    </article>
  );
}

/** One grey bar standing in for a line of text while a card loads. */
function SkeletonLine({ className }: { className?: string }) {
  return <span className={clsx("block rounded-md bg-surface-muted", className)} />;
}

/**
 * A card's shape while its artifact loads: the same box, image area and rows as ArtifactCard with
 * a one-line name and a three-line preview (the common case), so the grid keeps its size when the
 * artifacts arrive. Hidden from screen readers; the list announces that it is loading.
 */
export function ArtifactCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card motion-reduce:animate-none"
    >
      <div className="aspect-[4/3] bg-surface-muted" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-3">
          <SkeletonLine className="h-6 w-24 rounded-full" />
          <SkeletonLine className="h-5 w-10" />
        </div>
        <div className="flex h-[1.375em] items-center text-xl">
          <SkeletonLine className="h-5 w-3/4" />
        </div>
        <div className="text-sm">
          {["w-full", "w-full", "w-2/3"].map((width, index) => (
            <div key={index} className="flex h-[1.625em] items-center">
              <SkeletonLine className={clsx("h-3", width)} />
            </div>
          ))}
        </div>
        <SkeletonLine className="mt-auto h-9 w-32 rounded-lg" />
      </div>
    </div>
  );
}

/**
 * The collection grid: one column on phones up to four on wide screens. `maxColumns={3}` keeps a
 * set of six (the home page's most popular) in two full rows instead of four and an orphaned two.
 */
export function ArtifactGrid({
  children,
  maxColumns = 4,
}: {
  children: ReactNode;
  maxColumns?: 3 | 4;
}) {
  return (
    <ul
      className={clsx(
        "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3",
        maxColumns === 4 && "xl:grid-cols-4",
      )}
    >
      {children}
    </ul>
  );
}
