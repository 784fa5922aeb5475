import { LogIn, MessagesSquare, PenLine } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { Artifact, DiscussionThread } from "@artifact-atlas/shared";
import { discussionChanged } from "../../lib/cache-updates";
import { loginPath } from "../../lib/redirect";
import { trpc } from "../../lib/trpc";
import { Button, ButtonLink } from "../Button";
import { LoadFailed } from "../Failures";
import { LoadMore } from "../LoadMore";
import { QueryState } from "../QueryState";
import { SectionSpinner } from "../Spinner";
import { CommentForm } from "./CommentForm";
import { CommentView, type DiscussionRights } from "./CommentView";
import { FollowButton } from "./FollowButton";
import { SuggestChange } from "./SuggestChange";

/**
 * An artifact's Discussion (issue 33): its threads oldest first, a page at a time, each with its
 * replies one level deep. Visitors read it; signed-in members write, reply, suggest a change and
 * follow; curators hide. `signedIn` is false on the public page /a/{id}, which only reads.
 */
export function Discussion({ artifact, signedIn }: { artifact: Artifact; signedIn: boolean }) {
  const utils = trpc.useUtils();
  const pages = trpc.comments.list.useInfiniteQuery(
    { id: artifact.id },
    {
      getNextPageParam: (page) => page.nextCursor,
      meta: { failureLog: "Error loading discussion" },
    },
  );
  const create = trpc.comments.create.useMutation({
    onSettled: () => discussionChanged(utils, artifact.id),
  });
  const [suggesting, setSuggesting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = { data: pages.data?.pages, error: pages.error };
  // A notification's link (/artifacts/{id}#discussion) opens here once the discussion is shown.
  const { hash } = useLocation();
  const loaded = pages.data !== undefined;
  useEffect(() => {
    if (loaded && hash === "#discussion") document.getElementById("discussion")?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <section
      id="discussion"
      aria-labelledby="discussion-heading"
      className="mt-16 border-t border-line pt-12"
    >
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <h2 id="discussion-heading" className="font-serif text-3xl font-semibold text-ink">
          Discussion
        </h2>
        {signedIn && (
          <FollowButton
            target={{ kind: "artifact", id: artifact.id }}
            name={artifact.artifactName}
          />
        )}
      </div>
      <QueryState
        query={query}
        loading={<SectionSpinner label="Loading the discussion" size="lg" />}
        // The artifact stopped being public meanwhile: nothing to discuss.
        notFound={<></>}
        failed={
          <LoadFailed>The discussion could not be loaded. Please try again later.</LoadFailed>
        }
      >
        {(loaded) => {
          const first = loaded[0];
          const rights: DiscussionRights = {
            signedIn,
            comment: signedIn && (first?.may.comment ?? false),
            decideSuggestions: first?.may.decideSuggestions ?? false,
            moderate: first?.may.moderate ?? false,
            revision: first?.revision ?? 0,
          };
          const threads = loaded.flatMap((page) => page.items);
          return (
            <div className="flex max-w-3xl flex-col gap-8">
              {threads.length === 0 ? (
                <p className="flex items-center gap-2 text-muted">
                  <MessagesSquare aria-hidden="true" className="size-5" />
                  No comments yet.
                  {rights.comment ? " Start the conversation." : ""}
                </p>
              ) : (
                <ol className="flex flex-col gap-6" aria-label="Comments">
                  {threads.map((thread) => (
                    <li key={thread.id}>
                      <Thread thread={thread} rights={rights} />
                    </li>
                  ))}
                </ol>
              )}
              <LoadMore pages={pages} className="">
                Show more comments
              </LoadMore>
              {rights.comment && (
                <div className="flex flex-col gap-4 border-t border-line pt-6">
                  <CommentForm
                    label="Add a comment"
                    action="Post comment"
                    send={async (body) => {
                      const answer = await create.mutateAsync({ artifactId: artifact.id, body });
                      return answer.message;
                    }}
                  />
                  {first?.may.suggest &&
                    (suggesting ? (
                      <SuggestChange
                        artifact={artifact}
                        revision={rights.revision}
                        onDone={(message) => {
                          setSuggesting(false);
                          setNotice(message ?? null);
                        }}
                      />
                    ) : (
                      <div>
                        <Button variant="secondary" size="sm" onClick={() => setSuggesting(true)}>
                          <PenLine aria-hidden="true" className="size-4" />
                          Suggest a change
                        </Button>
                      </div>
                    ))}
                  {notice && (
                    <p role="status" className="text-sm text-muted">
                      {notice}
                    </p>
                  )}
                </div>
              )}
              {!signedIn && (
                <div>
                  <ButtonLink
                    to={loginPath(`/artifacts/${artifact.id}#discussion`)}
                    variant="secondary"
                  >
                    <LogIn aria-hidden="true" className="size-4" />
                    Sign in to join the discussion
                  </ButtonLink>
                </div>
              )}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

/** A top-level comment, its replies (more a page at a time) and, for members, Reply. */
function Thread({ thread, rights }: { thread: DiscussionThread; rights: DiscussionRights }) {
  const utils = trpc.useUtils();
  const [replying, setReplying] = useState(false);
  // A new account's held reply: the form closes, the message stays.
  const [notice, setNotice] = useState<string | null>(null);
  const [showMore, setShowMore] = useState(false);
  const lastShown = thread.replies.at(-1)?.id ?? 0;
  const more = trpc.comments.replies.useInfiniteQuery(
    { id: thread.id },
    {
      enabled: showMore,
      initialCursor: lastShown,
      getNextPageParam: (page) => page.nextCursor,
    },
  );
  const create = trpc.comments.create.useMutation({
    onSettled: () => discussionChanged(utils, thread.artifactId),
  });
  const replies = [...thread.replies, ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  const hasMore = showMore ? more.hasNextPage : thread.moreReplies;
  const replyable = rights.comment && thread.status === "published";

  return (
    <div className="flex flex-col gap-4">
      <CommentView
        comment={thread}
        rights={rights}
        replyAction={
          replyable && !replying ? (
            <Button variant="ghost" size="sm" onClick={() => setReplying(true)}>
              Reply
            </Button>
          ) : undefined
        }
      />
      {(replies.length > 0 || replying || hasMore || notice) && (
        <div className="ml-6 flex flex-col gap-4 border-l-2 border-line pl-4 sm:ml-12">
          {replies.length > 0 && (
            <ol
              className="flex flex-col gap-4"
              aria-label={`Replies to ${thread.authorName ?? "a deleted comment"}`}
            >
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentView comment={reply} rights={rights} />
                </li>
              ))}
            </ol>
          )}
          {hasMore && (
            <div>
              <Button
                variant="ghost"
                size="sm"
                busy={more.isFetching}
                onClick={() => (showMore ? void more.fetchNextPage() : setShowMore(true))}
              >
                Show more replies
              </Button>
            </div>
          )}
          {replying && (
            <CommentForm
              label={`Reply to ${thread.authorName ?? "this thread"}`}
              action="Reply"
              send={async (body) => {
                const answer = await create.mutateAsync({
                  artifactId: thread.artifactId,
                  body,
                  parentId: thread.id,
                });
                setReplying(false);
                setNotice(answer.message);
                return null;
              }}
              onCancel={() => setReplying(false)}
            />
          )}
          {notice && (
            <p role="status" className="text-sm text-muted">
              {notice}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
