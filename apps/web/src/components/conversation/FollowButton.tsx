import { Bell, BellOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { FollowTarget } from "@artifact-atlas/shared";
import { followChanged } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { InlineError } from "../Failures";

/**
 * Follow or unfollow (issue 33), and how a follow tells: in the bell, in a daily email digest
 * (when this site sends mail), or both. A new follow starts with the bell. `align` puts it at the
 * end of its row on wider screens (beside a heading) or at the start (after a name).
 */
export function FollowButton({
  target,
  name,
  align = "end",
}: {
  target: FollowTarget;
  name: string;
  align?: "start" | "end";
}) {
  const utils = trpc.useUtils();
  const state = trpc.follows.state.useQuery(target);
  const onSuccess = (next: Parameters<typeof followChanged>[2]) =>
    followChanged(utils, target, next);
  const follow = trpc.follows.follow.useMutation({ onSuccess });
  const unfollow = trpc.follows.unfollow.useMutation({ onSuccess });
  const [error, setError] = useState<string | undefined>();
  const busy = follow.isPending || unfollow.isPending;

  if (!state.data) return null;
  const { following, bell, email, mailEnabled } = state.data;
  const run = (action: Promise<unknown>) => {
    setError(undefined);
    action.catch((failure: unknown) =>
      setError(serverMessage(failure) ?? "That did not work. Please try again."),
    );
  };
  const setChannels = (channels: { bell: boolean; email: boolean }) =>
    run(follow.mutateAsync({ target, channels }));

  return (
    <div
      className={
        align === "end"
          ? "flex flex-col items-start gap-2 sm:items-end"
          : "flex flex-col items-start gap-2"
      }
    >
      <Button
        variant={following ? "secondary" : "primary"}
        size="sm"
        busy={busy}
        aria-pressed={following}
        aria-label={following ? `Unfollow ${name}` : `Follow ${name}`}
        onClick={() =>
          following ? run(unfollow.mutateAsync(target)) : setChannels({ bell: true, email: false })
        }
      >
        {following ? (
          <BellOff aria-hidden="true" className="size-4" />
        ) : (
          <Bell aria-hidden="true" className="size-4" />
        )}
        {following ? "Unfollow" : "Follow"}
      </Button>
      {following && (
        <fieldset
          className={`flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink ${align === "end" ? "sm:justify-end" : ""}`}
        >
          <legend className="sr-only">How to tell me</legend>
          <Channel
            label="In the bell"
            checked={bell}
            disabled={busy || (bell && !email)}
            onToggle={() => setChannels({ bell: !bell, email })}
          />
          {mailEnabled && (
            <Channel
              label="Daily email"
              checked={email}
              disabled={busy || (email && !bell)}
              onToggle={() => setChannels({ bell, email: !email })}
            />
          )}
          <Link to="/following" className="text-accent underline underline-offset-2">
            Everything you follow
          </Link>
        </fieldset>
      )}
      <InlineError message={error} />
    </div>
  );
}

/** One way a follow tells; the last one left cannot be turned off (unfollow does that). */
function Channel({
  label,
  checked,
  disabled,
  onToggle,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        className="size-4 accent-accent"
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
      />
      {label}
    </label>
  );
}
