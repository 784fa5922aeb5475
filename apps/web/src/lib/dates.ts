/** A day, in the reader's own language and time zone ("26 Nov 2026"). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });
}

/** A moment, in the reader's own language and time zone ("26 Nov 2026, 14:05"). */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
