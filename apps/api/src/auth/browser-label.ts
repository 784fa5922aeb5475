/*
 * "Firefox on Windows": enough for a person to recognise a session on "Where you're signed in".
 * Only this label is stored, never the User-Agent header itself, which is long, changes with every
 * update and helps fingerprint a person.
 */

/** Tried in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|Chromium|HeadlessChrome|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][]): string | null {
  for (const [pattern, name] of table) if (pattern.test(userAgent)) return name;
  return null;
}

/** A short, fixed vocabulary label for a User-Agent header; "Unknown browser" when none fits. */
export function browserLabel(userAgent: string | undefined): string {
  // Only the start is read: a header of kilobytes costs no more than a normal one.
  const text = (userAgent ?? "").slice(0, 512);
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown browser");
}
