import { ClipboardCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_NAMES,
  DECISIONS_NEEDING_REASON,
  hasRole,
  QUEUE_ENTRY_KIND_LABELS,
  REPORT_REASON_LABELS,
  REVIEW_DECISION_LABELS,
  REVIEW_NOTE_MAX_LENGTH,
  type ArtifactTextFields,
  type QueueEntry,
  type ReviewDecision,
} from "@artifact-atlas/shared";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { SelectField, TextAreaField } from "../components/Field";
import { PageHeader } from "../components/PageHeader";
import { PageSpinner } from "../components/Spinner";
import { StatusBadge } from "../components/StatusBadge";
import { ReviewReasonsEditor } from "../components/ReviewReasonsEditor";
import { ageOf } from "../lib/age";
import { serverMessage } from "../lib/errors";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/** The decisions each kind of entry offers; Unhide only for a hidden artifact. */
function decisionsFor(entry: QueueEntry): ReviewDecision[] {
  const base: ReviewDecision[] =
    entry.kind === "report" ? ["uphold", "dismiss", "hide"] : ["approve", "reject", "hide"];
  return entry.artifact.status === "hidden"
    ? [...base.filter((d) => d !== "hide"), "unhide"]
    : base;
}

/** /review (issue 17): the queue, oldest first, for curators and admins. */
export default function ReviewRoute() {
  const { user } = useSession();
  const queue = trpc.review.queue.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const entries = queue.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page>
      <title>Review | Artifact Atlas</title>
      <PageHeader
        eyebrow="Curators"
        title="Review"
        subtitle="New artifacts, edits and reports waiting for a decision, oldest first."
      />
      {queue.isPending ? (
        <PageSpinner label="Loading the review queue" />
      ) : queue.isError ? (
        <p role="alert" className="text-danger">
          Unable to load the review queue. Please try again later.
        </p>
      ) : entries.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="Nothing waits for review" />
      ) : (
        <ol className="flex flex-col gap-6">
          {entries.map((entry) => (
            <li key={entry.id}>
              <QueueEntryCard entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {queue.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void queue.fetchNextPage()}
            busy={queue.isFetchingNextPage}
          >
            Show more
          </Button>
        </div>
      )}
      {user && hasRole(user.role, "admin") && <ReviewReasonsEditor />}
    </Page>
  );
}

function QueueEntryCard({ entry }: { entry: QueueEntry }) {
  const headingId = `entry-${entry.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-card"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
          {QUEUE_ENTRY_KIND_LABELS[entry.kind]}
        </span>
        <h2 id={headingId} className="font-serif text-xl font-semibold text-ink">
          <Link to={`/artifacts/${entry.artifact.id}`} className="hover:text-accent">
            {entry.artifact.artifactName}
          </Link>
        </h2>
        <StatusBadge status={entry.artifact.status} />
        <span className="text-sm text-muted">
          {ageOf(entry.createdAt)} · by {entry.submittedByName ?? "a deleted account"}
        </span>
      </header>
      {entry.report && (
        <p className="mt-3 text-sm text-ink">
          <span className="font-semibold">
            Reported as {REPORT_REASON_LABELS[entry.report.reason]}
          </span>
          {entry.report.note ? `: ${entry.report.note}` : ""}
        </p>
      )}
      {entry.waiting && (
        <p className="mt-3 text-sm text-muted">
          This edit waits for approval; the published text stays until then.
        </p>
      )}
      <Changes entry={entry} />
      {entry.ownArtifact ? (
        <p className="mt-4 text-sm text-muted">
          This is your own artifact: another curator decides.
        </p>
      ) : (
        <DecisionForm entry={entry} />
      )}
    </article>
  );
}

/** Side by side: the fields before and after an edit; the artifact's fields otherwise. */
function Changes({ entry }: { entry: QueueEntry }) {
  const before: ArtifactTextFields | null = entry.before;
  const after: ArtifactTextFields = entry.proposed ?? entry.artifact;
  return (
    // Focusable, so that a keyboard can scroll a wide table on a narrow screen. Relative, so that
    // the cells' screen-reader-only text (placed absolutely) stays inside it instead of widening
    // the page on a phone.
    <div
      className="relative mt-4 overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={`Fields of ${entry.artifact.artifactName}`}
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">
          {before ? "The fields before and after the edit" : "The artifact's fields"}
        </caption>
        <thead>
          <tr className="border-b border-line text-xs tracking-wider text-muted uppercase">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Field
            </th>
            {before && (
              <th scope="col" className="py-2 pr-4 font-semibold">
                Before
              </th>
            )}
            <th scope="col" className="py-2 font-semibold">
              {before ? "After" : "Value"}
            </th>
          </tr>
        </thead>
        <tbody>
          {ARTIFACT_FIELD_NAMES.map((name) => {
            const changed = before !== null && before[name] !== after[name];
            return (
              <tr key={name} className="border-b border-line/60 align-top">
                <th scope="row" className="py-2 pr-4 font-medium text-muted">
                  {ARTIFACT_FIELD_LABELS[name as keyof typeof ARTIFACT_FIELD_LABELS] ?? name}
                </th>
                {before && (
                  <td
                    className={
                      changed
                        ? "py-2 pr-4 break-words text-danger line-through"
                        : "py-2 pr-4 break-words text-ink"
                    }
                  >
                    {String(before[name] ?? "")}
                  </td>
                )}
                <td
                  className={
                    changed
                      ? "py-2 font-semibold break-words text-success"
                      : "py-2 break-words text-ink"
                  }
                >
                  {String(after[name] ?? "")}
                  {changed && <span className="sr-only"> (changed)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DecisionForm({ entry }: { entry: QueueEntry }) {
  const utils = trpc.useUtils();
  const reasons = trpc.review.reasons.useQuery();
  const decide = trpc.review.decide.useMutation({
    onSettled: () => {
      void utils.review.invalidate();
      void utils.artifacts.invalidate();
    },
  });
  const [chosen, setChosen] = useState<ReviewDecision | null>(null);
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();

  const send = async (decision: ReviewDecision) => {
    setError(undefined);
    try {
      await decide.mutateAsync({
        entryId: entry.id,
        decision,
        ...(reason ? { reason } : {}),
        ...(note ? { note } : {}),
      });
    } catch (failure) {
      setError(serverMessage(failure) ?? "The decision could not be saved. Please try again.");
    }
  };

  const choose = (decision: ReviewDecision) => {
    if (DECISIONS_NEEDING_REASON.includes(decision)) {
      setChosen(decision);
      return;
    }
    void send(decision);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (!reason) {
      setError("Please choose a reason from the list.");
      return;
    }
    void send(chosen);
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
        {decisionsFor(entry).map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === "approve" || decision === "dismiss" ? "primary" : "secondary"}
            aria-pressed={chosen === decision}
            disabled={decide.isPending}
            onClick={() => choose(decision)}
          >
            {REVIEW_DECISION_LABELS[decision]}
          </Button>
        ))}
      </div>
      {chosen && (
        <form
          aria-label={`${REVIEW_DECISION_LABELS[chosen]}: reason`}
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={submit}
        >
          <SelectField
            label="Reason"
            placeholder="Choose a reason"
            options={(reasons.data ?? []).map((item) => ({ value: item.label, label: item.label }))}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <TextAreaField
            label="Note (optional)"
            maxLength={REVIEW_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="sm:row-span-2"
          />
          <div>
            <Button type="submit" size="sm" busy={decide.isPending}>
              {REVIEW_DECISION_LABELS[chosen]}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
