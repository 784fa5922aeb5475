import { listPublicCollections } from "../src/services/collections/collections";
import { collectionItems } from "../src/services/collections/items";
import { find } from "../src/services/find";
import type { ArtifactStore } from "../src/store/artifact-store";
import { COLLECTIONS_BENCH_SIZE, FULL_COLLECTION_ID } from "./generate-collections";

/**
 * Issue 32's rows (target: under 20 ms at p99 with 10,000 collections at 100,000 artifacts): a
 * full collection's page, first and last, `/collections` in each order, and the find's
 * collection filter with another filter and a sort.
 */
export function collectionLatencyCases(): {
  label: string;
  run: (store: ArtifactStore) => unknown;
}[] {
  const full = `${COLLECTIONS_BENCH_SIZE.fullItems} items`;
  const page = (number: number) => (store: ArtifactStore) =>
    collectionItems(store, null, { id: FULL_COLLECTION_ID, page: number, pageSize: 24 });
  const listed =
    (sort: "newest" | "items" | "likes", search = "") =>
    (store: ArtifactStore) =>
      listPublicCollections(store, null, { sort, search });
  return [
    { label: `collection page 1 (${full})`, run: page(1) },
    { label: `collection page 21 (${full})`, run: page(21) },
    { label: "/collections newest", run: listed("newest") },
    { label: "/collections most artifacts", run: listed("items") },
    { label: "/collections most liked", run: listed("likes") },
    { label: "/collections search 'coins 99'", run: listed("newest", "coins 99") },
    {
      label: `collection filter type=Art most liked (${full})`,
      run: (store) =>
        find(store, null, {
          list: "collection",
          collection: FULL_COLLECTION_ID,
          types: ["Art"],
          sort: "desc",
          window: { page: 1 },
          total: true,
        }),
    },
  ];
}
