import { clsx } from "clsx";
import { Heart } from "lucide-react";
import { useEffect, useRef } from "react";
import { optimisticLikeChange } from "../lib/cache-updates";
import { trpc } from "../lib/trpc";
import { Spinner } from "./Spinner";

interface LikeButtonProps {
  artifactId: number;
  /** The count the page already has (from the artifact), shown until the status arrives. */
  initialCount: number;
}

/**
 * The like count and the like/unlike button of the detail page. Liking or unliking changes the
 * button and the count at once and puts them back if the server refuses or cannot be reached.
 */
export function LikeButton({ artifactId, initialCount }: LikeButtonProps) {
  const utils = trpc.useUtils();
  const input = { id: artifactId };
  // Spec: a failed status check is only logged; the button then offers to like. Its loading and
  // failure are the button's own (Loading...), not a screen's, so no QueryState.
  const status = trpc.likes.status.useQuery(input, {
    meta: { failureLog: "Error fetching like status" },
  });

  const like = trpc.likes.like.useMutation(
    optimisticLikeChange(utils, { artifactId, liked: true, initialCount }),
  );
  const unlike = trpc.likes.unlike.useMutation(
    optimisticLikeChange(utils, { artifactId, liked: false, initialCount }),
  );

  const loading = status.isPending;
  const liked = status.data?.liked ?? false;
  const count = status.data?.likeCount ?? initialCount;
  const saving = like.isPending || unlike.isPending;

  // The button is disabled while it saves, and a disabled button drops focus: once saved, focus
  // comes back to it if it had it and nothing else took it since (issue 29).
  const button = useRef<HTMLButtonElement>(null);
  const focusAfterSave = useRef(false);
  useEffect(() => {
    if (saving || !focusAfterSave.current) return;
    focusAfterSave.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, [saving]);

  return (
    <div className="flex flex-wrap items-center gap-4">
      <p className="inline-flex items-center gap-2 text-ink" aria-live="polite">
        <Heart aria-hidden="true" className="size-5 fill-accent text-accent" />
        <span className="text-2xl font-semibold tabular-nums" data-testid="like-count">
          {count}
        </span>
        <span className="text-sm text-muted">{count === 1 ? "like" : "likes"}</span>
      </p>
      <button
        ref={button}
        type="button"
        disabled={loading || saving}
        aria-busy={saving || undefined}
        onClick={() => {
          focusAfterSave.current = document.activeElement === button.current;
          (liked ? unlike : like).mutate(input);
        }}
        className={clsx(
          "inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition-colors",
          "disabled:cursor-not-allowed",
          loading && "border border-line bg-surface-muted text-muted",
          !loading &&
            (liked
              ? "border border-accent bg-accent-soft text-accent hover:bg-surface-muted"
              : "bg-accent text-on-accent shadow-sm hover:bg-accent-hover"),
        )}
      >
        {loading ? (
          <>
            <Spinner size="sm" className="text-current" />
            Loading...
          </>
        ) : (
          <>
            <Heart aria-hidden="true" className={clsx("size-4", liked && "fill-current")} />
            {liked ? "Unlike this Artifact" : "Like this Artifact"}
          </>
        )}
      </button>
    </div>
  );
}
