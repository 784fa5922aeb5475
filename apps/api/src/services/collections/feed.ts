import { BRAND, publicArtifactPath, type CollectionDetail } from "@artifact-atlas/shared";
import { pageUrl } from "../../harvesting/formats";
import { element, text, utcSeconds, XML_DECLARATION } from "../../harvesting/xml";
import { shorten } from "../../public-pages/head";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { FEED_ENTRIES } from "../../harvesting/feeds";
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
  const self = `${origin}/collections/${id}/feed.atom`;
  const updated = entries[0]?.addedAt ?? collection.updatedAt;
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", self),
    element("title", `${collection.title} | ${BRAND}`, ' type="text"'),
    `<updated>${utcSeconds(updated)}</updated>`,
    `<author>${element("name", collection.owner.name)}</author>`,
    `<link rel="self" type="application/atom+xml" href="${text(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${text(`${origin}/c/${id}`)}"/>`,
    `<generator>${text(BRAND)}</generator>`,
    ...entries
      .slice(0, FEED_ENTRIES)
      .map(({ artifact, note, addedAt }) =>
        [
          "<entry>",
          element("id", pageUrl(origin, artifact.id)),
          element("title", artifact.artifactName, ' type="text"'),
          `<published>${utcSeconds(addedAt)}</published>`,
          `<updated>${utcSeconds(addedAt)}</updated>`,
          `<link rel="alternate" type="text/html" href="${text(`${origin}${publicArtifactPath(artifact)}`)}"/>`,
          element("summary", shorten(note || artifact.historicalContext, 300), ' type="text"'),
          "</entry>",
        ].join(""),
      ),
    "</feed>\n",
  ].join("");
}
