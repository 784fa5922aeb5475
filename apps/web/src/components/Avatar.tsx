import { clsx } from "clsx";
import { useState } from "react";

/** Shown when a user has no photo or it fails to load (spec: the image placeholder path). */
const AVATAR_PLACEHOLDER = "/avatar-placeholder.svg";

interface AvatarProps {
  src: string | null | undefined;
  /** Empty when a surrounding link or text already names the person. */
  alt: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, alt, size = 36, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src && src !== failedSrc ? src : AVATAR_PLACEHOLDER;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      onError={() => {
        if (src && url === src) setFailedSrc(src);
      }}
      className={clsx(
        "shrink-0 rounded-full bg-surface-muted object-cover ring-2 ring-surface",
        className,
      )}
      style={{ width: size, height: size }}
    />
  );
}
