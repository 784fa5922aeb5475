import { BRAND, type CollectionDetail } from "@artifact-atlas/shared";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { atomDocument, atomEntry, FEED_ENTRIES } from "../../harvesting/feeds";
import { getCollection } from "./collections";

/*
 * A collection's Atom feed of additions (issue 32, RFC 4287): its FEED_ENTRIES most recently added
 * artifacts that the public may see (store/find.ts artifactsById keeps that rule), newest first;
 * each entry is the artifact's page, its summary the item's note or else the historical context,
 * as plain text.
 */

/** Item rows read to fill a feed, when some of the newest are not shown. */
const ROWS_READ = 4 * FEED_ENTRIES;

export function collectionFeed(
  store: ArtifactStore,
  viewer: Viewer,
  id: number,
  origin: string,
): string {
  const collection: CollectionDetail = getCollection(store, viewer, { id });
  const added = store
    .collectionStatement(
      `select artifact_id as id, note, added_at as addedAt from collection_items
     where collection_id = ? order by added_at desc, artifact_id desc limit ?`,
    )
    .all(id, ROWS_READ) as { id: number; note: string; addedAt: number }[];
  const shown = new Map(
    store.find.artifactsById(added.map((row) => row.id)).map((artifact) => [artifact.id, artifact]),
  );
  const entries = added.flatMap((row) => {
    const artifact = shown.get(row.id);
    return artifact ? [{ ...row, artifact }] : [];
  });
  const head = {
    self: `${origin}/collections/${id}/feed.atom`,
    title: `${collection.title} | ${BRAND}`,
    updated: entries[0]?.addedAt ?? collection.updatedAt,
    author: collection.owner.name,
    alternate: `${origin}/c/${id}`,
  };
  return atomDocument(
    head,
    entries
      .slice(0, FEED_ENTRIES)
      .map(({ artifact, note, addedAt }) =>
        atomEntry(
          origin,
          artifact,
          { published: addedAt, updated: addedAt },
          note || artifact.historicalContext,
        ),
      ),
  );
}
