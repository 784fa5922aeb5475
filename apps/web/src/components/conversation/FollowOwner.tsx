import { useSession } from "../../lib/session";
import { trpc } from "../../lib/trpc";
import { FollowButton } from "./FollowButton";

/**
 * Follow the member who added a public artifact (issue 33), beside "Added by": their new public
 * artifacts then come to the bell, the daily digest, or both, and to Following. Nothing for one's
 * own artifact, or when the owner cannot be followed (the artifact is not public, or its owner has
 * left).
 */
export function FollowOwner({ artifactId }: { artifactId: number }) {
  const { user } = useSession();
  const owner = trpc.follows.artifactOwner.useQuery({ id: artifactId });
  if (!owner.data || owner.data.id === user?.id) return null;
  return (
    <FollowButton
      target={{ kind: "member", id: owner.data.id }}
      name={owner.data.name}
      align="start"
    />
  );
}
