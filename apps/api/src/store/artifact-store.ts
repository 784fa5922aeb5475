import type { AppDatabase } from "../db/client";
import { READ_CACHE_DEFAULTS, ReadCache, type ReadCacheOptions } from "../db/read-cache";
import { createArtifactFind } from "./artifact-find";
import { createArtifactSearch } from "./artifact-search";
import { prepareArtifactStatements } from "./artifact-statements";

interface ArtifactStoreOptions {
  /** How long and how many answers are kept; pnpm bench keeps none, to measure the queries. */
  readCache?: ReadCacheOptions;
}

/**
 * What the artifact services read through, made once with the database and passed in deps (the
 * repository of fastify/demo): the hot statements prepared once, the search with its kept counts,
 * the read cache (docs/decisions/010-read-cache.md), and the size of the collection.
 */
export function createArtifactStore(db: AppDatabase, options: ArtifactStoreOptions = {}) {
  const statements = prepareArtifactStatements(db);
  /** artifact_names_version: moves whenever the public set of names changes. */
  const namesVersion = () => statements.namesVersion.get() ?? 0;

  return {
    db,
    statements,
    search: createArtifactSearch(db.$client),
    /** Filters, facets and the all-fields search (issue 18). */
    find: createArtifactFind(db.$client),
    readCache: new ReadCache(db.$client, options.readCache ?? READ_CACHE_DEFAULTS),
    namesVersion,

    /** How many public artifacts there are: kept by the triggers of migration 0013. */
    collectionSize(): number {
      return statements.publicArtifacts.get() ?? 0;
    },
  };
}

export type ArtifactStore = ReturnType<typeof createArtifactStore>;
