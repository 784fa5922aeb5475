import { afterEach, describe, expect, it, vi } from "vitest";
import { IMPORT_MAX_BYTES, OPEN_DATA_MESSAGES } from "@artifact-atlas/shared";
import { importContentType, uploadImport } from "./imports";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploadImport", () => {
  it("refuses a file over the import's limit with the product's message, without sending it", async () => {
    const sent = vi.fn();
    vi.stubGlobal("fetch", sent);
    const file = new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], "collection.csv");
    await expect(uploadImport(file, true)).rejects.toThrow(OPEN_DATA_MESSAGES.importTooLarge);
    expect(sent).not.toHaveBeenCalled();
  });

  it("sends a file of exactly the limit", async () => {
    const sent = vi.fn(async () => Response.json({ error: "checked" }, { status: 400 }));
    vi.stubGlobal("fetch", sent);
    const file = new File([new Uint8Array(IMPORT_MAX_BYTES)], "collection.csv");
    await expect(uploadImport(file, true)).rejects.toThrow("checked");
    expect(sent).toHaveBeenCalledOnce();
  });
});

describe("importContentType", () => {
  it("reads CSV and JSON files by their name, and nothing else", () => {
    expect(importContentType("A.CSV")).toBe("text/csv");
    expect(importContentType("a.jsonld")).toBe("application/ld+json");
    expect(importContentType("a.xlsx")).toBeNull();
  });
});
