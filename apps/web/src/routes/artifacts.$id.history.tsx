import { keepPreviousData } from "@tanstack/react-query";
import { GitCompareArrows, History, RotateCcw } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import {
  MESSAGES,
  type Artifact,
  type RevisionPage,
  type RevisionSummary,
} from "@artifact-atlas/shared";
import { BackLink } from "../components/BackLink";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { useDialogs } from "../components/DialogProvider";
import { TextField } from "../components/Field";
import { DiffLegend, FieldDiff } from "../components/FieldDiff";
import { InlineError } from "../components/Failures";
import { FormSection } from "../components/FormSection";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { QueryState } from "../components/QueryState";
import { PageSpinner, SectionSpinner } from "../components/Spinner";
import { parseArtifactId } from "../lib/artifact-id";
import { artifactUpdated } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import {
  authorLabel,
  formatRevisionDate,
  historyParams,
  readHistoryParams,
  type HistoryParams,
} from "../lib/revisions";
import { trpc } from "../lib/trpc";
import NotFoundRoute from "./not-found";

/**
 * An artifact's history (issue 17): every saved version, newest first, a page at a time; the
 * differences between any two, field by field; and Restore this version for the owner, curators
 * and admins, which adds a new version rather than rewriting the past. Page and comparison live in
 * the URL, so a comparison can be linked to.
 */
