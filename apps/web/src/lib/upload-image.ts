import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";

/*
 * The one call the web app makes outside tRPC: a file upload is a multipart stream, which the
 * REST route POST /images takes (decision 036).
 */

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; message: string };

const UPLOAD_FAILED = "The upload failed. Please check your connection and try again.";

/** Uploads one file; any refusal comes back as the message to show, never as a throw. */
export async function uploadImage(file: File): Promise<UploadResult> {
  // Said at once rather than after sending 15 MB for the server to refuse.
  if (file.size > IMAGE_UPLOAD_LIMITS.maxBytes)
    return { ok: false, message: MESSAGES.imageTooLarge };
  if (file.size === 0) return { ok: false, message: MESSAGES.imageNotAnImage };
  const form = new FormData();
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch("/images", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    return { ok: false, message: UPLOAD_FAILED };
  }
  if (response.status === 408) return { ok: false, message: MESSAGES.imageUploadTooSlow };
  const body = (await response.json().catch(() => null)) as
    (Partial<UploadedImage> & { error?: string }) | null;
  if (response.ok && body?.url && body.width && body.height) {
    return { ok: true, image: { url: body.url, width: body.width, height: body.height } };
  }
  return { ok: false, message: body?.error ?? UPLOAD_FAILED };
}
