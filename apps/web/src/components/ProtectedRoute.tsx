import { Navigate, Outlet, useLocation } from "react-router-dom";
import { loginPath } from "../lib/redirect";
import { useSession } from "../lib/session";
import { PageSpinner } from "./Spinner";

/**
 * The door to signed-in screens: a spinner while the session is unknown, the login page (which
 * remembers the wanted page) when signed out.
 */
export function ProtectedRoute() {
  const { status } = useSession();
  if (status === "loading") return <PageSpinner label="Checking your session" />;
  if (status === "signedOut") return <LoginRedirect />;
  return <Outlet />;
}

/** To the login page, remembering this page in the URL and in history state. */
export function LoginRedirect() {
  const location = useLocation();
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={loginPath(wanted)} replace state={{ from: wanted }} />;
}
