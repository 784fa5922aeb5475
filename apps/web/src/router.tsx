import { matchRoutes, useRoutes, type RouteObject } from "react-router-dom";
import { ProtectedRoute } from "./components/ProtectedRoute";
import { RouteErrorBoundary } from "./components/RouteErrorBoundary";
import { lazyScreen, type LazyScreen } from "./lib/lazy-screen";
import AllArtifactsRoute from "./routes/allartifacts";
import HomeRoute from "./routes/home";
import NotFoundRoute from "./routes/not-found";
import RootLayout from "./routes/root";

/*
 * Declarative routes (<BrowserRouter> in main.tsx, useRoutes here), not the data router: its
 * loaders, actions and fetchers weighed 18 kB gzipped in the first download
 * (docs/decisions/013-web-declarative-routes.md).
 */

const MyArtifactsRoute = lazyScreen(() => import("./routes/myartifacts"));
const PublicArtifactRoute = lazyScreen(() => import("./routes/a.$id"));

/**
 * Every route of the spec. Screens behind the login and the forms load on demand (React.lazy, with
 * a preload for the first render: `loadScreensOf`), keeping the first download small.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, Component: HomeRoute },
      { path: "allartifacts", Component: AllArtifactsRoute },
      // The timeline (issue 18) loads on demand: it is not part of the first load's budget.
      { path: "timeline", Component: lazyScreen(() => import("./routes/timeline")) },
      // The map (issue 31) and its library load on demand, outside the first load's budget.
      { path: "map", Component: lazyScreen(() => import("./routes/map")) },
      { path: "login", Component: lazyScreen(() => import("./routes/login")) },
      { path: "signup", Component: lazyScreen(() => import("./routes/signup")) },
      // An artifact's public page (issue 21); the slug is only for people and search engines.
      { path: "a/:id", Component: PublicArtifactRoute },
      { path: "a/:id/:slug", Component: PublicArtifactRoute },
      // Collections (issue 32): public ones for everyone; a private one answers not found.
      { path: "collections", Component: lazyScreen(() => import("./routes/collections")) },
      { path: "c/:id", Component: lazyScreen(() => import("./routes/c.$id")) },
      { path: "c/:id/exhibit", Component: lazyScreen(() => import("./routes/c.$id.exhibit")) },
      {
        path: "forgot-password",
        Component: lazyScreen(() => import("./routes/forgot-password")),
      },
      {
        path: "reset-password",
        Component: lazyScreen(() => import("./routes/reset-password")),
      },
      // The digest mail's link works without signing in (issue 33).
      { path: "unsubscribe", Component: lazyScreen(() => import("./routes/unsubscribe")) },
      {
        Component: ProtectedRoute,
        children: [
          {
            path: "artifacts/:id",
            Component: lazyScreen(() => import("./routes/artifacts.$id")),
          },
          {
            path: "artifacts/:id/history",
            Component: lazyScreen(() => import("./routes/artifacts.$id.history")),
          },
          {
            path: "likedartifacts",
            Component: lazyScreen(() => import("./routes/likedartifacts")),
          },
          {
            path: "addartifacts",
            Component: lazyScreen(() => import("./routes/addartifacts")),
          },
          // Links point to /myartifacts. /myArtifacts, the spec's spelling, is its alias: declared,
          // rather than left to React Router's case-insensitive matching.
          { path: "myartifacts", Component: MyArtifactsRoute },
          { path: "myArtifacts", Component: MyArtifactsRoute },
          // Issue 29: the member's own deleted artifacts, to restore.
          {
            path: "myartifacts/trash",
            Component: lazyScreen(() => import("./routes/myartifacts.trash")),
          },
          {
            path: "update-artifact/:id",
            Component: lazyScreen(() => import("./routes/update-artifact.$id")),
          },
          { path: "profile", Component: lazyScreen(() => import("./routes/profile")) },
          // Curators and admins (issue 21); the screen itself says so to a member.
          { path: "import", Component: lazyScreen(() => import("./routes/import")) },
          {
            path: "update-profile",
            Component: lazyScreen(() => import("./routes/update-profile")),
          },
          {
            // Issue 17: curators and admins.
            Component: lazyScreen(() => import("./components/CuratorRoute")),
            children: [{ path: "review", Component: lazyScreen(() => import("./routes/review")) }],
          },
          {
            path: "notifications",
            Component: lazyScreen(() => import("./routes/notifications")),
          },
          { path: "following", Component: lazyScreen(() => import("./routes/following")) },
          {
            // Issue 17: the Admin screen, one layout with a tab per section.
            path: "admin",
            Component: lazyScreen(() => import("./routes/admin")),
            children: [
              { index: true, Component: lazyScreen(() => import("./routes/admin.accounts")) },
              // Curators too: the layout shows each role its own tabs.
              { path: "trash", Component: lazyScreen(() => import("./routes/admin.trash")) },
              { path: "hidden", Component: lazyScreen(() => import("./routes/admin.hidden")) },
              { path: "audit", Component: lazyScreen(() => import("./routes/admin.audit")) },
              {
                path: "harvesting",
                Component: lazyScreen(() => import("./routes/admin.harvesting")),
              },
              // Issue 35: backups, their sends and restores.
              {
                path: "backups",
                Component: lazyScreen(() => import("./routes/admin.backups")),
              },
              { path: "rights", Component: lazyScreen(() => import("./routes/admin.rights")) },
            ],
          },
        ],
      },
      { path: "*", Component: NotFoundRoute },
    ],
  },
];

/** React holds a Suspense spinner at least this long once shown (its reveal throttle). */
const SPINNER_HELD_MS = 300;

/**
 * Loads the code of the screens that `pathname` shows, so that the first render draws them at
 * once: a screen that suspends shows its spinner for at least 300 ms, React's reveal throttle,
 * though its code arrives in about 70 ms (decision 008). Waits no longer than that throttle: on a
 * slow connection the header and the spinner show rather than a blank page. A screen whose code
 * fails to load is left to render, where the route's error boundary shows the failure.
 */
export async function loadScreensOf(pathname: string): Promise<void> {
  const screens = (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => route.Component as Partial<LazyScreen> | undefined,
  );
  await Promise.race([
    Promise.allSettled(screens.map((screen) => screen?.load?.())),
    new Promise((resolve) => setTimeout(resolve, SPINNER_HELD_MS)),
  ]);
}

/** The routed app; the boundary here shows the error screen only if the layout itself fails. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}
