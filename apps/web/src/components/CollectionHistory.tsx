import type { CollectionAction, CollectionHistoryEntry } from "@artifact-atlas/shared";
import { trpc } from "../lib/trpc";
import { LoadMore } from "./LoadMore";

const ACTION_WORDS: Record<CollectionAction, string> = {
  create: "created the collection",
  update: "changed",
  visibility: "made it",
  add: "added artifact",
  remove: "removed artifact",
  move: "moved artifact",
  note: "annotated artifact",
  invite: "invited member",
  uninvite: "removed member",
  trash: "moved it to the trash",
  restore: "restored it",
  hide: "hid it",
  unhide: "showed it again",
};

function describe(entry: CollectionHistoryEntry): string {
  const who = entry.actor?.name ?? "A former member";
  const what = ACTION_WORDS[entry.action];
  const target = entry.artifactId === null ? "" : ` #${entry.artifactId}`;
  const detail = entry.detail && entry.artifactId === null ? ` ${entry.detail}` : "";
  return `${who} ${what}${target}${detail}`;
}

/** Who changed what in a collection, when (issue 32): newest first, 50 at a time. */
export function CollectionHistory({ id }: { id: number }) {
  const history = trpc.collections.history.useInfiniteQuery(
    { id },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <details className="mt-12 rounded-2xl border border-line bg-surface p-5">
      <summary className="cursor-pointer font-semibold">History of changes</summary>
      <ol className="mt-4 flex flex-col gap-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-x-4">
            <span>{describe(entry)}</span>
            <time className="text-muted" dateTime={new Date(entry.at).toISOString()}>
              {new Date(entry.at).toLocaleString()}
            </time>
          </li>
        ))}
      </ol>
      <LoadMore pages={history} className="mt-4" size="sm">
        Load more
      </LoadMore>
    </details>
  );
}
