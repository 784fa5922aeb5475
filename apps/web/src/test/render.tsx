import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import type { Artifact, SessionUser } from "@artifact-atlas/shared";
import { DialogProvider } from "../lib/dialogs";
import { createAppClients, trpc } from "../lib/trpc";
import { createRoutes } from "../router";
import type { FakeApi } from "./fake-api";

export const SIGNED_IN_USER: SessionUser = {
  id: 1,
  email: "ada@example.com",
  name: "Ada Lovelace",
  photoUrl: null,
};

export function makeArtifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    id: 1,
    artifactName: "Rosetta Stone",
    artifactImage: "https://images.example/rosetta.jpg",
    artifactType: "Documents",
    historicalContext: "A granodiorite stele inscribed with three versions of a decree.",
    createdAt: "196 BC",
    discoveredAt: "1799",
    discoveredBy: "Pierre-François Bouchard",
    presentLocation: "British Museum, London",
    likeCount: 3,
    username: "Ada Lovelace",
    ...overrides,
  };
}

/** Renders routes in a memory router with the real tRPC client talking to a fake API. */
export function renderRoutes(
  api: FakeApi,
  routes: RouteObject[] | ((clients: ReturnType<typeof createAppClients>) => RouteObject[]),
  initialEntry: string,
) {
  const clients = createAppClients({ fetch: api.fetch });
  const router = createMemoryRouter(typeof routes === "function" ? routes(clients) : routes, {
    initialEntries: [initialEntry],
  });
  const view = render(
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>
        <DialogProvider>
          <RouterProvider router={router} />
        </DialogProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { ...view, router, clients };
}

/** The whole app (every route of router.tsx) at one address. */
export function renderApp(api: FakeApi, initialEntry: string) {
  return renderRoutes(api, (clients) => createRoutes(clients.utils), initialEntry);
}

/** One element with providers and a router around it. */
export function renderWithApi(api: FakeApi, element: ReactNode) {
  return renderRoutes(api, [{ path: "*", element }], "/");
}
