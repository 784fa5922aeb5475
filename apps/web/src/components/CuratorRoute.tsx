import { ShieldAlert } from "lucide-react";
import { Outlet } from "react-router-dom";
import { hasRole, MESSAGES } from "@artifact-atlas/shared";
import { useSession } from "../lib/session";
import { Page } from "./Container";
import { EmptyState } from "./EmptyState";

/**
 * Curators' and admins' screens (issue 17), inside ProtectedRoute. The server refuses members in
 * every procedure; this only spares them a screen they cannot use.
 */
export default function CuratorRoute() {
  const { user } = useSession();
  if (user && hasRole(user.role, "curator")) return <Outlet />;
  return (
    <Page>
      <EmptyState icon={ShieldAlert} title="Curators only" message={MESSAGES.notAllowed} />
    </Page>
  );
}
