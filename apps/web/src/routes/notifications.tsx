import { clsx } from "clsx";
import {
  Bell,
  CircleCheck,
  CircleX,
  EyeOff,
  Eye,
  FileUp,
  Library,
  Flag,
  MessagesSquare,
  PenLine,
  UserRound,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import type { NotificationItem, NotificationKind } from "@artifact-atlas/shared";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { LoadFailedCard } from "../components/Failures";
import { PageHeader } from "../components/PageHeader";
import { LoadMore } from "../components/LoadMore";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { notificationsRead } from "../lib/cache-updates";
import { formatMoment } from "../lib/dates";
import { NOTIFICATIONS_INPUT } from "../lib/notifications";
import { trpc } from "../lib/trpc";

const ICONS: Partial<Record<NotificationKind, LucideIcon>> = {
  artifact_approved: CircleCheck,
  edit_approved: CircleCheck,
  artifact_rejected: CircleX,
  edit_rejected: CircleX,
  artifact_hidden: EyeOff,
  artifact_unhidden: Eye,
  report_resolved: Flag,
  report_upheld: Flag,
  report_dismissed: Flag,
  import_approved: FileUp,
  import_rejected: FileUp,
  comment_new: MessagesSquare,
  discussion_new: MessagesSquare,
  comment_mention: MessagesSquare,
  comment_approved: CircleCheck,
  comment_hidden: EyeOff,
  comment_report_upheld: Flag,
  comment_report_dismissed: Flag,
  suggestion_new: PenLine,
  suggestion_accepted: CircleCheck,
  suggestion_declined: CircleX,
  followed_member_artifact: UserRound,
  followed_collection_artifact: Library,
};

/**
 * Issue 33's notices are about a discussion, its comments and suggested changes (the kinds named
 * comment_*, discussion_*, suggestion_*): they open the artifact at it.
 */
const IN_DISCUSSION = /^(comment|discussion|suggestion)_/;

/** Where a notification leads: its artifact, or a followed collection (issue 33). */
function linkOf(item: NotificationItem): string | null {
  if (item.collectionId !== null) return `/c/${item.collectionId}`;
  if (item.artifactId === null || item.artifactName === null) return null;
  return `/artifacts/${item.artifactId}${IN_DISCUSSION.test(item.kind) ? "#discussion" : ""}`;
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const Icon = ICONS[item.kind] ?? Bell;
  const link = linkOf(item);
  const text =
    link === null ? (
      item.text
    ) : (
      <Link to={link} className="text-ink hover:text-accent">
        {item.text}
      </Link>
    );
  return (
    <li
      className={clsx(
        "flex gap-4 border-b border-line px-4 py-4 last:border-b-0 sm:px-6",
        !item.read && "bg-accent-soft/50",
      )}
    >
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-accent">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-base leading-relaxed font-medium break-words text-ink">{text}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <time dateTime={item.createdAt}>{formatMoment(item.createdAt)}</time>
          {!item.read && (
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
              New
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * The bell's list: the signed-in person's notifications, newest first, a page at a time. Opening
 * it marks them read, up to the newest it shows (one arriving meanwhile stays unread); the rows
 * keep their "New" mark until the page is left.
 */
export default function NotificationsRoute() {
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useInfiniteQuery(NOTIFICATIONS_INPUT, {
    getNextPageParam: (page) => page.nextCursor,
    // What is new is decided when the page opens, not by a refetch behind the reader's back.
    refetchOnMount: "always",
    staleTime: Infinity,
  });
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => notificationsRead(utils),
  });
  const marked = useRef<number | null>(null);
  const newest = list.data?.pages[0]?.items[0];
  const hasUnread = list.data?.pages[0]?.items.some((item) => !item.read) ?? false;

  useEffect(() => {
    if (!newest || !hasUnread || marked.current === newest.id) return;
    marked.current = newest.id;
    markRead.mutate({ upTo: newest.id });
  }, [newest, hasUnread, markRead]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page width="medium">
      <title>Notifications | Artifact Atlas</title>
      <PageHeader
        eyebrow="Your account"
        title="Notifications"
        subtitle="What curators decided about your artifacts, your edits and your reports."
      />
      <QueryState
        query={list}
        loading={<PageSpinner label="Loading your notifications" />}
        failed={
          <LoadFailedCard
            title="Error Loading Notifications"
            message="Unable to load your notifications. Please try again later."
          />
        }
      >
        {() =>
          items.length === 0 ? (
            <EmptyState
              icon={Bell}
              title="No notifications yet"
              message="When a curator reviews your artifacts or your reports, you will read it here."
            />
          ) : (
            <>
              <ol
                aria-label="Notifications"
                className="overflow-hidden rounded-2xl border border-line bg-surface shadow-card"
              >
                {items.map((item) => (
                  <NotificationRow key={item.id} item={item} />
                ))}
              </ol>
              <LoadMore pages={list}>Show older notifications</LoadMore>
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
