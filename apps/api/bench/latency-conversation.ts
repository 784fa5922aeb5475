import { COMMENTS_PAGE_SIZE } from "@artifact-atlas/shared";
import { discussionPage } from "../src/services/conversation/comments";
import { prepareDiscussionStatements } from "../src/services/conversation/statements";
import type { ArtifactStore } from "../src/store/artifact-store";
import { CONVERSATION_BENCH_SIZE } from "./generate-conversation";
import { HISTORY_BENCH } from "./generate";

/**
 * A discussion's page (issue 33; target: under 10 ms at p99 with 1,000,000 comments), as a visitor
 * and as a member reads it: the first page of the longest discussion, a page deep into it, and
 * the first page of a typical artifact's.
 */
export function conversationLatencyCases(
  sampleId: number,
): { label: string; run: (store: ArtifactStore) => unknown }[] {
  let prepared: {
    store: ArtifactStore;
    discussions: ReturnType<typeof prepareDiscussionStatements>;
  };
  const page = (id: number, cursor: number | null, member: boolean) => (store: ArtifactStore) => {
    if (prepared?.store !== store) {
      prepared = { store, discussions: prepareDiscussionStatements(store.db.$client) };
    }
    const deps = { db: store.db, artifactStore: store, discussions: prepared.discussions };
    const reader = member ? { id: 1, role: "member" as const } : null;
    return discussionPage(deps, reader, { id, cursor, limit: COMMENTS_PAGE_SIZE });
  };
  const threads = CONVERSATION_BENCH_SIZE.busiestArtifactThreads.toLocaleString("en");
  const busiest = HISTORY_BENCH.artifactId;
  return [
    { label: `discussion page 1 (${threads} threads)`, run: page(busiest, null, false) },
    { label: `discussion page 1 (${threads} threads), member`, run: page(busiest, null, true) },
    // The busiest artifact's comments are the first rows: an id half-way through its discussion.
    { label: `discussion page after 6,000 comments (cursor)`, run: page(busiest, 6_000, false) },
    { label: "discussion page 1 (a typical artifact)", run: page(sampleId, null, false) },
  ];
}
