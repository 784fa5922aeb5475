import OpenSeadragon from "openseadragon";
import { Maximize2, X, ZoomIn, ZoomOut, type LucideIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Button } from "./Button";

/**
 * OpenSeadragon looks for `style[data-openseadragon-mobile-css]` before adding a style element with
 * an inline rule, which the Content-Security-Policy refuses (style-src 'self', decision 007). An
 * element named style in a namespace of its own matches that selector but is no HTML style
 * element: nothing reads it, no policy checks it, and OpenSeadragon adds nothing.
 */
function keepOpenSeadragonFromAddingStyles(): void {
  if (document.querySelector("style[data-openseadragon-mobile-css]")) return;
  const marker = document.createElementNS("urn:x-artifact-atlas:inert", "style");
  marker.setAttribute("data-openseadragon-mobile-css", "true");
  document.head.append(marker);
}

/**
 * The deep-zoom viewer (issue 30): an image's IIIF level-0 tiles in OpenSeadragon, in a modal
 * dialog over the whole window. Its buttons zoom and go home; the picture itself takes the keys
 * OpenSeadragon knows (arrows and w a s d pan, + and - zoom, 0 goes home), the wheel and pinches;
 * Escape closes it. Loaded only when opened: OpenSeadragon is in this module's chunk alone.
 */
export default function ZoomViewer({
  service,
  title,
  onClose,
}: {
  /** The image's IIIF Image API service, whose info.json lists its tiles. */
  service: string;
  title: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const titleId = useId();

  useEffect(() => {
    dialog.current?.showModal();
    keepOpenSeadragonFromAddingStyles();
    const element = stage.current;
    if (!element) return;
    const created = OpenSeadragon({
      element,
      tileSources: `${service}/info.json`,
      showNavigationControl: false,
      drawer: "canvas",
      visibilityRatio: 1,
      minZoomLevel: 0.5,
      gestureSettingsMouse: { clickToZoom: false },
    });
    viewer.current = created;
    // The picture takes the keyboard at once: its keys pan and zoom.
    created.addOnceHandler("open", () => created.canvas.focus());
    return () => {
      viewer.current = null;
      created.destroy();
    };
  }, [service]);

  const zoomBy = (factor: number) => {
    viewer.current?.viewport.zoomBy(factor);
    viewer.current?.viewport.applyConstraints();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="fixed inset-0 m-0 h-dvh max-h-none w-dvw max-w-none bg-[#111315] p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-white/15 px-4 py-3">
          <h2 id={titleId} className="min-w-0 truncate font-serif text-lg font-semibold">
            {title}
          </h2>
          <div className="flex items-center gap-2">
            <ViewerButton label="Zoom in" icon={ZoomIn} onClick={() => zoomBy(1.5)} />
            <ViewerButton label="Zoom out" icon={ZoomOut} onClick={() => zoomBy(1 / 1.5)} />
            <ViewerButton
              label="Whole image"
              icon={Maximize2}
              onClick={() => viewer.current?.viewport.goHome()}
            />
            <ViewerButton label="Close" icon={X} onClick={() => dialog.current?.close()} />
          </div>
        </header>
        <div
          ref={stage}
          role="application"
          aria-label={`${title}: deep zoom. Arrow keys pan, plus and minus zoom, 0 shows the whole image.`}
          className="relative min-h-0 flex-1"
        />
      </div>
    </dialog>
  );
}

/** One of the viewer's tools; on a phone its icon alone shows, its name stays its accessible name. */
function ViewerButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant="inverse" size="sm" onClick={onClick} title={label}>
      <Icon aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}
