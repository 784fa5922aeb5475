import { LIST_PAGE_SIZE } from "../src/harvesting/oai/verbs";
import type { SetScope } from "../src/harvesting/sets";
import {
  createHarvestStore,
  type HarvestStore,
  type ListPosition,
  type ListScope,
} from "../src/harvesting/store";
import type { ArtifactStore } from "../src/store/artifact-store";
import { COLLECTIONS_BENCH_SIZE, FULL_COLLECTION_ID } from "./generate-collections";

/**
 * OAI-PMH sets by collection (issue 34 with issue 32), at 100,000 artifacts and 10,000
 * collections: what a ListRecords page by set reads (its records, their artifacts and every
 * header's collection sets, in one query each) and a ListSets page of collections. The XML a page
 * writes is `pnpm bench:harvesting`'s to measure.
 */
export function harvestingSetLatencyCases(): {
  label: string;
  run: (store: ArtifactStore) => unknown;
}[] {
  let harvest: HarvestStore | undefined;
  const harvestOf = (store: ArtifactStore) => (harvest ??= createHarvestStore(store.db.$client));
  const scope = (set: SetScope): ListScope => ({ from: null, until: null, set });
  const firstPage = (set: SetScope) => (store: ArtifactStore) => {
    const reads = harvestOf(store);
    return {
      total: reads.count(scope(set)),
      page: reads.records(scope(set), null, LIST_PAGE_SIZE + 1),
    };
  };
  const full = `${COLLECTIONS_BENCH_SIZE.fullItems} records`;
  const fullSet = scope({ kind: "collection", id: FULL_COLLECTION_ID });
  let lastPageAfter: ListPosition | undefined;
  return [
    {
      label: `OAI ListRecords page 1, set=collection:{id} (${full}), counted`,
      run: firstPage(fullSet.set),
    },
    {
      label: `OAI ListRecords last page, set=collection:{id} (${full})`,
      run: (store) => {
        const reads = harvestOf(store);
        // Where the last page starts, as its token says: found once, not timed with the page.
        lastPageAfter ??= reads
          .headers(fullSet, null, COLLECTIONS_BENCH_SIZE.fullItems - LIST_PAGE_SIZE)
          .at(-1)!;
        return reads.records(fullSet, lastPageAfter, LIST_PAGE_SIZE + 1);
      },
    },
    {
      label: "OAI ListRecords page 1, set=collection, counted",
      run: firstPage({ kind: "collections" }),
    },
    {
      label: "OAI ListRecords page 1, no set (headers name collections)",
      run: firstPage({ kind: "all" }),
    },
    {
      label: "OAI ListSets: a page of collections, and their count",
      run: (store) => ({
        count: harvestOf(store).setCollectionCount(),
        page: harvestOf(store).setCollections(5_000, LIST_PAGE_SIZE + 1),
      }),
    },
  ];
}
