import { RotateCcw, TriangleExclamationPoint } from "lucide-react";
import { Button, ButtonLink } from "../components/Button";
import { Page } from "../components/Container";

/**
 * What a screen shows when something unexpected fails while loading or rendering it; whoever
 * caught the error has logged it (components/RouteErrorBoundary.tsx, the detail screen).
 */
export default function ErrorScreen() {
  return (
    <Page width="narrow" className="flex flex-1 flex-col items-center justify-center text-center">
      <title>Something Went Wrong | Artifact Atlas</title>
      <span className="mb-6 flex size-16 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleExclamationPoint aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-serif text-3xl font-semibold text-ink sm:text-4xl">
        Something went wrong
      </h1>
      <p className="mt-3 max-w-md text-base text-muted">
        An unexpected error stopped this page from loading. Please try again in a moment.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
        <ButtonLink to="/" variant="secondary" size="lg">
          Back to Home
        </ButtonLink>
      </div>
    </Page>
  );
}
