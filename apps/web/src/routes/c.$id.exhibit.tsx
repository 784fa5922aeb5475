import { ArrowLeft, ArrowRight, X } from "lucide-react";
import { useCallback, useEffect } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { Button, ButtonLink } from "../components/Button";
import { Container } from "../components/Container";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { collectionIdOf } from "../lib/collections";
import { trpc } from "../lib/trpc";
import NotFoundRoute from "./not-found";

/**
 * A curated collection's Exhibit (issue 32): one artifact at a time with its note and a large
 * image, for showing in a class. The arrow keys (or the buttons) go to the next and previous;
 * Escape goes back to the collection. The place is in the address (?at=), so a reload stays.
 */
export default function ExhibitRoute() {
  const id = collectionIdOf(useParams().id);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const at = Math.max(1, Number(params.get("at")) || 1);
  const collection = trpc.collections.byId.useQuery({ id }, { enabled: id > 0 });
  const slide = trpc.collections.items.useQuery(
    { id, page: at, pageSize: 1 },
    { enabled: id > 0, placeholderData: (previous) => previous },
  );
  const total = slide.data?.total ?? 0;

  const go = useCallback(
    (to: number) => {
      if (to < 1 || to > total) return;
      setParams({ at: String(to) }, { replace: true });
    },
    [setParams, total],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight" || event.key === "PageDown") go(at + 1);
      else if (event.key === "ArrowLeft" || event.key === "PageUp") go(at - 1);
      else if (event.key === "Home") go(1);
      else if (event.key === "End") go(total);
      else if (event.key === "Escape") void navigate(`/c/${id}`);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [at, go, id, navigate, total]);

  if (id === 0) return <NotFoundRoute />;
  return (
    <QueryState query={collection} loading={<PageSpinner label="Loading the exhibit" fill />}>
      {(detail) => (
        <Container className="flex flex-col gap-6 py-8">
          <title>{`Exhibit: ${detail.title} | Artifact Atlas`}</title>
          <div className="flex items-center justify-between gap-4">
            <h1 className="min-w-0 truncate font-serif text-2xl font-semibold">{detail.title}</h1>
            <ButtonLink to={`/c/${id}`} variant="ghost" size="sm">
              <X aria-hidden="true" className="size-4" />
              Close exhibit
            </ButtonLink>
          </div>
          <QueryState query={slide} loading={<PageSpinner label="Loading the artifact" />}>
            {(answer) => {
              const item = answer.items[0];
              if (!item) return <p className="text-muted">This collection shows no artifacts.</p>;
              return (
                <figure
                  aria-live="polite"
                  aria-label={`Artifact ${at} of ${total}`}
                  className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start"
                >
                  <div className="overflow-hidden rounded-2xl bg-surface-muted">
                    <ArtifactImage
                      artifact={item.artifact}
                      sizes={IMAGE_SIZES.detail}
                      loading="eager"
                      fit="contain"
                    />
                  </div>
                  <figcaption className="flex flex-col gap-3">
                    <p className="text-sm font-semibold text-accent">
                      {at} of {total}
                    </p>
                    <h2 className="font-serif text-3xl leading-tight font-semibold">
                      {item.artifact.artifactName}
                    </h2>
                    <p className="text-muted">
                      {item.artifact.artifactType} · {item.artifact.createdAt}
                    </p>
                    {item.note && <p className="text-lg leading-relaxed text-ink">{item.note}</p>}
                  </figcaption>
                </figure>
              );
            }}
          </QueryState>
          <nav aria-label="Exhibit" className="flex items-center justify-between gap-4">
            <Button type="button" variant="secondary" disabled={at <= 1} onClick={() => go(at - 1)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <p className="hidden text-sm text-muted sm:block">
              Use the arrow keys to move; Escape to close.
            </p>
            <Button
              type="button"
              variant="secondary"
              disabled={at >= total}
              onClick={() => go(at + 1)}
            >
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        </Container>
      )}
    </QueryState>
  );
}
