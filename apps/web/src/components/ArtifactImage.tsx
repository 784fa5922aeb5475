import { clsx } from "clsx";
import { useState } from "react";
import { imageAltOf, uploadedSources, type ArtifactImageFields } from "../lib/artifact-image";
import { typeStyle } from "../lib/artifact-types";

/** How wide the image shows, for the browser to pick a derivative (the `sizes` attribute). */
export const IMAGE_SIZES = {
  /** A card in the collection grid: one column on phones, up to four on wide screens. */
  card: "(min-width: 1280px) 300px, (min-width: 1024px) 32vw, (min-width: 640px) 48vw, 100vw",
  /** The detail page's picture: half the page beside the text on wide screens. */
  detail: "(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw",
  /** A thumbnail in a table row. */
  thumbnail: "80px",
  /** The preview beside the form's image fields. */
  preview: "(min-width: 768px) 360px, 100vw",
} as const;

/** An image elsewhere has no known size: the 4:3 box it is shown in. */
const BOX = { width: 800, height: 600 };

interface ArtifactImageProps {
  artifact: ArtifactImageFields & { artifactType: string };
  sizes: string;
  /** "eager" for images in the first screenful, "lazy" (default) for everything below it. */
  loading?: "eager" | "lazy";
  /** A compact fallback (table thumbnails): the icon without the type's name. */
  compact?: boolean;
  /**
   * "cover" (cards, thumbnails) fills the box and crops; "contain" (the detail page, issue 29)
   * shows the whole photo, on a plain ground once it has loaded.
   */
  fit?: "cover" | "contain";
}

/**
 * An artifact's picture in a box of fixed proportions, so nothing moves when it arrives. An
 * uploaded image comes in the width the screen needs (WebP, JPEG for older browsers), over its
 * blurred placeholder until it loads. Until an image loads, and for good if it is missing or
 * fails, a tinted panel shows the type's icon and name.
 */
export function ArtifactImage({
  artifact,
  sizes,
  loading = "lazy",
  compact = false,
  fit = "cover",
}: ArtifactImageProps) {
  const src = artifact.artifactImage;
  const type = artifact.artifactType;
  const alt = imageAltOf(artifact);
  const uploaded = uploadedSources(artifact);
  // Keyed by URL so that a new URL gets a fresh chance to load.
  const [state, setState] = useState<{ src: string; status: "loaded" | "failed" } | null>(null);
  const status = state && state.src === src ? state.status : "loading";
  const { Icon, panel } = typeStyle(type);
  const showImage = Boolean(src) && status !== "failed";

  const image = {
    alt,
    loading,
    decoding: "async" as const,
    onLoad: () => setState({ src, status: "loaded" }),
    onError: () => setState({ src, status: "failed" }),
    className: clsx(
      "absolute inset-0 size-full transition-opacity duration-300 motion-reduce:transition-none",
      fit === "contain" ? "object-contain" : "object-cover",
      status === "loaded" ? "opacity-100" : "opacity-0",
    ),
  };
  // A whole photo leaves bands beside it: the type's panel gives way to a plain ground there.
  const plainGround = fit === "contain" && status === "loaded";

  return (
    <div
      className={clsx(
        "relative isolate aspect-[4/3] overflow-hidden",
        plainGround ? "bg-surface-muted" : panel,
      )}
    >
      <div
        role={showImage ? undefined : "img"}
        aria-label={showImage ? undefined : alt}
        aria-hidden={showImage ? true : undefined}
        className={clsx(
          "absolute inset-0 flex flex-col items-center justify-center gap-2",
          plainGround && "invisible",
        )}
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-[0.18] [background-image:radial-gradient(currentColor_1px,transparent_1px)] [background-size:14px_14px]"
        />
        <Icon
          aria-hidden="true"
          strokeWidth={1.25}
          className={clsx("relative", compact ? "size-6" : "size-14 sm:size-16")}
        />
        {!compact && (
          <span className="relative text-xs font-semibold tracking-[0.2em] uppercase">{type}</span>
        )}
      </div>
      {showImage && uploaded?.placeholder && status !== "loaded" && (
        <img
          src={uploaded.placeholder}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-110 object-cover blur-lg"
        />
      )}
      {showImage && uploaded && (
        <picture>
          <source type="image/webp" srcSet={uploaded.webp} sizes={sizes} />
          <img
            src={uploaded.fallback}
            srcSet={uploaded.jpeg}
            sizes={sizes}
            width={uploaded.width}
            height={uploaded.height}
            {...image}
          />
        </picture>
      )}
      {showImage && !uploaded && (
        <img
          src={src}
          width={BOX.width}
          height={BOX.height}
          referrerPolicy="no-referrer"
          {...image}
        />
      )}
    </div>
  );
}
