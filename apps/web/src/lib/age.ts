/** "3 hours ago": how long an entry has waited, in its largest whole unit. */
export function ageOf(since: number, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  const units: [number, string][] = [
    [60 * 24, "day"],
    [60, "hour"],
    [1, "minute"],
  ];
  for (const [size, name] of units) {
    const count = Math.floor(minutes / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? "" : "s"} ago`;
  }
  return "just now";
}
