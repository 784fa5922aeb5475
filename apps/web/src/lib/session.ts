import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { SessionUser } from "@artifact-atlas/shared";
import { sessionChanged, sessionUncertain } from "./cache-updates";
import { trpc } from "./trpc";

type SessionStatus = "loading" | "signedIn" | "signedOut";

interface Session {
  status: SessionStatus;
  user: SessionUser | null;
}

/** The signed-in user from the server session (auth.me); the cookie itself is HttpOnly. */
export function useSession(): Session {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (me.isPending) return { status: "loading", user: null };
  // An unreachable server counts as signed out: the guard then offers the login page.
  if (!me.data) return { status: "signedOut", user: null };
  return { status: "signedIn", user: me.data };
}

/** Ends the session on the server and goes home; the outcome is only logged (spec section 4). */
export function useLogout() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation({ meta: { failureLog: "Logout failed" } });
  return {
    pending: logout.isPending,
    run: async () => {
      try {
        await logout.mutateAsync();
      } catch {
        // The server may still hold the session: ask it rather than guess.
        await sessionUncertain(queryClient);
        return;
      }
      // Home first, so that a protected page does not bounce to the login page on the way out.
      await navigate("/");
      await sessionChanged(utils, queryClient, null);
    },
  };
}
