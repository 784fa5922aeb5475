import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { REVIEW_QUEUE_PAGE_SIZE, type QueueEntry, type QueueGroup } from "@artifact-atlas/shared";
import { trpc } from "../../lib/trpc";
import { EmptyState } from "../EmptyState";
import { LoadFailed } from "../Failures";
import { LoadMore } from "../LoadMore";
import { QueryState } from "../QueryState";
import { PageSpinner } from "../Spinner";
import { ArtifactGroup, type ShownEntry } from "./ArtifactGroup";
import type { EntryNote } from "./DecisionForm";

/**
 * A part of the queue (the queue itself, an import's rows, the new accounts' reports), oldest
 * first, a page at a time, its entries gathered by artifact. What a decision answered stays on
 * screen after the entry has left the queue, so that a curator whose decision came second reads
 * who decided first (issue 28: the 409's message vanished with its card).
 */
export function EntryList({
  group = "queue",
  importId,
  empty,
}: {
  group?: QueueGroup;
  importId?: number;
  empty: string;
}) {
  const queue = trpc.review.queue.useInfiniteQuery(
    { limit: REVIEW_QUEUE_PAGE_SIZE, group, ...(importId ? { importId } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const [notes, setNotes] = useState<Record<number, EntryNote>>({});
  const addNote = (note: EntryNote) => setNotes((all) => ({ ...all, [note.entry.id]: note }));

  return (
    <QueryState
      query={queue}
      loading={<PageSpinner label="Loading the review queue" />}
      failed={<LoadFailed>Unable to load the review queue. Please try again later.</LoadFailed>}
    >
      {(data) => {
        const live = data.pages.flatMap((page) => page.items);
        const groups = byArtifact(live, notes);
        if (groups.length === 0) return <EmptyState icon={ClipboardCheck} title={empty} />;
        return (
          <>
            <ol className="flex flex-col gap-6">
              {groups.map(({ artifact, entries }) => (
                <li key={artifact.id} className="min-w-0">
                  <ArtifactGroup artifact={artifact} entries={entries} onNote={addNote} />
                </li>
              ))}
            </ol>
            <LoadMore pages={queue} className="mt-8 flex justify-center">
              Show more
            </LoadMore>
          </>
        );
      }}
    </QueryState>
  );
}

/**
 * The entries still waiting and those decided on this screen, gathered by artifact in the order
 * of each artifact's oldest entry; each group shows the artifact as the queue last read it.
 */
function byArtifact(live: QueueEntry[], notes: Record<number, EntryNote>) {
  const liveIds = new Set(live.map((entry) => entry.id));
  const shown: ShownEntry[] = [
    ...live.map((entry) => ({ entry, open: true, note: notes[entry.id] })),
    ...Object.values(notes)
      .filter((note) => !liveIds.has(note.entry.id))
      .map((note) => ({ entry: note.entry, open: false, note })),
  ].sort((a, b) => a.entry.id - b.entry.id);
  const groups = new Map<number, { artifact: QueueEntry["artifact"]; entries: ShownEntry[] }>();
  for (const item of shown) {
    const id = item.entry.artifact.id;
    const group = groups.get(id) ?? { artifact: item.entry.artifact, entries: [] };
    if (item.open) group.artifact = item.entry.artifact;
    group.entries.push(item);
    groups.set(id, group);
  }
  return [...groups.values()];
}