export default function ArtifactHistoryRoute() {
  const id = parseArtifactId(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readHistoryParams(searchParams);
  const artifact = trpc.artifacts.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const list = trpc.revisions.list.useQuery(
    { id: id ?? 0, page: state.page },
    { enabled: id !== null, placeholderData: keepPreviousData },
  );
  if (id === null) return <NotFoundRoute />;

  const go = (change: Partial<HistoryParams>) =>
    setSearchParams(historyParams({ ...state, ...change }), { preventScrollReset: true });

  // The artifact and its page of versions, read together.
  const both = {
    data: artifact.data && list.data ? { artifact: artifact.data, history: list.data } : undefined,
    error: artifact.error ?? list.error,
  };
  return (
    <QueryState query={both} loading={<PageSpinner label="Loading history" />}>
      {({ artifact, history }) => (
        <Page width="medium">
          <title>{`History of ${artifact.artifactName} | Artifact Atlas`}</title>
          <BackLink to={`/artifacts/${id}`}>{artifact.artifactName}</BackLink>
          <PageHeader
            eyebrow="History"
            title={artifact.artifactName}
            subtitle="Every saved version of this artifact, newest first. Compare any two, field by field."
          />
          {history.total >= 2 && (
            <Comparison artifactId={id} total={history.total} state={state} onCompare={go} />
          )}
          <Versions
            artifact={artifact}
            history={history}
            onCompare={(from, to) => go({ from, to })}
            onPage={(page) => go({ page })}
            onRestored={() => go({ page: 1, from: null, to: null })}
          />
        </Page>
      )}
    </QueryState>
  );
}

/** The two versions a comparison is between, as its form asks for them. */
const ENDS = [
  ["from", "From version"],
  ["to", "To version"],
] as const;

function Comparison({
  artifactId,
  total,
  state,
  onCompare,
}: {
  artifactId: number;
  total: number;
  state: HistoryParams;
  onCompare: (change: Partial<HistoryParams>) => void;
}) {
  const from = state.from ?? total - 1;
  const to = state.to ?? total;
  const comparison = trpc.revisions.compare.useQuery(
    { id: artifactId, from, to },
    { placeholderData: keepPreviousData },
  );
  // What the two boxes show until Compare is pressed; they follow the URL when it changes.
  const [draft, setDraft] = useState({ from: String(from), to: String(to) });
  const [seen, setSeen] = useState({ from, to });
  if (seen.from !== from || seen.to !== to) {
    setSeen({ from, to });
    setDraft({ from: String(from), to: String(to) });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCompare({ from: Number(draft.from), to: Number(draft.to) });
  };

  return (
    <FormSection
      title={`Changes from version ${from} to version ${to}`}
      icon={GitCompareArrows}
      className="mb-10"
      intro={
        comparison.data && (
          <p className="mt-1 text-sm text-muted">
            Version {to}: {comparison.data.to.summary}, by{" "}
            {authorLabel(comparison.data.to.authorName)} on{" "}
            {formatRevisionDate(comparison.data.to.at)}
          </p>
        )
      }
    >
      <form onSubmit={submit} className="mb-6 flex flex-wrap items-end gap-3">
        {ENDS.map(([end, label]) => (
          <TextField
            key={end}
            label={label}
            type="number"
            inputMode="numeric"
            min={1}
            max={total}
            required
            className="w-32"
            value={draft[end]}
            onChange={(event) => setDraft({ ...draft, [end]: event.target.value })}
          />
        ))}
        <Button type="submit" variant="secondary">
          Compare
        </Button>
      </form>

      <QueryState
        query={comparison}
        loading={<SectionSpinner label="Loading changes" />}
        notFound={<InlineError message={MESSAGES.revisionNotFound} />}
        failed={<InlineError message="The changes could not be loaded. Please try again." />}
      >
        {({ changes }) =>
          changes.length === 0 ? (
            <p className="text-muted">These two versions are the same.</p>
          ) : (
            <>
              <dl className="grid gap-px overflow-hidden rounded-xl border border-line bg-line">
                {changes.map((change) => (
                  <FieldDiff key={change.field} change={change} />
                ))}
              </dl>
              <div className="mt-4">
                <DiffLegend />
              </div>
            </>
          )
        }
      </QueryState>
    </FormSection>
  );
}

function Versions({
  artifact,
  history,
  onCompare,
  onPage,
  onRestored,
}: {
  artifact: Artifact;
  history: RevisionPage;
  onCompare: (from: number, to: number) => void;
  onPage: (page: number) => void;
  onRestored: () => void;
}) {
  return (
    <section aria-labelledby="versions-heading">
      <div className="mb-4 flex items-center gap-3">
        <History aria-hidden="true" className="size-5 text-accent" />
        <h2 id="versions-heading" className="font-serif text-2xl font-semibold text-ink">
          Versions
        </h2>
        <span className="text-sm text-muted">({history.total})</span>
      </div>
      <ol className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
        {history.items.map((revision) => (
          <VersionRow
            key={revision.number}
            artifact={artifact}
            revision={revision}
            newest={revision.number === history.total}
            canRestore={history.canRestore}
            onCompare={onCompare}
            onRestored={onRestored}
          />
        ))}
      </ol>
      {history.pageCount > 1 && (
        <Pagination
          className="mt-8"
          page={history.page}
          pageCount={history.pageCount}
          onPageChange={onPage}
        />
      )}
    </section>
  );
}

function VersionRow({
  artifact,
  revision,
  newest,
  canRestore,
  onCompare,
  onRestored,
}: {
  artifact: Artifact;
  revision: RevisionSummary;
  newest: boolean;
  canRestore: boolean;
  onCompare: (from: number, to: number) => void;
  onRestored: () => void;
}) {
  const utils = trpc.useUtils();
  const dialogs = useDialogs();
  const restore = trpc.revisions.restore.useMutation();

  const restoreThis = async () => {
    const confirmed = await dialogs.confirm({
      title: `Restore version ${revision.number}?`,
      text: "The artifact will show this version again. Nothing is lost: the restore is added to the history as a new version.",
      confirmLabel: "Restore this version",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    let restored;
    try {
      restored = await restore.mutateAsync({ id: artifact.id, number: revision.number });
      artifactUpdated(utils, restored.artifact);
    } catch (error) {
      await dialogs.notify({
        variant: "error",
        title: "Error!",
        text: serverMessage(error) ?? "The version could not be restored. Please try again.",
      });
      return;
    }
    onRestored();
    await dialogs.notify({
      variant: "success",
      // A member's restore of a published artifact waits for a curator in REVIEW_MODE=pre.
      title: restored.waiting
        ? MESSAGES.versionRestoreWaiting(revision.number)
        : MESSAGES.versionRestored(revision.number),
      timerMs: 1500,
    });
  };

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-serif text-lg font-semibold text-ink">
            Version {revision.number}
          </span>
          {newest && (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
              Current
            </span>
          )}
        </p>
        <p className="mt-1 text-sm break-words text-ink">{revision.summary}</p>
        <p className="mt-0.5 text-sm text-muted">
          by {authorLabel(revision.authorName)} · {formatRevisionDate(revision.at)}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {revision.number > 1 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onCompare(revision.number - 1, revision.number)}
          >
            <GitCompareArrows aria-hidden="true" className="size-4" />
            Show changes<span className="sr-only"> in version {revision.number}</span>
          </Button>
        )}
        {canRestore && !newest && (
          <Button
            variant="secondary"
            size="sm"
            busy={restore.isPending}
            busyText="Restoring..."
            onClick={() => void restoreThis()}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore this version<span className="sr-only"> (version {revision.number})</span>
          </Button>
        )}
      </div>
    </li>
  );
}
