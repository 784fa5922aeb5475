import type { CollectionDetail } from "@artifact-atlas/shared";
import { useSession } from "../../lib/session";
import { FollowButton } from "./FollowButton";

/**
 * Follow a collection (issue 33) beside its title: what is added to it then comes to the bell,
 * the daily digest, or both. Only a signed-in member who does not edit it, and only for a curated
 * collection that is public or unlisted and shown (a private, hidden or trashed one tells no one;
 * a saved search gains nothing by additions).
 */
export function FollowCollection({ collection }: { collection: CollectionDetail }) {
  const { user } = useSession();
  const followable =
    collection.kind === "curated" &&
    collection.visibility !== "private" &&
    collection.status === "published" &&
    collection.deletedAt === null;
  if (!user || !followable || collection.rights.edit) return null;
  return (
    <FollowButton target={{ kind: "collection", id: collection.id }} name={collection.title} />
  );
}
