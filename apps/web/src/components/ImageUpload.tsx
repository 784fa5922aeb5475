import { clsx } from "clsx";
import { ImageUp } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { IMAGE_UPLOAD_FORMATS } from "@artifact-atlas/shared";
import { uploadImage, type UploadedImage } from "../lib/upload-image";
import { Spinner } from "./Spinner";

/** What the file picker offers; the server judges the bytes whatever the name says. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

interface ImageUploadProps {
  /** Called with the stored image once the server has it. */
  onUploaded: (image: UploadedImage) => void;
  className?: string;
}

/**
 * **Upload an image**: choose a file or drop one here. The file goes to the server at once, which
 * answers the path that then fills the image field; a refused file says why and changes nothing.
 */
export function ImageUpload({ onUploaded, className }: ImageUploadProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File | undefined) {
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    const result = await uploadImage(file);
    setBusy(false);
    if (result.ok) onUploaded(result.image);
    else setProblem(result.message);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  }

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <span id={`${id}-title`} className="text-sm font-medium text-ink">
        Upload an image
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={clsx(
          "flex min-h-28 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors",
          "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent",
          dragging ? "border-accent bg-accent-soft" : "border-line-strong hover:border-accent",
          busy && "cursor-wait",
        )}
      >
        {busy ? (
          <span
            className="inline-flex items-center gap-2 text-sm font-medium text-ink"
            role="status"
          >
            <Spinner size="sm" />
            Uploading…
          </span>
        ) : (
          <>
            <ImageUp aria-hidden="true" className="size-6 text-accent" />
            <span className="text-sm font-semibold text-accent">Choose a file or drop it here</span>
          </>
        )}
        <span className="text-xs text-muted">
          {IMAGE_UPLOAD_FORMATS.join(", ")}; up to 15 MB. Location data in the photo is removed.
        </span>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-labelledby={`${id}-title`}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="sr-only"
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </label>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
