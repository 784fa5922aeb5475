import { CONTEXT_PREVIEW_LENGTH } from "@artifact-atlas/shared";

/**
 * Cuts text to `max` characters and adds an ellipsis; shorter text is left whole. A space left
 * at the cut is dropped, so the ellipsis follows the last word.
 */
export function truncate(text: string, max: number = CONTEXT_PREVIEW_LENGTH): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** "1 artifact", "2 artifacts". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
