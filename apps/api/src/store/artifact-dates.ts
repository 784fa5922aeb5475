import {
  DATE_PARSER_VERSION,
  fromAstronomical,
  parseHistoricalDate,
  toAstronomical,
  type ArtifactFields,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";

/*
 * The derived date columns of an artifact (migration 0010): createdAt and discoveredAt as the
 * shared date parser reads them. The server writes them with every create and edit, and at start
 * for rows parsed by no parser or an older one (docs/decisions/041-parsed-dates-backfill.md).
 */

/** The middle year of a range, where the timeline and the era filters place the artifact. */
function middleYear(from: number, to: number): number {
  return fromAstronomical(Math.floor((toAstronomical(from) + toAstronomical(to)) / 2));
}

/** The derived columns for these two dates, under the table's column names. */
export function parsedDateColumns(fields: Pick<ArtifactFields, "createdAt" | "discoveredAt">) {
  const created = parseHistoricalDate(fields.createdAt);
  const discovered = parseHistoricalDate(fields.discoveredAt);
  return {
    createdFromYear: created?.from ?? null,
    createdToYear: created?.to ?? null,
    createdPrecision: created?.precision ?? null,
    createdQualifier: created?.qualifier ?? null,
    createdYear: created ? middleYear(created.from, created.to) : null,
    discoveredFromYear: discovered?.from ?? null,
    discoveredToYear: discovered?.to ?? null,
    discoveredPrecision: discovered?.precision ?? null,
    discoveredQualifier: discovered?.qualifier ?? null,
    datesParserVersion: DATE_PARSER_VERSION,
  };
}

/** Rows read again per transaction: short enough that a start with many rows never stalls a write. */
const BATCH_SIZE = 1000;

/**
 * Parses the dates of every artifact whose parse is missing or from an older parser, in batches.
 * A migration cannot run the parser (it is TypeScript), so the server does this at start, after
 * migrating; rows written since carry the current version and are skipped. Returns how many
 * artifacts it updated.
 */
export function refreshParsedDates(db: AppDatabase): number {
  const sqlite = db.$client;
  const stale = sqlite.prepare<
    { version: number; after: number; limit: number },
    { id: number; createdAt: string; discoveredAt: string }
  >(
    `select id, created_at as createdAt, discovered_at as discoveredAt from artifacts
     where id > :after and dates_parser_version <> :version order by id limit :limit`,
  );
  const update = sqlite.prepare(
    `update artifacts set created_from_year = :createdFromYear, created_to_year = :createdToYear,
       created_precision = :createdPrecision, created_qualifier = :createdQualifier,
       created_year = :createdYear, discovered_from_year = :discoveredFromYear,
       discovered_to_year = :discoveredToYear, discovered_precision = :discoveredPrecision,
       discovered_qualifier = :discoveredQualifier, dates_parser_version = :datesParserVersion
     where id = :id`,
  );
  let updated = 0;
  let after = 0;
  const batch = sqlite.transaction(() => {
    const rows = stale.all({ version: DATE_PARSER_VERSION, after, limit: BATCH_SIZE });
    for (const row of rows) update.run({ id: row.id, ...parsedDateColumns(row) });
    return rows;
  });
  for (;;) {
    const rows = batch.immediate();
    updated += rows.length;
    if (rows.length < BATCH_SIZE) return updated;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
