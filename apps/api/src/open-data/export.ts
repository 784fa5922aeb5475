import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import {
  BRAND,
  EXPORT_COLUMNS,
  permanentArtifactPath,
  publicArtifactPath,
  type Artifact,
  type ArtifactImageItem,
  type ExportColumn,
  type ExportFormat,
} from "@artifact-atlas/shared";
import type { KeysetReader } from "../store/public-artifacts";
import { csvRow } from "./csv";

/** A row of the export: the artifact and its images (issue 30). */
export type ExportArtifact = Artifact & { images: ArtifactImageItem[] };

/** What every export says besides its rows. */
export interface ExportContext {
  origin: string;
  /** The licence the site publishes its data about artifacts under (issue 30). */
  metadataLicense: string;
}

/**
 * Rows read from the database at a time: at most about 1.6 MB of text for maximal artifacts, and
 * the database is free between two reads.
 */
const ROWS_PER_READ = 200;

type ExportValue = string | number | ArtifactImageItem[];

/** The artifact as one export row, by column, in the columns' order. */
function exportRecord(
  artifact: ExportArtifact,
  context: ExportContext,
): Record<ExportColumn, ExportValue> {
  const full = {
    ...artifact,
    url: `${context.origin}${publicArtifactPath(artifact)}`,
    rights: artifact.images[0]?.rights ?? "",
    metadataLicense: context.metadataLicense,
  };
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, full[column]])) as Record<
    ExportColumn,
    ExportValue
  >;
}

/** Every row of `read`, a keyset page at a time, as text chunks made by `write`. */
async function* pages(
  read: KeysetReader<ExportArtifact>,
  write: (rows: ExportArtifact[], first: boolean) => string,
): AsyncGenerator<string> {
  let after = 0;
  let first = true;
  for (;;) {
    const rows = read(after, ROWS_PER_READ);
    if (rows.length === 0) return;
    yield write(rows, first);
    first = false;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * CSV with a header row; a byte-order mark first so that spreadsheets read it as UTF-8. The images
 * are one cell, a JSON list, which an import reads back.
 */
export async function* csvExport(
  read: KeysetReader<ExportArtifact>,
  context: ExportContext,
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(EXPORT_COLUMNS)}`;
  yield* pages(read, (rows) =>
    rows
      .map((artifact) => {
        const record = exportRecord(artifact, context);
        return csvRow(
          EXPORT_COLUMNS.map((column) => {
            const value = record[column];
            return Array.isArray(value) ? JSON.stringify(value) : value;
          }),
        );
      })
      .join(""),
  );
}

/**
 * The JSON-LD context of the export: the artifact's own field names, so that the file reads as
 * our API does and imports back as it is, each mapped to schema.org where it has a term and to
 * this site's vocabulary where it has none (docs/decisions/067-export.md).
 */
export function exportContext(origin: string): Record<string, unknown> {
  return {
    "@vocab": "https://schema.org/",
    atlas: `${origin}/vocabulary#`,
    id: "identifier",
    url: { "@id": "url", "@type": "@id" },
    artifactName: "name",
    artifactImage: { "@id": "image", "@type": "@id" },
    imageAlt: "atlas:imageDescription",
    artifactType: "genre",
    historicalContext: "description",
    createdAt: "dateCreated",
    discoveredAt: "atlas:discoveredAt",
    discoveredBy: "atlas:discoveredBy",
    presentLocation: "atlas:presentLocation",
    likeCount: "atlas:likeCount",
    username: "atlas:contributorName",
    // Issue 30: every image with its own rights and credit, and the licence of this data.
    rights: { "@id": "license", "@type": "@id" },
    images: { "@id": "atlas:images", "@container": "@list" },
    alt: "atlas:imageDescription",
    caption: "caption",
    credit: "creditText",
    metadataLicense: { "@id": "atlas:metadataLicense", "@type": "@id" },
  };
}

/**
 * JSON-LD: a context, the collection (under the site's metadata licence), and its artifacts as a
 * @graph, one per line.
 */
export async function* jsonLdExport(
  read: KeysetReader<ExportArtifact>,
  context: ExportContext,
): AsyncGenerator<string> {
  const { origin } = context;
  const head = JSON.stringify({
    "@context": exportContext(origin),
    "@id": `${origin}/allartifacts`,
    "@type": "Collection",
    name: BRAND,
    license: context.metadataLicense,
  });
  // The head object without its closing brace, then the graph.
  yield `${head.slice(0, -1)},"@graph":[\n`;
  yield* pages(read, (rows, first) =>
    rows
      .map((artifact, index) => {
        const item = {
          "@id": `${origin}${permanentArtifactPath(artifact.id)}`,
          "@type": "CreativeWork",
          ...exportRecord(artifact, context),
        };
        return `${first && index === 0 ? "" : ",\n"}${JSON.stringify(item)}`;
      })
      .join(""),
  );
  yield "\n]}\n";
}

/**
 * A byte stream of the export that reads the next page only when the client has taken about 64 kB
 * of the last: a slow reader holds one page, never the collection.
 */
export function exportStream(
  format: ExportFormat,
  read: KeysetReader<ExportArtifact>,
  context: ExportContext,
): Readable {
  const chunks = format === "csv" ? csvExport(read, context) : jsonLdExport(read, context);
  return textStream(chunks);
}

/** The images of many artifacts at once, by artifact, in order. */
export type ImagesOfArtifacts = (ids: number[]) => Map<number, ArtifactImageItem[]>;

/** `read`'s rows with their images, read in one statement per page. */
export function withImagesOfRows(
  read: KeysetReader<Artifact>,
  imagesOf: ImagesOfArtifacts,
): KeysetReader<ExportArtifact> {
  return (after, limit) => {
    const rows = read(after, limit);
    const images = imagesOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [] }));
  };
}

/**
 * The chunks, each after a turn of the event loop. A client that reads as fast as the socket can
 * write takes every write at once, and the stream then pulls the next chunk in the same chain of
 * callbacks: without this turn a whole export ran without the loop ever reaching its timers or
 * its sockets, so every other request waited for it, and load shedding, which had seen no
 * event-loop sample for that time, turned requests away with 503 after it (decision 075).
 */
async function* turnByTurn(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    yield chunk;
    await setImmediate();
  }
}

/** Text chunks as a byte stream with a 64 kB buffer (Readable.from alone would keep 16 chunks). */
export function textStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(turnByTurn(chunks), { objectMode: false, highWaterMark: 64 * 1024 });
}
