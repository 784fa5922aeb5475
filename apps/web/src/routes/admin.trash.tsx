import { Trash2 } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../components/EmptyState";
import { TrashTable } from "../components/TrashTable";
import { artifactRestored } from "../lib/cache-updates";
import { trpc } from "../lib/trpc";

/**
 * /admin/trash (issue 17), a tab of the Admin screen: deleted artifacts for 30 days; curators and
 * admins restore them.
 */
export default function TrashRoute() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const trash = trpc.trash.list.useQuery({ page });
  const restore = trpc.trash.restore.useMutation({ onSettled: () => artifactRestored(utils) });

  return (
    <section aria-labelledby="trash-heading">
      <title>Trash | Admin | Artifact Atlas</title>
      <h2 id="trash-heading" className="sr-only">
        Trash
      </h2>
      <p className="mb-6 text-muted">
        Deleted artifacts stay here for 30 days, then the server removes them for good.
      </p>
      <TrashTable
        trash={trash}
        page={page}
        onPageChange={setPage}
        restore={restore}
        showOwner
        empty={<EmptyState icon={Trash2} title="The trash is empty" />}
      />
    </section>
  );
}
