import { clsx } from "clsx";
import { useState } from "react";
import { typeStyle } from "../lib/artifact-types";

interface ArtifactImageProps {
  src: string | null | undefined;
  alt: string;
  type: string;
  /** "eager" for images in the first screenful, "lazy" (default) for everything below it. */
  loading?: "eager" | "lazy";
  /** A compact fallback (table thumbnails): the icon without the type's name. */
  compact?: boolean;
}

/**
 * An artifact's picture in a box of fixed proportions, so nothing moves when it arrives. Until it
 * loads, and for good if it is missing or fails, a tinted panel shows the type's icon and name.
 */
export function ArtifactImage({
  src,
  alt,
  type,
  loading = "lazy",
  compact = false,
}: ArtifactImageProps) {
  // Keyed by URL so that a new URL gets a fresh chance to load.
  const [state, setState] = useState<{ src: string; status: "loaded" | "failed" } | null>(null);
  const status = state && state.src === src ? state.status : "loading";
  const { Icon, panel } = typeStyle(type);
  const showImage = Boolean(src) && status !== "failed";

  return (
    <div className={clsx("relative isolate aspect-[4/3] overflow-hidden", panel)}>
      <div
        role={showImage ? undefined : "img"}
        aria-label={showImage ? undefined : alt}
        aria-hidden={showImage ? true : undefined}
        className="absolute inset-0 flex flex-col items-center justify-center gap-2"
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
      {showImage && src && (
        <img
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setState({ src, status: "loaded" })}
          onError={() => setState({ src, status: "failed" })}
          className={clsx(
            "absolute inset-0 size-full object-cover transition-opacity duration-300",
            status === "loaded" ? "opacity-100" : "opacity-0",
          )}
        />
      )}
    </div>
  );
}
