import { ChevronDown, FileUp, UserRoundX } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { NewAccountReports, WaitingImport } from "@artifact-atlas/shared";
import { ageOf } from "../../lib/age";
import { newAccountReportsDismissed, reviewDecided } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { countLabel } from "../../lib/text";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { EntryList } from "./EntryList";
import { ReasonForm } from "./ReasonForm";

type Notice = { text: string; tone: "success" | "danger" } | null;

/**
 * The queue's two groups, each decided at once (issue 28): the rows of an import (one decision
 * instead of one click per row, bound to the number of rows and their newest revision as shown),
 * and the reports from new accounts, which count for nothing and arrive in bursts.
 */
export function ReviewGroups({
  imports,
  newAccountReports,
}: {
  imports: WaitingImport[];
  newAccountReports: NewAccountReports | null;
}) {
  const [notice, setNotice] = useState<Notice>(null);
  if (imports.length === 0 && !newAccountReports && !notice) return null;
  return (
    <section aria-label="Groups waiting for one decision" className="mb-10 flex flex-col gap-6">
      {notice && (
        <p
          role={notice.tone === "danger" ? "alert" : "status"}
          className={
            notice.tone === "danger" ? "font-medium text-danger" : "font-medium text-success"
          }
        >
          {notice.text}
        </p>
      )}
      {imports.map((waiting) => (
        <ImportGroup key={waiting.importId} waiting={waiting} onNotice={setNotice} />
      ))}
      {newAccountReports && (
        <NewAccountReportsGroup group={newAccountReports} onNotice={setNotice} />
      )}
    </section>
  );
}

function GroupCard({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-accent/40 bg-surface p-4 shadow-card sm:p-5"
    >
      <h2
        id={id}
        className="flex items-center gap-2 font-serif text-xl font-semibold [overflow-wrap:anywhere] text-ink"
      >
        {icon}
        {title}
      </h2>
      {children}
    </article>
  );
}

/** Shows or hides the group's entries, one by one, for a curator who wants to pick some out. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4">
      <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronDown
          aria-hidden="true"
          className={
            open ? "size-4 rotate-180 transition-transform" : "size-4 transition-transform"
          }
        />
        {open ? `Hide ${label}` : `Show ${label}`}
      </Button>
      {open && <div className="mt-4">{children}</div>}
    </div>
  );
}

function ImportGroup({
  waiting,
  onNotice,
}: {
  waiting: WaitingImport;
  onNotice: (notice: Notice) => void;
}) {
  const utils = trpc.useUtils();
  const decide = trpc.review.decideImport.useMutation({ onSettled: () => reviewDecided(utils) });
  const [rejecting, setRejecting] = useState(false);
  const rows = countLabel(waiting.waiting, "entry", "entries");

  const send = async (
    decision: "approve" | "reject",
    why: { reason?: string; note?: string } = {},
  ) => {
    try {
      const done = await decide.mutateAsync({
        importId: waiting.importId,
        decision,
        waiting: waiting.waiting,
        lastRevisionId: waiting.lastRevisionId,
        ...why,
      });
      onNotice({
        text: `“${waiting.fileName}”: ${countLabel(done.decided, "entry", "entries")} ${decision === "approve" ? "approved" : "rejected"}.`,
        tone: "success",
      });
    } catch (failure) {
      onNotice({
        text: serverMessage(failure) ?? "The decision could not be saved. Please try again.",
        tone: "danger",
      });
    }
  };

  return (
    <GroupCard
      id={`import-${waiting.importId}`}
      icon={<FileUp aria-hidden="true" className="size-5 shrink-0 text-accent" />}
      title={<>Import “{waiting.fileName}”</>}
    >
      <p className="mt-2 text-sm [overflow-wrap:anywhere] text-muted">
        {rows} waiting · imported by {waiting.importerName ?? "a deleted account"}{" "}
        {ageOf(waiting.importedAt)}
      </p>
      {waiting.ownImport ? (
        <p className="mt-4 text-sm text-muted">This is your own import: another curator decides.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <div
            className="flex flex-wrap gap-2"
            role="group"
            aria-label="Decision on the whole import"
          >
            <Button size="sm" busy={decide.isPending} onClick={() => void send("approve")}>
              Approve all {waiting.waiting}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-pressed={rejecting}
              disabled={decide.isPending}
              onClick={() => setRejecting(true)}
            >
              Reject all {waiting.waiting}
            </Button>
          </div>
          {rejecting && (
            <ReasonForm
              action={`Reject all ${waiting.waiting}`}
              label={`Reject the import “${waiting.fileName}”`}
              busy={decide.isPending}
              onCancel={() => setRejecting(false)}
              onSubmit={(why) => void send("reject", why)}
            />
          )}
        </div>
      )}
      <Rows label="its rows">
        <EntryList importId={waiting.importId} empty="No rows of this import wait." />
      </Rows>
    </GroupCard>
  );
}

/** "within 4 minutes", "over 3 days": how long the burst took. */
function spanOf(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "within a minute";
  if (minutes < 120) return `within ${countLabel(minutes, "minute")}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `over ${countLabel(hours, "hour")}`;
  return `over ${countLabel(Math.round(hours / 24), "day")}`;
}

function NewAccountReportsGroup({
  group,
  onNotice,
}: {
  group: NewAccountReports;
  onNotice: (notice: Notice) => void;
}) {
  const utils = trpc.useUtils();
  const dismiss = trpc.review.dismissNewAccountReports.useMutation({
    onSettled: () => newAccountReportsDismissed(utils),
  });

  const dismissAll = async () => {
    try {
      const done = await dismiss.mutateAsync({ upTo: group.upTo });
      onNotice({
        text: `${countLabel(done.dismissed, "report")} dismissed.${done.remaining > 0 ? ` ${countLabel(done.remaining, "more remains", "more remain")}: dismiss them again.` : ""}`,
        tone: "success",
      });
    } catch (failure) {
      onNotice({
        text: serverMessage(failure) ?? "The reports could not be dismissed. Please try again.",
        tone: "danger",
      });
    }
  };

  return (
    <GroupCard
      id="new-account-reports"
      icon={<UserRoundX aria-hidden="true" className="size-5 shrink-0 text-accent" />}
      title="Reports from new accounts"
    >
      <p className="mt-2 text-sm text-ink">
        {countLabel(group.reports, "report")} from {countLabel(group.accounts, "account")} about{" "}
        {countLabel(group.artifacts, "artifact")}, {spanOf(group.lastAt - group.firstAt)}, the
        latest {ageOf(group.lastAt)}.
      </p>
      <p className="mt-1 text-sm text-muted">
        Accounts younger than three days, or with nothing approved yet: their reports hide nothing.
        A burst of them is often one person.
      </p>
      <div className="mt-4">
        <Button size="sm" busy={dismiss.isPending} onClick={() => void dismissAll()}>
          Dismiss all {group.reports}
        </Button>
      </div>
      <Rows label="the reports">
        <EntryList group="new-accounts" empty="No reports from new accounts wait." />
      </Rows>
    </GroupCard>
  );
}
