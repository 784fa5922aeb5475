import type { MatchRanges } from "@artifact-atlas/shared";

/**
 * Text with the words a search matched marked: the server sends character ranges, never HTML,
 * and React renders the pieces as text and <mark> elements. Ranges past `text` (cut for a
 * preview) are dropped.
 */
export function Highlighted({ text, ranges }: { text: string; ranges?: MatchRanges | undefined }) {
  if (!ranges || ranges.length === 0) return <>{text}</>;
  const pieces = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || start >= text.length) continue;
    const stop = Math.min(end, text.length);
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(
      <mark key={start} className="rounded-sm bg-accent-soft px-0.5 text-ink">
        {text.slice(start, stop)}
      </mark>,
    );
    at = stop;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
