import type { Artifact, ArtifactHighlights } from "@artifact-atlas/shared";
import { AddToCollection } from "./AddToCollection";
import { ArtifactCard, ArtifactGrid } from "./ArtifactCard";

interface ArtifactCardsProps {
  artifacts: readonly Artifact[];
  /** Three columns at most by default: the home page's six most popular fill two rows. */
  maxColumns?: 3 | 4;
  /** The heading level of each card's name that fits the page around the grid. */
  headingLevel?: "h2" | "h3";
  /** How many of the first cards (the first screenful) load their image at once. */
  eager?: number;
  /** Where an all-fields search matched (issue 18), one entry a card. */
  highlights?: readonly ArtifactHighlights[] | undefined;
}

/**
 * Artifacts as cards in a grid, each offering Add to collection: All Artifacts, the home page's
 * most popular, an artifact's similar ones, the feed of followed members.
 */
export function ArtifactCards({
  artifacts,
  maxColumns = 3,
  headingLevel,
  eager = 0,
  highlights,
}: ArtifactCardsProps) {
  return (
    <ArtifactGrid maxColumns={maxColumns}>
      {artifacts.map((artifact, index) => (
        <li key={artifact.id}>
          <ArtifactCard
            artifact={artifact}
            headingLevel={headingLevel}
            eager={index < eager}
            highlights={highlights?.[index]}
            action={
              <AddToCollection artifactId={artifact.id} artifactName={artifact.artifactName} />
            }
          />
        </li>
      ))}
    </ArtifactGrid>
  );
}
