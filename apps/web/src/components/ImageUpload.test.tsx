import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";
import { ImageUpload } from "./ImageUpload";

/*
 * The upload control against a fake network edge (globalThis.fetch): what a person sees for a
 * file refused before sending, one the server refuses, and one it stores.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

function photo(bytes: number, name = "photo.jpg") {
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

describe("ImageUpload", () => {
  it("refuses a file over 15 MB at once, without sending it", async () => {
    const fetch = answer(201, {});
    vi.stubGlobal("fetch", fetch);
    const onUploaded = vi.fn();
    render(<ImageUpload onUploaded={onUploaded} />);
    await userEvent.upload(
      screen.getByLabelText("Upload an image"),
      photo(IMAGE_UPLOAD_LIMITS.maxBytes + 1),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.imageTooLarge);
    expect(fetch).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the server's reason for a refused file", async () => {
    vi.stubGlobal("fetch", answer(415, { error: MESSAGES.imageNotAnImage }));
    const onUploaded = vi.fn();
    render(<ImageUpload onUploaded={onUploaded} />);
    await userEvent.upload(screen.getByLabelText("Upload an image"), photo(2048, "notes.jpg"));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.imageNotAnImage);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("hands over the stored image's path and size", async () => {
    const stored = { url: `/images/${"a".repeat(64)}`, width: 1600, height: 1200 };
    const fetch = answer(201, stored);
    vi.stubGlobal("fetch", fetch);
    const onUploaded = vi.fn();
    render(<ImageUpload onUploaded={onUploaded} />);
    await userEvent.upload(screen.getByLabelText("Upload an image"), photo(4096));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    expect(fetch).toHaveBeenCalledWith("/images", expect.objectContaining({ method: "POST" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
