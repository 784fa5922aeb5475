import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { Footer } from "../components/Footer";
import { NavBar } from "../components/NavBar";
import { PageSpinner } from "../components/Spinner";
import { RouteErrorBoundary } from "../components/RouteErrorBoundary";
import { useScrollRestoration } from "../lib/scroll";

/**
 * Header, routed page and footer around every screen. A screen loaded on demand shows a spinner
 * in its place until its code has arrived, and the footer waits with it: a footer painted under
 * the spinner would jump when the screen arrives (a layout shift Lighthouse counted on /login).
 */
export default function RootLayout() {
  useScrollRestoration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavBar />
      <Suspense
        fallback={
          <Main>
            <PageSpinner label="Loading page" />
          </Main>
        }
      >
        <Main>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </Main>
        <Footer />
      </Suspense>
    </div>
  );
}

/** The skip link's target, around the screen or the spinner that stands in for it. */
function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
      {children}
    </main>
  );
}
