import { readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";
import { ARTIFACT_TYPES } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase } from "../../src/db/client";
import { migrateDatabase } from "../../src/db/migrate";
import { refreshParsedDates } from "../../src/store/artifact-dates";
import type { TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession } from "../support/users";

/* What every attack test shares: the checks that the server stays up. (A spawned server gets the
 * heap cap npm start gives it with startServer's productionNodeOptions.) */

/** GET /healthz answers 200 within a second. */
export async function expectHealthyWithinASecond(base: string): Promise<void> {
  const started = Date.now();
  const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_000) });
  expect(response.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1_000);
}

/** Checks health every 250 ms while `attack` runs; answers how many checks were made. */
export async function healthyThroughout(base: string, attack: Promise<unknown>): Promise<number> {
  let done = false;
  let checks = 0;
  const watching = (async () => {
    while (!done) {
      await expectHealthyWithinASecond(base);
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    await attack;
  } finally {
    done = true;
  }
  await watching;
  return checks;
}

/**
 * The server's memory budget (README, docs/operations.md "Memory"): its resident memory stays
 * under this whatever a client uploads, 64 MB below the systemd unit's MemoryHigh.
 */
export const MEMORY_BUDGET_MB = 320;

function statusMegabytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server process's resident memory in MB, from /proc. */
export function residentMegabytes(pid: number): number {
  return statusMegabytes(pid, "VmRSS");
}

/**
 * Runs `work` and answers its result with the highest resident memory of the process meanwhile,
 * in MB: the kernel's own high-water mark (reset first through clear_refs), so that no peak
 * between two samples is missed.
 */
export async function withPeakResident<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number }> {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const result = await work();
  return { result, peakMb: statusMegabytes(pid, "VmHWM") };
}

/**
 * `count` artifacts of one owner for the find's attack tests: every type in turn, a date every 150
 * years BC, four museums, and a long historical context of the same few words.
 */
export async function addFindCollection(t: TestApp, count: number): Promise<void> {
  const owner = await createUserWithSession(t);
  for (let index = 0; index < count; index += 1) {
    await addArtifact(t, owner, {
      artifactName: `Bronze amphora ${index}`,
      artifactType: ARTIFACT_TYPES[index % ARTIFACT_TYPES.length],
      createdAt: `${index * 150 + 1} BC`,
      presentLocation: `Museum ${index % 4}`,
      historicalContext: "aaa bbb ccc ddd eee fff ggg hhh ".repeat(20),
    });
  }
}

/**
 * A database at `path` (migrated) holding `count` published artifacts of one owner, written
 * straight into SQLite (the search index's triggers fire as for any write): each has "a" in its text,
 * a year BC from 1 to 3000, one of 40 museums. A search for "a" in all fields
 * finds every one, so its facets cost what they cost at the size of the collection.
 */
export function fillCollection(path: string, count: number): void {
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    const sqlite = db.$client;
    // A throwaway file: no sync per page while it fills.
    sqlite.pragma("synchronous = OFF");
    sqlite
      .prepare(
        "insert into users (id, email, name) values (1, 'owner@example.com', 'Owner Person')",
      )
      .run();
    const insert = sqlite.prepare(
      `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
         historical_context, created_at, discovered_at, discovered_by, present_location, username)
       values (1, ?, 'https://example.org/a.jpg', ?, ?, ?, '1900', 'An expedition', ?, 'Owner Person')`,
    );
    sqlite.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        insert.run(
          `Vase ${index}`,
          ARTIFACT_TYPES[index % ARTIFACT_TYPES.length],
          "A vessel with a lid.",
          `${(index % 3000) + 1} BC`,
          `Museum ${index % 40}`,
        );
      }
    })();
    refreshParsedDates(db);
  } finally {
    closeDatabase(db);
  }
}
