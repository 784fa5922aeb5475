import { clsx } from "clsx";
import { Bell } from "lucide-react";
import { NavLink } from "react-router-dom";
import { useUnreadCount } from "../lib/notifications";

/** The most the badge spells out; more shows as "99+". */
const MOST_SHOWN = 99;

/** The bell in the header: the number unread, a link to the notifications. */
export function NotificationBell() {
  const unread = useUnreadCount(true).data ?? 0;
  const label = unread === 0 ? "Notifications" : `Notifications (${unread} unread)`;
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      title={label}
      className={({ isActive }) =>
        clsx(
          "relative inline-flex size-10 items-center justify-center rounded-lg transition-colors hover:bg-surface-muted",
          isActive ? "text-accent" : "text-ink",
        )
      }
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-on-accent tabular-nums"
        >
          {unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}
        </span>
      )}
    </NavLink>
  );
}
