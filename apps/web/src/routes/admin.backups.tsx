import { DatabaseBackup, Download, History, TriangleExclamationPoint } from "lucide-react";
import { useState } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@artifact-atlas/api/trpc";
import { Button } from "../components/Button";
import { useDialogs } from "../components/DialogProvider";
import { EmptyState } from "../components/EmptyState";
import { LoadFailedCard } from "../components/Failures";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { backupsChanged } from "../lib/cache-updates";
import { formatMoment } from "../lib/dates";
import { serverMessage } from "../lib/errors";
import { timeAgo } from "../lib/relative-time";
import { trpc } from "../lib/trpc";

/** A moment of the server's clock (milliseconds), in the reader's language and time zone. */
const moment = (at: number) => formatMoment(new Date(at).toISOString());
const REASONS = {
  scheduled: "Scheduled",
  manual: "Back up now",
  upgrade: "Before an upgrade",
  shell: "pnpm db:backup",
} as const;

/** 12.3 MB */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Backup = inferRouterOutputs<AppRouter>["backups"]["overview"]["backups"][number];

/** Where a backup is: on this server, and whether it reached BACKUP_TARGET. */
function Place({ backup, now }: { backup: Backup; now: number }) {
  const send = backup.send;
  if (!send) return <span>This server</span>;
  if (send.state === "sent") return <span>This server and {send.target}</span>;
  if (send.state === "waiting") return <span>This server; waiting to be sent</span>;
  return (
    <span className="text-danger">
      This server only: sending failed {send.attempts} time{send.attempts === 1 ? "" : "s"}
      {send.lastError ? ` (${send.lastError})` : ""}
      {send.nextTryAt
        ? `; tried again ${send.nextTryAt > now ? moment(send.nextTryAt) : "now"}`
        : ""}
    </span>
  );
}

/**
 * /admin/backups (issue 35), a tab of the Admin screen for admins: the backups kept, their size,
 * age, place and check; Back up now; download one; restore one.
 */
