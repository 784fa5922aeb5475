import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { useLayoutEffect, type ReactNode } from "react";
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from "react-router-dom";
import {
  NOT_EVALUATED,
  type ArtifactDetail,
  type ReviewedArtifact,
  type SessionUser,
} from "@artifact-atlas/shared";
import { DialogProvider } from "../components/DialogProvider";
import { createAppClients, trpc } from "../lib/trpc";
import { AppRoutes } from "../router";
import type { FakeApi } from "./fake-api";

export const SIGNED_IN_USER: SessionUser = {
  id: 1,
  email: "ada@example.com",
  name: "Ada Lovelace",
  photoUrl: null,
  role: "member",
};

/** An artifact as its owner and curators read it: published unless overridden. */
export function makeArtifact(overrides: Partial<ArtifactDetail> = {}): ArtifactDetail {
  const artifact: ReviewedArtifact = {
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
    imageAlt: "",
    imageWidth: null,
    imageHeight: null,
    imagePlaceholder: null,
    createdFromYear: -196,
    createdToYear: -196,
    discoveredFromYear: 1799,
    discoveredToYear: 1799,
    status: "published",
    statusReason: null,
    statusNote: null,
    ...overrides,
  };
  const image = {
    url: artifact.artifactImage,
    alt: artifact.imageAlt,
    caption: "",
    rights: NOT_EVALUATED,
    credit: "",
    width: artifact.imageWidth,
    height: artifact.imageHeight,
    placeholder: artifact.imagePlaceholder,
    service: null,
  };
  return { images: [image], ...artifact };
}

/** What tests read of the router: the current address, and navigate (-1 is the Back button). */
interface TestRouter {
  location: Location;
  navigate: NavigateFunction;
}

function RouterProbe({ onRender }: { onRender: (router: TestRouter) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender({ location, navigate });
  });
  return null;
}

/** Renders in a memory router, set up as main.tsx sets up the browser's, with the real tRPC client. */
function renderInRouter(api: FakeApi, routed: ReactNode, initialEntry: string) {
  const clients = createAppClients({ fetch: api.fetch });
  const router = {} as TestRouter;
  const view = render(
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>
        <DialogProvider>
          <MemoryRouter initialEntries={[initialEntry]} useTransitions={false}>
            <RouterProbe onRender={(current) => Object.assign(router, current)} />
            {routed}
          </MemoryRouter>
        </DialogProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { ...view, router, clients };
}

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the given routes (a screen or two) at one address. */
export function renderRoutes(api: FakeApi, routes: RouteObject[], initialEntry: string) {
  return renderInRouter(api, <TestRoutes routes={routes} />, initialEntry);
}

/** The whole app (every route of router.tsx) at one address. */
export function renderApp(api: FakeApi, initialEntry: string) {
  return renderInRouter(api, <AppRoutes />, initialEntry);
}

/** One element with providers and a router around it. */
export function renderWithApi(api: FakeApi, element: ReactNode) {
  return renderRoutes(api, [{ path: "*", element }], "/");
}

function HookProbe<Result>({
  hook,
  onRender,
}: {
  hook: () => Result;
  onRender: (result: Result) => void;
}) {
  const result = hook();
  useLayoutEffect(() => {
    onRender(result);
  });
  return null;
}

/** Runs a hook with providers and a router around it; `result.current` is its latest answer. */
export function renderHookWithApi<Result>(api: FakeApi, hook: () => Result) {
  const result = {} as { current: Result };
  const view = renderWithApi(
    api,
    <HookProbe hook={hook} onRender={(current) => (result.current = current)} />,
  );
  return { ...view, result };
}
