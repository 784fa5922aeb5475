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

      <Citation
        id="cite-plain"
        title="Plain text"
        text={plain}
        copyLabel="Copy the plain-text citation"
      />
      <Citation
        id="cite-bibtex"
        title="BibTeX"
        text={bibtex}
        copyLabel="Copy the BibTeX citation"
        preformatted
      />
    </InfoCard>
  );
}

/** One form of the citation: its name and a button that copies it, above the text itself. */
function Citation({
  id,
  title,
  text,
  copyLabel,
  preformatted = false,
}: {
  id: string;
  title: string;
  text: string;
  copyLabel: string;
  /** BibTeX keeps its lines and indentation, and scrolls sideways on a narrow screen. */
  preformatted?: boolean;
}) {
  return (
    <div className="mt-5 flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold text-ink">
          {title}
        </h3>
        <CopyButton text={text} label={copyLabel} />
      </div>
      {preformatted ? (
        <pre
          aria-labelledby={id}
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-line bg-surface-muted p-3 font-mono text-xs leading-relaxed text-ink"
        >
          {text}
        </pre>
      ) : (
        <p
          aria-labelledby={id}
          className="rounded-lg border border-line bg-surface-muted p-3 text-sm leading-relaxed break-words text-ink"
        >
          {text}
        </p>
      )}
    </div>
  );
}
