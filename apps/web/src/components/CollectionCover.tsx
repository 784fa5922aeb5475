import { Library } from "lucide-react";
import { useState } from "react";

/**
 * A collection's cover image, or the collections icon on a tinted panel when it has none or the
 * image fails to load (a remote image gone, or unreachable).
 */
export function CollectionCover({
  cover,
  className,
}: {
  cover: { url: string; alt: string } | null;
  className: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!cover || failed === cover.url) {
    return (
      <div className={`${className} flex items-center justify-center bg-accent-soft text-accent`}>
        <Library aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={cover.url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(cover.url)}
      className={`${className} object-cover`}
    />
  );
}
