import { Home } from "lucide-react";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";

/** Unknown routes (and an artifact id that does not exist). */
export default function NotFoundRoute() {
  return (
    <Page width="narrow" className="flex flex-1 flex-col items-center justify-center text-center">
      <title>Page Not Found | Artifact Atlas</title>
      <p
        aria-hidden="true"
        className="font-serif text-8xl font-semibold tracking-tight text-accent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 font-serif text-3xl font-semibold text-ink sm:text-4xl">
        <span className="sr-only">404 </span>Oops! Page not found
      </h1>
      <p className="mt-3 max-w-md text-base text-muted">
        The page you are looking for may have been moved, renamed or never catalogued.
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        <Home aria-hidden="true" className="size-4" />
        Back to Home
      </ButtonLink>
    </Page>
  );
}
