import type { Artifact } from "@artifact-atlas/shared";
import { clsx } from "clsx";
import { ArrowRight, Heart } from "lucide-react";
import type { ReactNode } from "react";
import { truncate } from "../lib/text";
import { ArtifactImage } from "./ArtifactImage";
import { ButtonLink } from "./Button";
import { TypeBadge } from "./TypeBadge";

interface ArtifactCardProps {
  artifact: Artifact;
  /** The heading level that fits the page around the card. */
  headingLevel?: "h2" | "h3";
  /** Cards in the first screenful load their image at once. */
  eager?: boolean;
}

export function ArtifactCard({ artifact, headingLevel = "h3", eager = false }: ArtifactCardProps) {
  const Heading = headingLevel;
  const likes = artifact.likeCount ?? 0;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-card transition duration-200 hover:-translate-y-0.5 hover:shadow-lift motion-reduce:hover:translate-y-0">
      <ArtifactImage
        src={artifact.artifactImage}
        alt={artifact.artifactName}
        type={artifact.artifactType}
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
          {artifact.artifactName}
        </Heading>
        <p className="text-sm leading-relaxed text-muted">{truncate(artifact.historicalContext)}</p>
        <ButtonLink
          to={`/artifacts/${artifact.id}`}
          variant="secondary"
          size="sm"
          className="mt-auto self-start"
        >
          View Details
          <span className="sr-only">: {artifact.artifactName}</span>
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </ButtonLink>
      </div>
    </article>
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
