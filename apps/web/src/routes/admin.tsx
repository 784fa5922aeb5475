import { clsx } from "clsx";
import {
  DatabaseBackup,
  EyeOff,
  Scale,
  ScrollText,
  Share2,
  ShieldLock,
  Trash2,
  Users,
  type LucideIcon,
} from "lucide-react";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import { hasRole, type Role } from "@artifact-atlas/shared";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { useSession } from "../lib/session";

interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Who may open it (the trash is also for curators). */
  role: Role;
}

/**
 * The Admin screen's sections, one tab each. Another section (the reasons for rejection, say) is
 * one more entry here and one more child route of /admin in router.tsx
 * (docs/community-editing.md, "The Admin screen").
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  { to: "/admin", label: "Accounts", icon: Users, role: "admin" },
  { to: "/admin/trash", label: "Trash", icon: Trash2, role: "curator" },
  { to: "/admin/hidden", label: "Hidden", icon: EyeOff, role: "curator" },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, role: "admin" },
  { to: "/admin/harvesting", label: "Harvesting", icon: Share2, role: "admin" },
  { to: "/admin/backups", label: "Backups", icon: DatabaseBackup, role: "admin" },
  { to: "/admin/rights", label: "Rights", icon: Scale, role: "admin" },
];

/** What the screen holds: everything for an admin, the trash and hidden artifacts for a curator. */
function subtitleFor(role: Role): string {
  return role === "admin"
    ? "Accounts and their roles, the trash, hidden artifacts, and the record of every decision."
    : "Deleted artifacts, kept for 30 days so that what should stay can be restored, and hidden ones.";
}

function AdminsOnly() {
  return (
    <EmptyState
      icon={ShieldLock}
      tone="danger"
      headingLevel="h1"
      title="Admins only"
      message="Only admins can open the Admin screen."
    />
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "inline-flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap transition-colors",
    isActive
      ? "border-accent text-accent"
      : "border-transparent text-muted hover:border-line-strong hover:text-ink",
  );

/**
 * /admin and its sections, each for the role it names. The server refuses every call of a section
 * from anyone else (adminProcedure, curatorProcedure); this only spares others a screen they
 * cannot use.
 */
export default function AdminLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = ADMIN_SECTIONS.filter((section) => user && hasRole(user.role, section.role));
  const current = ADMIN_SECTIONS.find((section) => section.to === pathname.replace(/\/$/, ""));
  if (sections.length === 0) {
    return (
      <Page width="narrow">
        <title>Admin | Artifact Atlas</title>
        <AdminsOnly />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader
        eyebrow="Admin"
        title="Running the collection"
        subtitle={user ? subtitleFor(user.role) : undefined}
      />
      {/* The tabs wrap rather than scroll: on a phone the one open stays in sight. */}
      <nav aria-label="Admin sections" className="mb-8 border-b border-line">
        <ul className="flex flex-wrap gap-x-1">
          {sections.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} end className={tabClass}>
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current && !sections.includes(current) ? <AdminsOnly /> : <Outlet />}
    </Page>
  );
}
