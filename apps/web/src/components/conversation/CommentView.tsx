import { clsx } from "clsx";
import { EyeOff } from "lucide-react";
import { useState, type ReactNode } from "react";
import { COMMENT_PLACEHOLDERS, type DiscussionComment } from "@artifact-atlas/shared";
import { discussionChanged } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { timeAgo } from "../../lib/relative-time";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { ReasonForm } from "../review/ReasonForm";
import { CommentForm } from "./CommentForm";
import { ReportComment } from "./ReportComment";
import { SuggestionView } from "./SuggestionView";
import { ServerMarkdown } from "../ServerMarkdown";

/** What the viewer may do in this discussion, as the server said (DiscussionPage.may). */
export interface DiscussionRights {
  signedIn: boolean;
  comment: boolean;
  decideSuggestions: boolean;
  moderate: boolean;
  /** The artifact's revision as the discussion read it. */
  revision: number;
}

type Open = "none" | "edit" | "report" | "hide" | "unhide";

/**
 * One comment: who wrote it and when, its text (HTML the server rendered from the Markdown subset
 * and sanitised), a suggestion beside it, and the viewer's actions: edit and delete their own,
 * report another's, and for curators hide or show again with a reason.
 */
export function CommentView({
  comment,
  rights,
  replyAction,
}: {
  comment: DiscussionComment;
  rights: DiscussionRights;
  /** The thread's Reply button, beside the others (top-level comments only). */
  replyAction?: ReactNode;
}) {
  const utils = trpc.useUtils();
  const changed = () => discussionChanged(utils, comment.artifactId);
  const edit = trpc.comments.edit.useMutation({ onSettled: changed });
  const remove = trpc.comments.delete.useMutation({ onSettled: changed });
  const hide = trpc.comments.hide.useMutation({ onSettled: changed });
  const unhide = trpc.comments.unhide.useMutation({ onSettled: changed });
  const [open, setOpen] = useState<Open>("none");
  const [error, setError] = useState<string | undefined>();
  const deleted = comment.status === "deleted";
  const hidden = comment.status === "hidden";
  // A hidden comment shows only as hidden, but to its author and curators (who get its html).
  const shown = !deleted && !(hidden && comment.html === null);

  const act = (action: Promise<unknown>) => {
    setError(undefined);
    action
      .then(() => setOpen("none"))
      .catch((failure: unknown) =>
        setError(serverMessage(failure) ?? "That did not work. Please try again."),
      );
  };
  const moderate = (run: typeof hide, reason: string, note?: string) =>
    act(run.mutateAsync({ id: comment.id, reason, ...(note ? { note } : {}) }));

  return (
    <article
      aria-label={
        deleted
          ? "Deleted comment"
          : shown
            ? `Comment by ${comment.authorName ?? "a member"}`
            : "Hidden comment"
      }
      className="flex gap-3"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent"
      >
        {shown ? (comment.authorName ?? "?").charAt(0).toUpperCase() : ""}
      </span>
      <div className="min-w-0 flex-1">
        {shown && (
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-ink">{comment.authorName}</span>
            <time className="text-muted" dateTime={new Date(comment.createdAt).toISOString()}>
              {timeAgo(comment.createdAt)}
            </time>
            {comment.editedAt !== null && <span className="text-muted">edited</span>}
            {comment.status === "held" && <span className="text-muted">waiting for a curator</span>}
          </p>
        )}
        {deleted ? (
          <p className="text-sm text-muted italic">{COMMENT_PLACEHOLDERS.deleted}</p>
        ) : hidden && comment.html === null ? (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted italic">
            <EyeOff aria-hidden="true" className="size-4" />
            {COMMENT_PLACEHOLDERS.hidden}
          </p>
        ) : (
          <>
            {hidden && (
              <p className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-danger">
                <EyeOff aria-hidden="true" className="size-4" />
                {COMMENT_PLACEHOLDERS.hidden}
                {comment.hiddenReason ? `: ${comment.hiddenReason}` : ""}
              </p>
            )}
            {open === "edit" ? (
              <div className="mt-2">
                <CommentForm
                  label="Edit your comment"
                  action="Save"
                  initial={comment.body ?? ""}
                  send={async (body) => {
                    await edit.mutateAsync({ id: comment.id, body });
                    setOpen("none");
                    return null;
                  }}
                  onCancel={() => setOpen("none")}
                />
              </div>
            ) : (
              <ServerMarkdown
                className={clsx("comment-body mt-1 text-ink", hidden && "opacity-70")}
                html={comment.html ?? ""}
              />
            )}
          </>
        )}
        {comment.suggestion && !deleted && (
          <SuggestionView
            comment={comment}
            suggestion={comment.suggestion}
            revision={rights.revision}
            mayDecide={rights.decideSuggestions}
            signedIn={rights.signedIn}
          />
        )}

        {!deleted && open === "none" && (
          <div className="mt-1 flex flex-wrap gap-1">
            {replyAction}
            {comment.mine && !hidden && (
              <Button variant="ghost" size="sm" onClick={() => setOpen("edit")}>
                Edit
              </Button>
            )}
            {comment.mine && (
              <Button
                variant="ghost"
                size="sm"
                busy={remove.isPending}
                onClick={() => act(remove.mutateAsync({ id: comment.id }))}
              >
                Delete
              </Button>
            )}
            {rights.signedIn && !comment.mine && comment.status === "published" && (
              <Button variant="ghost" size="sm" onClick={() => setOpen("report")}>
                Report
              </Button>
            )}
            {rights.moderate && !comment.mine && comment.status === "published" && (
              <Button variant="ghost" size="sm" onClick={() => setOpen("hide")}>
                Hide
              </Button>
            )}
            {rights.moderate && !comment.mine && hidden && (
              <Button variant="ghost" size="sm" onClick={() => setOpen("unhide")}>
                Show again
              </Button>
            )}
          </div>
        )}
        {open === "report" && (
          <div className="mt-2">
            <ReportComment commentId={comment.id} onClose={() => setOpen("none")} />
          </div>
        )}
        {(open === "hide" || open === "unhide") && (
          <div className="mt-2">
            <ReasonForm
              action={open === "hide" ? "Hide" : "Show again"}
              label={`${open === "hide" ? "Hide" : "Show again"} the comment by ${comment.authorName ?? "a member"}`}
              busy={hide.isPending || unhide.isPending}
              onCancel={() => setOpen("none")}
              onSubmit={({ reason, note }) =>
                moderate(open === "hide" ? hide : unhide, reason, note)
              }
            />
          </div>
        )}
        {error && (
          <p role="alert" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}