export default function BackupsRoute() {
  const utils = trpc.useUtils();
  const dialogs = useDialogs();
  const overview = trpc.backups.overview.useQuery(undefined, { refetchInterval: 10_000 });
  const backUpNow = trpc.backups.backUpNow.useMutation({
    onSettled: () => backupsChanged(utils),
  });
  const restore = trpc.backups.restore.useMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const makeOne = async () => {
    setMessage(null);
    try {
      const made = await backUpNow.mutateAsync();
      setMessage({ ok: true, text: `Backup ${made.name} was made and checked.` });
    } catch (failure) {
      setMessage({ ok: false, text: serverMessage(failure) ?? "The backup could not be made." });
    }
  };

  const restoreOne = async (backup: Backup) => {
    const confirmed = await dialogs.confirm({
      title: "Restore this backup?",
      text:
        `Atlas stops taking changes, puts the backup of ${moment(backup.createdAt)} in place ` +
        "of the collection and starts again. What changed since is kept aside, not in the " +
        "collection. Everyone signs in again.",
      confirmLabel: "Restore",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      await restore.mutateAsync({ name: backup.name });
      setMessage({
        ok: true,
        text: "Atlas is restoring the backup and starts again in a moment; then sign in again.",
      });
    } catch (failure) {
      setMessage({
        ok: false,
        text: serverMessage(failure) ?? "The backup could not be restored.",
      });
    }
  };

  return (
    <section aria-labelledby="backups-heading">
      <title>Backups | Admin | Artifact Atlas</title>
      <h2 id="backups-heading" className="sr-only">
        Backups
      </h2>
      <QueryState
        query={overview}
        loading={<PageSpinner label="Loading the backups" />}
        failed={
          <LoadFailedCard
            title="Error Loading the Backups"
            message="Unable to load the backups. Please try again later."
          />
        }
      >
        {(data) => (
          <>
            <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
              <div className="max-w-prose space-y-1 text-muted">
                <p>
                  {data.schedule
                    ? `Scheduled: ${data.schedule} (cron, server time)${
                        data.nextRunAt ? `; next ${moment(data.nextRunAt)}` : ""
                      }.`
                    : "Scheduled backups are off (BACKUP_SCHEDULE=off)."}{" "}
                  Kept: {data.keep.daily} daily, {data.keep.weekly} weekly, {data.keep.monthly}{" "}
                  monthly.
                </p>
                <p>
                  {data.target
                    ? `Each backup is also sent to ${data.target}.`
                    : "Backups stay on this server: set BACKUP_TARGET to send them elsewhere."}
                </p>
              </div>
              <Button onClick={() => void makeOne()} disabled={backUpNow.isPending || data.busy}>
                <DatabaseBackup aria-hidden="true" className="size-4" />
                {backUpNow.isPending ? "Backing up…" : "Back up now"}
              </Button>
            </div>
            {data.health.state === "late" && (
              <p role="alert" className="mb-6 rounded-lg bg-danger-soft p-4 text-danger">
                <TriangleExclamationPoint aria-hidden="true" className="mr-2 inline size-4" />
                The last good backup is{" "}
                {data.health.lastGoodAt
                  ? `from ${timeAgo(data.health.lastGoodAt, data.now)}`
                  : "missing"}
                : older than twice its schedule. Look at the server's log for why.
              </p>
            )}
            {data.lastAttempt && !data.lastAttempt.ok && (
              <p role="alert" className="mb-6 text-danger">
                The latest backup failed ({moment(data.lastAttempt.at)}): {data.lastAttempt.error}
              </p>
            )}
            {data.lastRestore && (
              <p
                role="status"
                className={data.lastRestore.ok ? "mb-6 text-success" : "mb-6 text-danger"}
              >
                Last restore, of {data.lastRestore.backup} ({moment(data.lastRestore.at)}):{" "}
                {data.lastRestore.message}
              </p>
            )}
            {message && (
              <p role="status" className={message.ok ? "mb-6 text-success" : "mb-6 text-danger"}>
                {message.text}
              </p>
            )}
            {data.backups.length === 0 ? (
              <EmptyState icon={History} title="No backups yet" />
            ) : (
              <Table label="Backups">
                <THead>
                  <Tr>
                    <Th>Made</Th>
                    <Th>Why</Th>
                    <Th>Size</Th>
                    <Th>Place</Th>
                    <Th>Check</Th>
                    <Th className="text-right">Actions</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.backups.map((backup) => (
                    <Tr key={backup.name}>
                      <Td label="Made" className="font-medium text-ink">
                        {moment(backup.createdAt)}
                        <span className="block text-sm font-normal text-muted">
                          {timeAgo(backup.createdAt, data.now)}
                        </span>
                      </Td>
                      <Td label="Why">{REASONS[backup.reason]}</Td>
                      <Td label="Size">
                        {size(backup.bytes)}
                        {backup.imageFiles > 0 && (
                          <span className="block text-sm text-muted">
                            and {backup.imageFiles} image files
                          </span>
                        )}
                      </Td>
                      <Td label="Place">
                        <Place backup={backup} now={data.now} />
                      </Td>
                      <Td label="Check">
                        {backup.check === "ok" ? (
                          <span className="text-success">Intact</span>
                        ) : (
                          <span className="text-muted">Not recorded</span>
                        )}
                      </Td>
                      <Td>
                        <div className="flex w-full flex-wrap justify-end gap-2">
                          <a
                            href={`/admin/backups/${backup.name}/download`}
                            download
                            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-muted"
                            aria-label={`Download the backup of ${moment(backup.createdAt)}`}
                          >
                            <Download aria-hidden="true" className="size-4" />
                            Download
                          </a>
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Restore the backup of ${moment(backup.createdAt)}`}
                            disabled={restore.isPending}
                            onClick={() => void restoreOne(backup)}
                          >
                            Restore
                          </Button>
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
