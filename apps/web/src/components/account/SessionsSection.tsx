import { useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useNavigate } from "react-router-dom";
import type { AccountSession } from "@artifact-atlas/shared";
import { Button } from "../Button";
import { useDialogs } from "../DialogProvider";
import { FormSection } from "../FormSection";
import { InlineError } from "../Failures";
import { QueryState } from "../QueryState";
import { Spinner } from "../Spinner";
import { sessionChanged, sessionsChanged } from "../../lib/cache-updates";
import { timeAgo } from "../../lib/relative-time";
import { trpc } from "../../lib/trpc";

const SESSIONS_FAILED = "Your sessions could not be loaded right now. Please try again later.";
const SIGN_OUT_FAILED = "That session could not be signed out right now. Please try again.";

/** Where you're signed in: each session, this one marked; sign out one, or all the others. */
export function SessionsSection() {
  const sessions = trpc.account.sessions.useQuery();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const signOutOne = trpc.account.signOutSession.useMutation();
  const signOutOthers = trpc.account.signOutOtherSessions.useMutation();

  const run = async (action: () => Promise<{ signedOut?: boolean } | { ok: true }>) => {
    try {
      const result = await action();
      if ("signedOut" in result && result.signedOut) {
        await navigate("/");
        await sessionChanged(utils, queryClient, null);
        return;
      }
      await sessionsChanged(utils);
    } catch {
      await sessionsChanged(utils);
      void dialogs.notify({ variant: "error", title: "Error!", text: SIGN_OUT_FAILED });
    }
  };

  return (
    <FormSection title="Where you're signed in" icon={MonitorSmartphone}>
      <QueryState
        query={sessions}
        loading={<Spinner label="Loading your sessions" />}
        failed={<InlineError message={SESSIONS_FAILED} />}
      >
        {(list) => (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
              {list.map((session) => (
                <SessionRow
                  key={session.handle}
                  session={session}
                  busy={signOutOne.isPending && signOutOne.variables?.handle === session.handle}
                  onSignOut={() => run(() => signOutOne.mutateAsync({ handle: session.handle }))}
                />
              ))}
            </ul>
            {list.some((session) => !session.current) && (
              <Button
                variant="secondary"
                busy={signOutOthers.isPending}
                busyText="Signing out..."
                onClick={() => run(() => signOutOthers.mutateAsync())}
              >
                Sign out everywhere else
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </FormSection>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: AccountSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {session.browser}
          {session.current && (
            <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-muted">
          {session.signedInAt === null
            ? "Signed in earlier"
            : `Signed in ${timeAgo(session.signedInAt)}`}
        </p>
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          busyText="Signing out..."
          onClick={onSignOut}
          aria-label={`Sign out ${session.browser}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
