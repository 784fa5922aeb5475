import { Library } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { REPORT_REASON_LABELS, type ReportedCollection } from "@artifact-atlas/shared";
import { collectionReportsDismissed } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { timeAgo } from "../../lib/relative-time";
import { countLabel } from "../../lib/text";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { CollectionModeration } from "../CollectionModeration";
import { InlineError } from "../Failures";
import { Pagination } from "../Pagination";

/**
 * Reported collections on the review screen (issue 32): one card per collection, the longest
 * waiting first, with how many reports it has and the newest of them. Hide (with a reason) or
 * Dismiss settles them all; nothing shows while none wait.
 */
export function ReportedCollections() {
  const [page, setPage] = useState(1);
  const reported = trpc.collections.reported.useQuery({ page });
  const data = reported.data;
  if (!data || data.total === 0) return null;
  return (
    <section aria-labelledby="reported-collections" className="mb-10 flex flex-col gap-4">
      <h2 id="reported-collections" className="font-serif text-2xl font-semibold text-ink">
        Reported collections
      </h2>
      {data.items.map((item) => (
        <ReportedCard key={item.collection.id} item={item} />
      ))}
      <Pagination page={data.page} pageCount={data.pageCount} onPageChange={setPage} />
    </section>
  );
}

function ReportedCard({ item }: { item: ReportedCollection }) {
  const utils = trpc.useUtils();
  const dismiss = trpc.collections.dismissReports.useMutation();
  const [hiding, setHiding] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { collection } = item;
  const headingId = `reported-collection-${collection.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5"
    >
      <h3
        id={headingId}
        className="flex items-center gap-2 font-serif text-xl font-semibold [overflow-wrap:anywhere]"
      >
        <Library aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <Link to={`/c/${collection.id}`} className="hover:text-accent">
          {collection.title}
        </Link>
      </h3>
      <p className="text-sm text-muted">
        By {collection.owner.name} · {countLabel(collection.artifactCount, "artifact")} ·{" "}
        {countLabel(item.reportCount, "open report")}
      </p>
      <ul className="flex flex-col gap-2" aria-label={`Newest reports of ${collection.title}`}>
        {item.reports.map((report) => (
          <li key={report.id} className="rounded-lg bg-surface-muted p-3 text-sm text-ink">
            <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>
            <span className="text-muted">
              {" "}
              · {timeAgo(report.createdAt)}
              {report.fromNewAccount ? " · from a new account" : ""}
            </span>
            {report.note && <p className="mt-1 [overflow-wrap:anywhere]">{report.note}</p>}
          </li>
        ))}
      </ul>
      {hiding ? (
        <CollectionModeration collection={collection} onClose={() => setHiding(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="danger" onClick={() => setHiding(true)}>
            Hide collection<span className="sr-only">: {collection.title}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            busy={dismiss.isPending}
            onClick={() => {
              setError(undefined);
              dismiss
                .mutateAsync({ id: collection.id })
                .then(() => collectionReportsDismissed(utils))
                .catch((failure: unknown) =>
                  setError(serverMessage(failure) ?? "That did not work. Please try again."),
                );
            }}
          >
            Dismiss reports<span className="sr-only">: {collection.title}</span>
          </Button>
        </div>
      )}
      <InlineError message={error} />
    </article>
  );
}
