import type { Artifact, ArtifactImageView } from "@artifact-atlas/shared";
import type { ReactNode } from "react";
import { ArtifactFacts } from "./ArtifactFacts";
import { ArtifactGallery } from "./ArtifactGallery";
import { BackLink } from "./BackLink";
import { Page } from "./Container";
import { ArtifactPlacesSection } from "./places/ArtifactPlacesSection";
import { TypeBadge } from "./TypeBadge";

/** How a screen reads its artifact: a failure other than NOT_FOUND is logged (decision 013). */
export const ARTIFACT_READ = { meta: { failureLog: "Error loading artifact" } };

/**
 * One artifact laid out: its images, type, name and contributor, then `panel` (likes and what the
 * viewer may do), its historical context, its facts and `children`. `contributorAction` follows
 * the contributor's name, `bylineAction` sits at the end of that line; `after` follows the article.
 */
export function ArtifactArticle({
  artifact,
  contributorAction,
  bylineAction,
  panel,
  children,
  after,
}: {
  artifact: Artifact & { images?: ArtifactImageView[] | undefined };
  contributorAction?: ReactNode;
  bylineAction?: ReactNode;
  panel: ReactNode;
  children?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Page>
      <title>{`${artifact.artifactName} | Artifact Atlas`}</title>
      <BackLink to="/allartifacts">Artifact Collection</BackLink>

      <article className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ArtifactGallery artifact={artifact} />
        </div>

        <div className="flex flex-col gap-7">
          <header>
            <TypeBadge type={artifact.artifactType} />
            <h1 className="mt-4 font-serif text-4xl leading-tight font-semibold text-ink sm:text-5xl">
              {artifact.artifactName}
            </h1>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-start gap-3">
                <p className="py-2 text-sm text-muted">
                  Added by <span className="font-medium text-ink">{artifact.username}</span>
                </p>
                {contributorAction}
              </div>
              {bylineAction}
            </div>
          </header>

          {panel}

          <section aria-labelledby="context-heading">
            <h2 id="context-heading" className="font-serif text-2xl font-semibold text-ink">
              Historical Context
            </h2>
            <p className="mt-3 max-w-prose text-base leading-relaxed whitespace-pre-line text-ink/90">
              {artifact.historicalContext}
            </p>
          </section>

          <ArtifactFacts artifact={artifact} />
          <ArtifactPlacesSection artifactId={artifact.id} />
          {children}
        </div>
      </article>

      {after}
    </Page>
  );
}
