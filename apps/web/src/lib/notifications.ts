import { NOTIFICATIONS_PAGE_SIZE } from "@artifact-atlas/shared";
import { trpc } from "./trpc";

/** The one input of the notifications list's infinite query: its cache entry's name. */
export const NOTIFICATIONS_INPUT = { limit: NOTIFICATIONS_PAGE_SIZE };

/**
 * The bell's number: asked again when the window regains focus and once a minute while the page
 * is visible, never faster (a count read from a partial index, but every signed-in tab asks).
 */
export function useUnreadCount(enabled: boolean) {
  return trpc.notifications.unreadCount.useQuery(undefined, {
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
