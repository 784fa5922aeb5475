import { Navigate, Outlet, useLocation } from "react-router-dom";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { PageSpinner } from "./Spinner";

/**
 * The door to signed-in screens: a spinner while the session is unknown, the login page (which
 * remembers the wanted page, in the URL and in history state) when signed out.
 */
export function ProtectedRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
  if (status === "signedOut") {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(wanted)} replace state={{ from: wanted }} />;
  }
  return <Outlet />;
}
