import type { QueryClient } from "@tanstack/react-query";
import type {
  ArtifactDetail,
  HarvestingOverview,
  FollowState,
  FollowTarget,
  LikeStatus,
  SessionUser,
  SiteRights,
} from "@artifact-atlas/shared";
import type { trpc } from "./trpc";

/*
 * What the query cache does after each kind of write, in one place: which answers change at once,
 * which refetch now, and which only refetch when next shown.
 */

type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/**
 * The input of each member list's one infinite query (lib/member-lists.ts): the name of its cache
 * entry, for the screen that shows it and for the updates below.
 */
export const MY_ARTIFACTS_INPUT = {};
export const LIKED_ARTIFACTS_INPUT = {};

/** Every artifact list and the liked list refetch when next shown, not at once. */
function markArtifactListsStale(utils: TrpcUtils) {
  void utils.artifacts.invalidate(undefined, { refetchType: "none" });
  void utils.likes.list.invalidate(undefined, { refetchType: "none" });
}

/** A new artifact: every artifact query refetches, those on screen at once. */
export function artifactAdded(utils: TrpcUtils) {
  void utils.artifacts.invalidate();
}

/** An edited artifact: its detail shows the saved version at once; lists refetch when next shown. */
export function artifactUpdated(utils: TrpcUtils, saved: ArtifactDetail) {
  utils.artifacts.byId.setData({ id: saved.id }, saved);
  markArtifactListsStale(utils);
  // Its history has a new version.
  void utils.revisions.invalidate();
}

/** An artifact's places were saved (issue 31): its detail and form read them again. */
export function placesSaved(utils: TrpcUtils, id: number) {
  void utils.places.byArtifact.invalidate({ id });
}

/** A deleted artifact leaves My Artifacts at once, without a reload; other lists refetch when next shown. */
export function artifactDeleted(utils: TrpcUtils, id: number) {
  // Every page keeps its cursor: the next page starts after that position, whatever was deleted.
  utils.artifacts.mine.setInfiniteData(MY_ARTIFACTS_INPUT, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.id !== id),
          })),
        }
      : data,
  );
  markArtifactListsStale(utils);
  // The owner's trash (issue 29) holds it now.
  void utils.trash.invalidate(undefined, { refetchType: "none" });
}

interface LikeChange {
  artifactId: number;
  /** True for a like, false for an unlike. */
  liked: boolean;
  /** The count the page already has, used until the like status arrives. */
  initialCount: number;
}

/**
 * The useMutation callbacks of a like or an unlike: the button and the count change at once, go
 * back if the server refuses or cannot be reached, then show the server's answer; the liked list
 * and the artifact lists (which show like counts) refetch.
 */
export function optimisticLikeChange(
  utils: TrpcUtils,
  { artifactId, liked, initialCount }: LikeChange,
) {
  const input = { id: artifactId };
  return {
    onMutate: async () => {
      await utils.likes.status.cancel(input);
      const previous = utils.likes.status.getData(input);
      const base: LikeStatus = previous ?? { liked: !liked, likeCount: initialCount };
      utils.likes.status.setData(input, {
        liked,
        likeCount: Math.max(0, base.likeCount + (liked ? 1 : -1)),
      });
      return { previous: base };
    },
    onError: (
      _error: unknown,
      _variables: unknown,
      context: { previous: LikeStatus } | undefined,
    ) => {
      if (context) utils.likes.status.setData(input, context.previous);
    },
    onSuccess: (next: LikeStatus) => {
      utils.likes.status.setData(input, next);
      void utils.likes.list.invalidate();
      void utils.artifacts.invalidate();
    },
  };
}

/**
 * An artifact restored from the trash: the trash, every artifact list and the review queue
 * refetch; settles once the artifact lists on screen (My Artifacts) have theirs.
 */
export function artifactRestored(utils: TrpcUtils): Promise<void> {
  void utils.trash.invalidate();
  void utils.review.invalidate();
  return utils.artifacts.invalidate();
}

/**
 * A curator's decision, on one entry or on a whole import: the queue and every artifact query
 * (statuses, lists) refetch.
 */
export function reviewDecided(utils: TrpcUtils) {
  void utils.review.invalidate();
  void utils.artifacts.invalidate();
}

/** The reports from new accounts dismissed at once: only the queue and its groups change. */
export function newAccountReportsDismissed(utils: TrpcUtils) {
  void utils.review.invalidate();
}

