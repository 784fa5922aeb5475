import {
  PAGE_SIZE,
  type ArtifactFacets,
  type ArtifactPage,
  type CollectionFind,
} from "@artifact-atlas/shared";
import { find } from "../../src/services/find";
import type { ArtifactStore } from "../../src/store/artifact-store";

/*
 * The find as the web app's two collection calls ask it, straight on a store: a page of All
 * Artifacts (artifacts.list) and the facets (artifacts.facets), for tests that trace statements.
 */

type Collection = Omit<CollectionFind, "list" | "window" | "total" | "facets">;

export function listPage(store: ArtifactStore, query: Collection & { page: number }): ArtifactPage {
  const { page, ...rest } = query;
  const answer = find(store, null, { ...rest, list: "collection", window: { page }, total: true });
  const total = answer.total ?? 0;
  return {
    items: answer.items,
    total,
    page,
    pageCount: Math.ceil(total / PAGE_SIZE),
    ...(answer.highlights ? { highlights: answer.highlights } : {}),
  };
}

export function facetsOf(store: ArtifactStore, query: Collection): ArtifactFacets {
  return find(store, null, { ...query, list: "collection", facets: true }).facets!;
}
