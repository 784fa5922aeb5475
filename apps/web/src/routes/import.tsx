import type { ImportReport } from "@artifact-atlas/shared";
import { Download, FileUp, Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { useDialogs } from "../components/DialogProvider";
import { LoadFailed } from "../components/Failures";
import { PageHeader } from "../components/PageHeader";
import { QueryState } from "../components/QueryState";
import { Spinner } from "../components/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { importsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { downloadText, formatImportTime, uploadImport } from "../lib/imports";
import { useSession } from "../lib/session";

/** "1 artifact", "2 artifacts". */
function artifactsCount(count: number): string {
  return `${count} ${count === 1 ? "artifact" : "artifacts"}`;
}
import { trpc } from "../lib/trpc";

/**
 * Import (curators and admins, issue 21): a CSV or JSON file in the export's shape is checked row
 * by row first; then its good rows are added, and the import can be undone for 7 days.
 */
export default function ImportRoute() {
  const { user } = useSession();
  if (user && user.role === "member") {
    return (
      <Page width="narrow">
        <title>Import Artifacts | Artifact Atlas</title>
        <PageHeader title="Import Artifacts" subtitle="Only curators and admins can do this." />
      </Page>
    );
  }
  return <ImportScreen />;
}

function ImportScreen() {
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<"check" | "import" | null>(null);
  const [error, setError] = useState("");

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? "check" : "import");
    setError("");
    try {
      const answer = await uploadImport(file, dryRun);
      setReport(dryRun ? answer : null);
      if (!dryRun) {
        setFile(null);
        await importsChanged(utils);
        await dialogs.notify({
          variant: "success",
          title: "Import complete",
          text: `${artifactsCount(answer.added)} added${answer.rejected ? `, ${answer.rejected} ${answer.rejected === 1 ? "row" : "rows"} skipped` : ""}. Each waits in the review queue until another curator approves it.`,
        });
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The file could not be sent.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page>
      <title>Import Artifacts | Artifact Atlas</title>
      <PageHeader
        eyebrow="Curators"
        title="Import Artifacts"
        subtitle="Add many artifacts at once from a CSV or JSON file in the shape the Export writes. The file is checked first; nothing is added until you import it, and imported artifacts wait for review before the public sees them."
      />

      <section
        aria-labelledby="file-heading"
        className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
      >
        <h2 id="file-heading" className="font-serif text-2xl font-semibold text-ink">
          1. Choose a file
        </h2>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <label htmlFor="import-file" className="text-sm font-semibold text-ink">
              CSV or JSON file (up to 5,000 artifacts)
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.json,.jsonld,text/csv,application/json,application/ld+json"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setError("");
              }}
              className="block w-full rounded-lg border border-line-strong bg-surface p-2 text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-1.5 file:font-semibold file:text-ink"
            />
          </div>
          <Button
            onClick={() => void send(true)}
            disabled={!file}
            busy={busy === "check"}
            busyText="Checking..."
          >
            <FileUp aria-hidden="true" className="size-4" />
            Check file
          </Button>
        </div>
        {error && (
          <p role="alert" className="mt-4 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </section>

      {report && (
        <DryRun report={report} importing={busy === "import"} onImport={() => void send(false)} />
      )}

      <ImportList />
    </Page>
  );
}

function DryRun({
  report,
  importing,
  onImport,
}: {
  report: ImportReport;
  importing: boolean;
  onImport: () => void;
}) {
  return (
    <section
      aria-labelledby="check-heading"
      className="mt-8 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id="check-heading" className="font-serif text-2xl font-semibold text-ink">
        2. Check what would be added
      </h2>
      <p className="mt-2 text-base text-ink" aria-live="polite">
        {report.total} rows: {report.added} would be added, {report.rejected} rejected.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          onClick={onImport}
          disabled={report.added === 0}
          busy={importing}
          busyText="Importing..."
        >
          Import {artifactsCount(report.added)}
        </Button>
        {report.rejected > 0 && (
          <Button
            variant="secondary"
            onClick={() => downloadText(report.rejectedCsv, "rejected-rows.csv", "text/csv")}
          >
            <Download aria-hidden="true" className="size-4" />
            Download rejected rows
          </Button>
        )}
      </div>
      <div className="mt-6">
        <Table label="Rows of the file">
          <THead>
            <Tr>
              <Th>Row</Th>
              <Th>Artifact Name</Th>
              <Th>Type</Th>
              <Th>Result</Th>
            </Tr>
          </THead>
          <TBody>
            {report.rows.map((row) => (
              <Tr key={row.row}>
                <Td label="Row" className="tabular-nums">
                  {row.row}
                </Td>
                <Td label="Artifact Name" className="break-words">
                  {row.artifactName}
                </Td>
                <Td label="Type">{row.artifactType}</Td>
                <Td label="Result">
                  {row.status === "add" ? (
                    <span className="font-medium text-ink">Will be added</span>
                  ) : (
                    <ul className="flex flex-col gap-1 text-danger">
                      {row.problems.map((problem) => (
                        <li key={`${problem.field}-${problem.message}`}>
                          <span className="font-semibold">{problem.field}</span>: {problem.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </section>
  );
}

function ImportList() {
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const list = trpc.imports.list.useQuery({});
  const undo = trpc.imports.undo.useMutation();

  const confirmUndo = async (id: number, fileName: string) => {
    const confirmed = await dialogs.confirm({
      title: "Undo this import?",
      text: `The artifacts of ${fileName} that nobody has edited since will be removed.`,
      confirmLabel: "Yes, undo it",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      const result = await undo.mutateAsync({ id });
      await importsChanged(utils);
      await dialogs.notify({
        variant: "success",
        title: "Import undone",
        text: `${artifactsCount(result.removed)} removed${result.kept ? `, ${result.kept} edited ${result.kept === 1 ? "one" : "ones"} kept` : ""}.`,
      });
    } catch (failure) {
      await dialogs.notify({
        variant: "error",
        title: "Could not undo",
        text: serverMessage(failure) ?? "Please try again later.",
      });
    }
  };

  return (
    <section aria-labelledby="imports-heading" className="mt-12">
      <h2 id="imports-heading" className="mb-4 font-serif text-2xl font-semibold text-ink">
        Your imports
      </h2>
      <QueryState
        query={list}
        loading={<Spinner label="Loading your imports" />}
        failed={<LoadFailed>Unable to load your imports. Please try again later.</LoadFailed>}
      >
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-muted">No imports yet. An import can be undone for 7 days.</p>
          ) : (
            <Table label="Your imports">
              <THead>
                <Tr>
                  <Th>File</Th>
                  <Th>Imported</Th>
                  <Th>Added</Th>
                  <Th>Status</Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((item) => (
                  <Tr key={item.id}>
                    <Td label="File" className="break-all">
                      {item.fileName}
                    </Td>
                    <Td label="Imported">{formatImportTime(item.importedAt)}</Td>
                    <Td label="Added" className="tabular-nums">
                      {item.added}
                    </Td>
                    <Td label="Status">
                      {item.undoneAt !== null ? (
                        <span className="text-muted">Undone: {item.removed} removed</span>
                      ) : item.undoable ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Undo the import of ${item.fileName}`}
                          onClick={() => void confirmUndo(item.id, item.fileName)}
                        >
                          <Undo2 aria-hidden="true" className="size-4" />
                          Undo
                        </Button>
                      ) : (
                        <span className="text-muted">Kept (more than 7 days old)</span>
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )
        }
      </QueryState>
    </section>
  );
}
