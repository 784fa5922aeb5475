import { lazy } from "react";
import { useRoutes, type RouteObject } from "react-router-dom";
import { ProtectedRoute } from "./components/ProtectedRoute";
import { RouteErrorBoundary } from "./components/RouteErrorBoundary";
import AllArtifactsRoute from "./routes/allartifacts";
import HomeRoute from "./routes/home";
import NotFoundRoute from "./routes/not-found";
import RootLayout from "./routes/root";

/*
 * Declarative routes (<BrowserRouter> in main.tsx, useRoutes here), not the data router: its
 * loaders, actions and fetchers weighed 18 kB gzipped in the first download
 * (docs/decisions/013-web-declarative-routes.md).
 */

const MyArtifactsRoute = lazy(() => import("./routes/myartifacts"));
const PublicArtifactRoute = lazy(() => import("./routes/a.$id"));

/**
 * Every route of the spec. Screens behind the login and the forms load on demand (React.lazy),
 * keeping the first download small.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, Component: HomeRoute },
      { path: "allartifacts", Component: AllArtifactsRoute },
      // The timeline (issue 18) loads on demand: it is not part of the first load's budget.
      { path: "timeline", Component: lazy(() => import("./routes/timeline")) },
      // The map (issue 31) and its library load on demand, outside the first load's budget.
      { path: "map", Component: lazy(() => import("./routes/map")) },
      { path: "login", Component: lazy(() => import("./routes/login")) },
      { path: "signup", Component: lazy(() => import("./routes/signup")) },
      // An artifact's public page (issue 21); the slug is only for people and search engines.
      { path: "a/:id", Component: PublicArtifactRoute },
      { path: "a/:id/:slug", Component: PublicArtifactRoute },
      // Collections (issue 32): public ones for everyone; a private one answers not found.
      { path: "collections", Component: lazy(() => import("./routes/collections")) },
      { path: "c/:id", Component: lazy(() => import("./routes/c.$id")) },
      { path: "c/:id/exhibit", Component: lazy(() => import("./routes/c.$id.exhibit")) },
      { path: "forgot-password", Component: lazy(() => import("./routes/forgot-password")) },
      { path: "reset-password", Component: lazy(() => import("./routes/reset-password")) },
      // The digest mail's link works without signing in (issue 33).
      { path: "unsubscribe", Component: lazy(() => import("./routes/unsubscribe")) },
      {
        Component: ProtectedRoute,
        children: [
          { path: "artifacts/:id", Component: lazy(() => import("./routes/artifacts.$id")) },
          {
            path: "artifacts/:id/history",
            Component: lazy(() => import("./routes/artifacts.$id.history")),
          },
          { path: "likedartifacts", Component: lazy(() => import("./routes/likedartifacts")) },
          { path: "addartifacts", Component: lazy(() => import("./routes/addartifacts")) },
          // Links point to /myartifacts. /myArtifacts, the spec's spelling, is its alias: declared,
          // rather than left to React Router's case-insensitive matching.
          { path: "myartifacts", Component: MyArtifactsRoute },
          { path: "myArtifacts", Component: MyArtifactsRoute },
          // Issue 29: the member's own deleted artifacts, to restore.
          {
            path: "myartifacts/trash",
            Component: lazy(() => import("./routes/myartifacts.trash")),
          },
          {
            path: "update-artifact/:id",
            Component: lazy(() => import("./routes/update-artifact.$id")),
          },
          { path: "profile", Component: lazy(() => import("./routes/profile")) },
          // Curators and admins (issue 21); the screen itself says so to a member.
          { path: "import", Component: lazy(() => import("./routes/import")) },
          { path: "update-profile", Component: lazy(() => import("./routes/update-profile")) },
          {
            // Issue 17: curators and admins.
            Component: lazy(() => import("./components/CuratorRoute")),
            children: [{ path: "review", Component: lazy(() => import("./routes/review")) }],
          },
          { path: "notifications", Component: lazy(() => import("./routes/notifications")) },
          { path: "following", Component: lazy(() => import("./routes/following")) },
          {
            // Issue 17: the Admin screen, one layout with a tab per section.
            path: "admin",
            Component: lazy(() => import("./routes/admin")),
            children: [
              { index: true, Component: lazy(() => import("./routes/admin.accounts")) },
              // Curators too: the layout shows each role its own tabs.
              { path: "trash", Component: lazy(() => import("./routes/admin.trash")) },
              { path: "hidden", Component: lazy(() => import("./routes/admin.hidden")) },
              { path: "audit", Component: lazy(() => import("./routes/admin.audit")) },
              {
                path: "harvesting",
                Component: lazy(() => import("./routes/admin.harvesting")),
              },
              // Issue 35: backups, their sends and restores.
              { path: "backups", Component: lazy(() => import("./routes/admin.backups")) },
              { path: "rights", Component: lazy(() => import("./routes/admin.rights")) },
            ],
          },
        ],
      },
      { path: "*", Component: NotFoundRoute },
    ],
  },
];

/** The routed app; the boundary here shows the error screen only if the layout itself fails. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}
