import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { PageSpinner } from "./components/Spinner";
import { artifactDetailLoader } from "./lib/loaders";
import { ProtectedRoute } from "./lib/ProtectedRoute";
import type { AppUtils } from "./lib/trpc";
import AllArtifactsRoute from "./routes/allartifacts";
import ErrorScreen from "./routes/error";
import HomeRoute from "./routes/home";
import NotFoundRoute from "./routes/not-found";
import RootLayout from "./routes/root";

/** Screens behind the login and the forms load on demand, keeping the first download small. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Every route of the spec. Paths match case-insensitively (React Router's default), so
 * /myArtifacts and /myartifacts are the same screen.
 */
export function createRoutes(utils: AppUtils): RouteObject[] {
  return [
    {
      path: "/",
      Component: RootLayout,
      // Only if the layout itself fails; everything below fails inside the layout.
      errorElement: <ErrorScreen />,
      HydrateFallback: () => <PageSpinner />,
      children: [
        {
          errorElement: <ErrorScreen />,
          children: [
            { index: true, Component: HomeRoute },
            { path: "allartifacts", Component: AllArtifactsRoute },
            { path: "login", lazy: screen(() => import("./routes/login")) },
            { path: "signup", lazy: screen(() => import("./routes/signup")) },
            {
              Component: ProtectedRoute,
              children: [
                {
                  path: "artifacts/:id",
                  loader: artifactDetailLoader(utils),
                  lazy: screen(() => import("./routes/artifacts.$id")),
                },
                { path: "likedartifacts", lazy: screen(() => import("./routes/likedartifacts")) },
                { path: "addartifacts", lazy: screen(() => import("./routes/addartifacts")) },
                { path: "myArtifacts", lazy: screen(() => import("./routes/myartifacts")) },
                {
                  path: "update-artifact/:id",
                  lazy: screen(() => import("./routes/update-artifact.$id")),
                },
                { path: "profile", lazy: screen(() => import("./routes/profile")) },
                { path: "update-profile", lazy: screen(() => import("./routes/update-profile")) },
              ],
            },
            { path: "*", Component: NotFoundRoute },
          ],
        },
      ],
    },
  ];
}
