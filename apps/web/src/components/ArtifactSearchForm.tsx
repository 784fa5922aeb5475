import { Search } from "lucide-react";
import { LIMITS } from "@artifact-atlas/shared";

/**
 * The search box of the artifact lists (All Artifacts, the map): the typed words in `draft`, sent
 * with `onSearch` when the form is submitted (the screen may also send them as they are typed).
 */
export function ArtifactSearchForm({
  id,
  draft,
  onDraftChange,
  onSearch,
}: {
  id: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSearch: () => void;
}) {
  return (
    <form
      role="search"
      className="relative flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search artifacts
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted"
      />
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={LIMITS.search}
        onChange={(event) => onDraftChange(event.target.value)}
        placeholder="Search artifacts..."
        autoComplete="off"
        className="h-11 w-full rounded-lg border border-line-strong bg-surface pr-3.5 pl-11 text-base text-ink placeholder:text-muted/80 hover:border-ink/70 sm:text-sm"
      />
    </form>
  );
}
