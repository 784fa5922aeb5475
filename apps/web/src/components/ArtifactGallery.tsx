import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Maximize2, ZoomIn } from "lucide-react";
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from "react";
import { SWIPE_THRESHOLD_PX, type Artifact, type ArtifactImageView } from "@artifact-atlas/shared";
import { imageAltOf } from "../lib/artifact-image";
import { ArtifactImage, IMAGE_SIZES } from "./ArtifactImage";
import { Button } from "./Button";
import { RightsLink } from "./Rights";
import { Spinner } from "./Spinner";

// OpenSeadragon and the viewer load only when someone opens it (issue 30).
const ZoomViewer = lazy(() => import("./ZoomViewer"));

/** One of the artifact's images as the picture component takes it. */
function pictureOf(artifact: Artifact, image: ArtifactImageView) {
  return {
    artifactImage: image.url,
    artifactName: artifact.artifactName,
    artifactType: artifact.artifactType,
    imageAlt: image.alt,
    imageWidth: image.width,
    imageHeight: image.height,
    imagePlaceholder: image.placeholder,
  };
}

/**
 * The artifact's images (issue 30): the primary one first, the others behind thumbnails, moved
 * through with the previous and next buttons, the arrow keys or a swipe, each with its caption,
 * credit and rights; an upload with tiles opens in the deep-zoom viewer. An artifact answered
 * without its images (a list's) shows its one image as before.
 */
export function ArtifactGallery({
  artifact,
}: {
  artifact: Artifact & { images?: ArtifactImageView[] | undefined };
}) {
  const images = artifact.images ?? [];
  const [shown, setShown] = useState(0);
  const [zooming, setZooming] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const current = images[Math.min(shown, images.length - 1)];
  const count = images.length;
  const shownPicture = current ? pictureOf(artifact, current) : artifact;

  const show = (index: number) => setShown((index + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(shown - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(shown + 1);
    }
  };

  return (
    <figure
      aria-roledescription={count > 1 ? "gallery" : undefined}
      aria-label={count > 1 ? `Images of ${artifact.artifactName}` : undefined}
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div
        className="relative overflow-hidden rounded-3xl border border-line shadow-card"
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          touchStartX.current = null;
          const end = event.changedTouches[0]?.clientX;
          if (start === null || end === undefined || count < 2) return;
          if (end - start > SWIPE_THRESHOLD_PX) show(shown - 1);
          else if (start - end > SWIPE_THRESHOLD_PX) show(shown + 1);
        }}
      >
        <ArtifactImage
          artifact={shownPicture}
          sizes={IMAGE_SIZES.detail}
          loading="eager"
          fit="contain"
        />
        {count > 1 && (
          <>
            <GalleryButton side="left" label="Previous image" onClick={() => show(shown - 1)} />
            <GalleryButton side="right" label="Next image" onClick={() => show(shown + 1)} />
          </>
        )}
      </div>

      {current && (
        <figcaption className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 text-sm">
          <div className="flex min-w-0 flex-col gap-1">
            {count > 1 && (
              <span className="text-xs font-semibold tracking-wider text-muted uppercase">
                Image {shown + 1} of {count}
              </span>
            )}
            {current.caption && <span className="text-ink">{current.caption}</span>}
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
              {current.credit && <span>{current.credit}</span>}
              <RightsLink uri={current.rights} />
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
            {/* The largest copy there is: an upload's /images/{hash} is its widest JPEG. */}
            <a
              href={current.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded font-medium text-muted hover:text-accent"
            >
              <Maximize2 aria-hidden="true" className="size-4" />
              View full size
              <span className="sr-only">: {imageAltOf(shownPicture)} (opens in a new tab)</span>
            </a>
            {current.service && (
              <Button
                ref={zoomButton}
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => setZooming(true)}
              >
                <ZoomIn aria-hidden="true" className="size-4" />
                Zoom
              </Button>
            )}
          </div>
        </figcaption>
      )}

      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
          {images.map((image, index) => (
            <li key={`${index}-${image.url}`} className="shrink-0">
              <button
                type="button"
                aria-label={`Image ${index + 1}: ${image.caption || image.alt || artifact.artifactName}`}
                aria-current={index === shown ? "true" : undefined}
                onClick={() => show(index)}
                className={clsx(
                  "block w-20 overflow-hidden rounded-lg border-2 transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                  index === shown ? "border-accent" : "border-line hover:border-accent/60",
                )}
              >
                <ArtifactImage
                  artifact={pictureOf(artifact, image)}
                  sizes={IMAGE_SIZES.thumbnail}
                  compact
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {zooming && current?.service && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70">
              <Spinner label="Opening the zoom viewer" size="lg" />
            </div>
          }
        >
          <ZoomViewer
            service={current.service}
            title={current.caption || current.alt || artifact.artifactName}
            onClose={() => {
              setZooming(false);
              zoomButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </figure>
  );
}

function GalleryButton({
  side,
  label,
  onClick,
}: {
  side: "left" | "right";
  label: string;
  onClick: () => void;
}) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={clsx(
        "absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full",
        "bg-surface/90 text-ink shadow-card hover:bg-surface",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
        side === "left" ? "left-3" : "right-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
