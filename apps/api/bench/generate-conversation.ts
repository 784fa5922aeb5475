import type Database from "better-sqlite3";

/*
 * Issue 33's bench rows: 1,000,000 comments over the collection, one artifact's discussion
 * (HISTORY_BENCH's, kept public) ten thousand threads long, and a fifth of all comments replies.
 */

export const CONVERSATION_BENCH_SIZE = {
  comments: 1_000_000,
  /** The long discussion: this artifact's threads, each with a few replies. */
  busiestArtifactThreads: 10_000,
  repliesShare: 0.2,
} as const;

export function generateConversationRows(
  sqlite: Database.Database,
  next: () => number,
  sizes: { users: number; artifacts: number; now: number; busiest: number },
): void {
  const insert = sqlite.prepare(
    `insert into comments (artifact_id, parent_id, author_id, body, html, status, created_at)
     values (?, ?, ?, ?, ?, 'published', ?)`,
  );
  const size = CONVERSATION_BENCH_SIZE;
  /** The newest thread of each artifact that has one, for replies to hang on. */
  const lastThread = new Map<number, number>();
  let id = 0;
  const comment = (artifactId: number) => {
    const parent = lastThread.get(artifactId);
    const isReply = parent !== undefined && next() < size.repliesShare;
    const body = `Comment ${id + 1}: is this really **Roman**?`;
    insert.run(
      artifactId,
      isReply ? parent : null,
      1 + Math.floor(next() * sizes.users),
      body,
      `<p>Comment ${id + 1}: is this really <strong>Roman</strong>?</p>\n`,
      sizes.now - (size.comments - id) * 1000,
    );
    id += 1;
    if (!isReply) lastThread.set(artifactId, id);
  };
  const busiestComments = Math.round(size.busiestArtifactThreads / (1 - size.repliesShare));
  for (let i = 0; i < busiestComments; i += 1) comment(sizes.busiest);
  while (id < size.comments) comment(1 + Math.floor(next() * sizes.artifacts));
}
