import type { AppDatabase } from "../db/client";
import { READ_CACHE_DEFAULTS, ReadCache, type ReadCacheOptions } from "../db/read-cache";
import { prepareArtifactStatements } from "./artifact-statements";
import { createCollectionStatements } from "./collection-statements";
import { createFind, FIND_DEFAULTS, type FindOptions } from "./find";
import { createMapPoints } from "./map-points";

interface ArtifactStoreOptions {
  /** How long and how many answers are kept; pnpm bench keeps none, to measure the queries. */
  readCache?: ReadCacheOptions;
  /** Where a search counts as matching most of the collection (tests make it small). */
  find?: FindOptions;
}

/**
 * What the artifact services read through, made once with the database and passed in deps (the
 * repository of fastify/demo): the hot statements prepared once, the find with its kept counts,
 * and the read cache (docs/decisions/010-read-cache.md).
 */
export function createArtifactStore(db: AppDatabase, options: ArtifactStoreOptions = {}) {
  const mapPoints = createMapPoints(db.$client);
  return {
    db,
    statements: prepareArtifactStatements(db),
    /** The collections' statements, by their text (services/collections). */
    collectionStatement: createCollectionStatements(db.$client),
    /** Every list of artifacts (store/find.ts); a box's newest first from the map's points. */
    find: createFind(db.$client, options.find ?? FIND_DEFAULTS, mapPoints.idsInView),
    mapPoints,
    readCache: new ReadCache(db.$client, options.readCache ?? READ_CACHE_DEFAULTS),
  };
}

export type ArtifactStore = ReturnType<typeof createArtifactStore>;