/**
 * A hidden artifact published again: the queue, its groups and counts, every artifact query and
 * its history refetch. The list of hidden artifacts is left as it is: its row says what was done
 * until it is read again.
 */
export function artifactUnhidden(utils: TrpcUtils) {
  void utils.review.queue.invalidate();
  void utils.review.groups.invalidate();
  void utils.review.waiting.invalidate();
  void utils.artifacts.invalidate();
  void utils.revisions.invalidate();
}

/** The reasons curators choose from were added to or removed. */
export function reviewReasonsChanged(utils: TrpcUtils) {
  void utils.review.reasons.invalidate();
}

/** A changed role: the admin lists, and the session (an admin may have changed their own role). */
export function roleChanged(utils: TrpcUtils) {
  return Promise.all([utils.admin.invalidate(), utils.auth.me.invalidate()]);
}

/** An import made or undone: the list of imports shows it. */
export function importsChanged(utils: TrpcUtils) {
  return utils.imports.list.invalidate();
}

/** An account suspended, or its suspension lifted: the admin lists show it. */
export function suspensionChanged(utils: TrpcUtils) {
  void utils.admin.invalidate();
}

/** Sessions signed out (or a password change that ended them): the list asks again. */
export function sessionsChanged(utils: TrpcUtils) {
  return utils.account.sessions.invalidate();
}

/** Notifications marked read: the bell's number asks again. */
export function notificationsRead(utils: TrpcUtils) {
  void utils.notifications.unreadCount.invalidate();
}

/** Saved harvesting settings: the Harvesting screen shows the overview the save answered. */
export function harvestSettingsSaved(utils: TrpcUtils, overview: HarvestingOverview) {
  utils.harvesting.overview.setData(undefined, overview);
}

/** A saved profile: the header and the profile page show the new name and photo at once. */
export function profileUpdated(utils: TrpcUtils, user: SessionUser) {
  utils.auth.me.setData(undefined, user);
}

/**
 * After sign-in, sign-up or sign-out every cached answer may belong to someone else: the new user
 * is set at once and every other query starts over.
 */
export async function sessionChanged(
  utils: TrpcUtils,
  queryClient: QueryClient,
  user: SessionUser | null,
) {
  utils.auth.me.setData(undefined, user);
  await queryClient.resetQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return !(Array.isArray(path) && path[0] === "auth" && path[1] === "me");
    },
  });
}

/**
 * The session may have ended (a call was refused as UNAUTHORIZED, or a logout failed half-way):
 * auth.me asks the server again, and the route guard follows its answer.
 */
export function sessionUncertain(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [["auth", "me"]] });
}

/**
 * A write in an artifact's discussion (a comment, an edit, a report, a hide, an agreement): its
 * pages and its threads' replies refetch.
 */
export function discussionChanged(utils: TrpcUtils, artifactId: number) {
  void utils.comments.list.invalidate({ id: artifactId });
  void utils.comments.replies.invalidate();
}

/**
 * A suggestion accepted: the artifact itself changed too, so its detail, the lists and its
 * history refetch with the discussion.
 */
export function suggestionAccepted(utils: TrpcUtils, artifactId: number) {
  discussionChanged(utils, artifactId);
  void utils.artifacts.invalidate();
  void utils.revisions.invalidate();
}

/** A follow started, changed or stopped: the button shows the answer; the lists refetch. */
export function followChanged(utils: TrpcUtils, target: FollowTarget, state: FollowState) {
  utils.follows.state.setData(target, state);
  void utils.follows.list.invalidate();
  void utils.follows.feed.invalidate();
}

/** A backup made (or refused): the Backups tab shows the list and the last attempt again. */
export function backupsChanged(utils: TrpcUtils) {
  return utils.backups.invalidate();
}

/**
 * A collection changed (made, edited, liked, its items, members or visibility, moderated or
 * deleted): every collections query refetches, those on screen at once. Settles when they have.
 */
export function collectionsChanged(utils: TrpcUtils) {
  return utils.collections.invalidate();
}

/** A collection's reports dismissed: the curators' list of reported collections refetches. */
export function collectionReportsDismissed(utils: TrpcUtils) {
  return utils.collections.reported.invalidate();
}

/** The site's rights saved: the Rights tab shows what the save answered. */
export function siteRightsSaved(utils: TrpcUtils, rights: SiteRights) {
  utils.rights.site.setData(undefined, rights);
}
