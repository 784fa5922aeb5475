import {
  bibtexCitation,
  calendarDayOf,
  collectionBibtexCitation,
  collectionPlainCitation,
  permanentArtifactPath,
  plainCitation,
  type CitedArtifact,
  type CitedCollection,
} from "@artifact-atlas/shared";
import { Quote } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "./CopyButton";
import { InfoCard } from "./InfoCard";

/**
 * "Cite this": the artifact as a plain-text reference and as a BibTeX entry, each with the
 * permanent link (/a/{id}, which a rename cannot break) and the day the reader accessed it.
 */
export function CiteBox({ artifact }: { artifact: CitedArtifact }) {
  // The day the page was opened: a citation names the day the reader saw the page.
  const [accessed] = useState(() => calendarDayOf(new Date()));
  const permalink = `${window.location.origin}${permanentArtifactPath(artifact.id)}`;
  const input = { artifact, permalink, accessed };
  return (
    <Citations permalink={permalink} plain={plainCitation(input)} bibtex={bibtexCitation(input)} />
  );
}

/** "Cite this" for a collection (issue 32): its page /c/{id}, its makers and size. */
export function CollectionCiteBox({ collection }: { collection: CitedCollection }) {
  const [accessed] = useState(() => calendarDayOf(new Date()));
  const permalink = `${window.location.origin}/c/${collection.id}`;
  const input = { collection, permalink, accessed };
  return (
    <Citations
      permalink={permalink}
      plain={collectionPlainCitation(input)}
      bibtex={collectionBibtexCitation(input)}
    />
  );
}

function Citations({
  permalink,
  plain,
  bibtex,
}: {
  permalink: string;
  plain: string;
  bibtex: string;
}) {
  return (
    <InfoCard headingId="cite-heading" title="Cite this" icon={Quote}>
      <p className="mt-2 text-sm text-muted">
        Permanent link:{" "}
        <a href={permalink} className="font-medium break-all text-accent underline">
          {permalink}
        </a>
      </p>

      <div className="mt-5 flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h3 id="cite-plain" className="text-sm font-semibold text-ink">
            Plain text
          </h3>
          <CopyButton text={plain} label="Copy the plain-text citation" />
        </div>
        <p
          aria-labelledby="cite-plain"
          className="rounded-lg border border-line bg-surface-muted p-3 text-sm leading-relaxed break-words text-ink"
        >
          {plain}
        </p>
      </div>

      <div className="mt-5 flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h3 id="cite-bibtex" className="text-sm font-semibold text-ink">
            BibTeX
          </h3>
          <CopyButton text={bibtex} label="Copy the BibTeX citation" />
        </div>
        <pre
          aria-labelledby="cite-bibtex"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-line bg-surface-muted p-3 font-mono text-xs leading-relaxed text-ink"
        >
          {bibtex}
        </pre>
      </div>
    </InfoCard>
  );
}
