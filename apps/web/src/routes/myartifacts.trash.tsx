import { Trash2 } from "lucide-react";
import { useState } from "react";
import { BackLink } from "../components/BackLink";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { TrashTable } from "../components/TrashTable";
import { artifactRestored } from "../lib/cache-updates";
import { trpc } from "../lib/trpc";

/**
 * A member's own trash (issue 29), from My Artifacts: what they deleted in the last 30 days, each
 * restored as it was (status and likes) with Restore. Nobody else's artifacts are in it.
 */
export default function MyTrashRoute() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const trash = trpc.trash.mine.useQuery({ page });
  const restore = trpc.trash.restoreMine.useMutation({
    onSettled: () => artifactRestored(utils),
  });

  return (
    <Page>
      <title>Trash | My Artifacts | Historical Collection</title>
      <BackLink to="/myartifacts">My Artifacts</BackLink>
      <PageHeader
        eyebrow="Your contributions"
        title="Trash"
        subtitle="The artifacts you deleted in the last 30 days. Restore puts one back as it was; after 30 days it is removed for good."
      />
      <TrashTable
        trash={trash}
        page={page}
        onPageChange={setPage}
        restore={restore}
        showOwner={false}
        empty={
          <EmptyState
            icon={Trash2}
            title="Your trash is empty"
            message="Artifacts you delete stay here for 30 days, so that you can restore them."
          />
        }
      />
    </Page>
  );
}
