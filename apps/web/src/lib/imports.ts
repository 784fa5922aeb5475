import {
  calendarDayOf,
  formatLongDate,
  IMPORT_MAX_BYTES,
  OPEN_DATA_MESSAGES,
  type ImportReport,
} from "@artifact-atlas/shared";

/** The content type POST /imports reads a file as, from its name; null for neither kind. */
export function importContentType(fileName: string): string | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return "text/csv";
  if (lower.endsWith(".json") || lower.endsWith(".jsonld")) return "application/ld+json";
  return null;
}

/**
 * Sends a file to POST /imports (files travel over REST: docs/decisions/068-import.md) and
 * answers the report, or throws an Error with the server's message.
 */
export async function uploadImport(file: File, dryRun: boolean): Promise<ImportReport> {
  const type = importContentType(file.name);
  if (!type) throw new Error("Choose a .csv or .json file.");
  // Refused here rather than sent: the server refuses it from its size alone and closes the
  // connection, which a browser may report as a failed request instead of the message.
  if (file.size > IMPORT_MAX_BYTES) throw new Error(OPEN_DATA_MESSAGES.importTooLarge);
  const params = new URLSearchParams({ dryRun: String(dryRun), fileName: file.name.slice(0, 200) });
  const response = await fetch(`/imports?${params.toString()}`, {
    method: "POST",
    headers: { "content-type": type },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    ImportReport | { error?: string } | null;
  if (!response.ok) {
    const message = body && "error" in body ? body.error : undefined;
    throw new Error(message ?? `The server answered ${response.status}.`);
  }
  return body as ImportReport;
}

/** Offers text as a file download (the rejected rows). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "26 November 2026, 14:05" from milliseconds, in the reader's time zone. */
export function formatImportTime(milliseconds: number): string {
  const date = new Date(milliseconds);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${formatLongDate(calendarDayOf(date))}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
