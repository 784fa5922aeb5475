import { clsx } from "clsx";
import { ImageUp } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { IMAGE_UPLOAD_FORMATS, MAX_ARTIFACT_IMAGES, MESSAGES } from "@artifact-atlas/shared";
import { uploadImage, type UploadedImage } from "../lib/upload-image";
import { Spinner } from "./Spinner";

/** What the file picker offers; the server judges the bytes whatever the name says. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

interface ImageUploadProps {
  /** Called with each stored image once the server has it. */
  onUploaded: (image: UploadedImage) => void;
  /** The control's title. */
  title?: string;
  /** Several files at once (issue 30), at most `room` of them, sent one after another. */
  multiple?: boolean;
  room?: number;
  className?: string;
}

/**
 * **Upload an image**: choose a file or drop one here (or several, with `multiple`). Each file goes
 * to the server at once, one after another (the server takes one upload at a time per account),
 * which answers the path that then fills an image field; a refused file says why and changes
 * nothing.
 */
export function ImageUpload({
  onUploaded,
  title = "Upload an image",
  multiple = false,
  room = 1,
  className,
}: ImageUploadProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(chosen: File[]) {
    if (chosen.length === 0 || busy) return;
    const files = chosen.slice(0, multiple ? room : 1);
    setBusy(true);
    const problems: string[] = [];
    if (files.length < chosen.length) problems.push(MESSAGES.tooManyImages(MAX_ARTIFACT_IMAGES));
    setProblem(problems[0] ?? null);
    for (const file of files) {
      const result = await uploadImage(file);
      if (result.ok) onUploaded(result.image);
      else problems.push(files.length > 1 ? `${file.name}: ${result.message}` : result.message);
    }
    setBusy(false);
    setProblem(problems.length > 0 ? problems.join(" ") : null);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  }

  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <span id={`${id}-title`} className="text-sm font-medium text-ink">
        {title}
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
            <span className="text-sm font-semibold text-accent">
              {multiple ? "Choose files or drop them here" : "Choose a file or drop it here"}
            </span>
          </>
        )}
        <span className="text-xs text-muted">
          {IMAGE_UPLOAD_FORMATS.join(", ")}; up to 15 MB. Location data in the photo is removed.
        </span>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          multiple={multiple}
          disabled={busy || room < 1}
          aria-labelledby={`${id}-title`}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="sr-only"
          onChange={(event) => {
            void send([...(event.target.files ?? [])]);
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
