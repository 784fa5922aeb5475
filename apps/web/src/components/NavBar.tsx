import { clsx } from "clsx";
import { LogOut, Menu, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { hasRole, type SessionUser } from "@artifact-atlas/shared";
import { useDismiss } from "../lib/dismiss";
import { useLogout, useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import { Avatar } from "./Avatar";
import { Button, ButtonLink } from "./Button";
import { Logo } from "./Logo";
import { NotificationBell } from "./NotificationBell";
import { ThemeToggle } from "./ThemeToggle";

interface NavItem {
  to: string;
  label: string;
  /** A number beside the label, such as the entries waiting for review. */
  count?: number;
}

const ALWAYS: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/allartifacts", label: "All Artifacts" },
  { to: "/timeline", label: "Timeline" },
  { to: "/map", label: "Map" },
  { to: "/collections", label: "Collections" },
  { to: "/addartifacts", label: "Add Artifacts" },
];

const SIGNED_IN: NavItem[] = [
  { to: "/myartifacts", label: "My Artifacts" },
  { to: "/likedartifacts", label: "Liked Artifacts" },
];

/** Issue 17: for admins only (the server checks every admin call). */
const ADMIN: NavItem[] = [{ to: "/admin", label: "Admin" }];

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "relative rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive ? "text-accent" : "text-ink hover:text-accent",
  );

/**
 * From which width the header shows its links in a row instead of the menu: a visitor's links
 * fit from 1024 px, a member's (eight links, a bell and an avatar) from 1280 px, a curator's or
 * an admin's ten only from 1536 px; narrower, labels broke onto two lines or the row overflowed.
 * Whole class names, for Tailwind to find.
 */
const ROW_FROM = {
  lg: { row: "hidden lg:block", side: "hidden items-center gap-2 lg:flex", menu: "lg:hidden" },
  xl: { row: "hidden xl:block", side: "hidden items-center gap-2 xl:flex", menu: "xl:hidden" },
  "2xl": {
    row: "hidden 2xl:block",
    side: "hidden items-center gap-2 2xl:flex",
    menu: "2xl:hidden",
  },
};
const LINKS_IN_A_ROW_FROM_LG = ALWAYS.length;
/** A member's links: more (Review, Trash, Admin) need the widest row. */
const LINKS_IN_A_ROW_FROM_XL = ALWAYS.length + SIGNED_IN.length;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "block rounded-lg px-3 py-2.5 text-base font-medium",
    isActive ? "bg-accent-soft text-accent" : "text-ink hover:bg-surface-muted",
  );

/** The page links, as the wide header and the dropdown each lay them out. */
function NavLinkList({
  items,
  className,
  linkClass,
}: {
  items: NavItem[];
  className: string;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
            {item.label}
            {item.count !== undefined && item.count > 0 && (
              <span className="ml-1.5 inline-block rounded-full bg-accent px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-on-accent tabular-nums">
                {item.count}
                <span className="sr-only"> waiting</span>
              </span>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Review with the number waiting for curators and admins, and the trash for curators (issue 17);
 * admins reach the trash as a tab of Admin.
 */
function useReviewItems(user: SessionUser | null): NavItem[] {
  const curator = user !== null && hasRole(user.role, "curator");
  const waiting = trpc.review.waiting.useQuery(undefined, { enabled: curator, staleTime: 30_000 });
  if (!curator) return [];
  const review: NavItem = { to: "/review", label: "Review", count: waiting.data ?? 0 };
  return user.role === "admin" ? [review] : [review, { to: "/admin/trash", label: "Trash" }];
}

/** Takes the header's one logout, so both copies of the button show it busy. */
function LogoutButton({ logout }: { logout: ReturnType<typeof useLogout> }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void logout.run()} busy={logout.pending}>
      <LogOut aria-hidden="true" className="size-4" />
      Logout
    </Button>
  );
}

/** The sticky header: links by session state, theme toggle, and a dropdown on small screens. */
export function NavBar() {
  const { status, user } = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [menu, setMenu] = useState<{ open: boolean; at: string }>({ open: false, at: "" });
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  // The dropdown closes by itself when the page changes.
  const menuOpen = menu.open && menu.at === location.key;
  const closeMenu = () => setMenu({ open: false, at: "" });
  const reviewItems = useReviewItems(user);
  const admin = user !== null && hasRole(user.role, "admin");
  const items =
    status === "signedIn"
      ? [...ALWAYS, ...SIGNED_IN, ...reviewItems, ...(admin ? ADMIN : [])]
      : ALWAYS;
  const layout =
    items.length <= LINKS_IN_A_ROW_FROM_LG
      ? ROW_FROM.lg
      : items.length <= LINKS_IN_A_ROW_FROM_XL
        ? ROW_FROM.xl
        : ROW_FROM["2xl"];

  useDismiss(headerRef, closeMenu, menuOpen);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-line bg-paper/85 backdrop-blur-md supports-[backdrop-filter]:bg-paper/75"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />

        <nav aria-label="Main" className={layout.row}>
          <NavLinkList items={items} className="flex items-center gap-1" linkClass={desktopLink} />
        </nav>

        <div className="flex items-center gap-2">
          {status === "signedIn" && <NotificationBell />}
          <ThemeToggle />
          <div className={layout.side}>
            {status === "signedIn" && user && (
              <>
                <NavLink
                  to="/profile"
                  aria-label={`My Profile (${user.name})`}
                  title={user.name}
                  className="rounded-full"
                >
                  <Avatar src={user.photoUrl} alt="" size={36} />
                </NavLink>
                <LogoutButton logout={logout} />
              </>
            )}
            {status === "signedOut" && (
              <>
                <ButtonLink to="/login" variant="ghost" size="sm">
                  Login
                </ButtonLink>
                <ButtonLink to="/signup" size="sm">
                  Signup
                </ButtonLink>
              </>
            )}
          </div>
          <button
            type="button"
            className={clsx(
              "inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-surface-muted",
              layout.menu,
            )}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenu({ open: !menuOpen, at: location.key })}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>

      <div
        id={menuId}
        hidden={!menuOpen}
        className={clsx(
          "absolute inset-x-0 top-full border-b border-line bg-surface shadow-lift",
          layout.menu,
        )}
      >
        <nav aria-label="Main" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <NavLinkList items={items} className="flex flex-col gap-1" linkClass={mobileLink} />
          <div className="mt-3 border-t border-line pt-3">
            {status === "signedIn" && user && (
              <div className="flex items-center justify-between gap-3">
                <NavLink
                  to="/profile"
                  className="flex min-w-0 items-center gap-3 rounded-lg px-3 py-2 hover:bg-surface-muted"
                >
                  <Avatar src={user.photoUrl} alt="" size={36} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-ink">
                      {user.name}
                    </span>
                    <span className="block text-xs text-muted">My Profile</span>
                  </span>
                </NavLink>
                <LogoutButton logout={logout} />
              </div>
            )}
            {status === "signedOut" && (
              <div className="grid grid-cols-2 gap-3">
                <ButtonLink to="/login" variant="secondary" fullWidth>
                  Login
                </ButtonLink>
                <ButtonLink to="/signup" fullWidth>
                  Signup
                </ButtonLink>
              </div>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
