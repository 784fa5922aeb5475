import { ArchiveRestore, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../components/Button";
import { EmptyState } from "../components/EmptyState";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { StatusBadge } from "../components/StatusBadge";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { artifactRestored } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * /admin/trash (issue 17), a tab of the Admin screen: deleted artifacts for 30 days; curators and
 * admins restore them.
 */
export default function TrashRoute() {
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const trash = trpc.trash.list.useQuery({ page });
  const restore = trpc.trash.restore.useMutation({ onSettled: () => artifactRestored(utils) });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const restoreOne = async (id: number, name: string) => {
    try {
      await restore.mutateAsync({ id });
      setMessage({ ok: true, text: `${name} was restored.` });
    } catch (failure) {
      setMessage({
        ok: false,
        text: serverMessage(failure) ?? "The artifact could not be restored.",
      });
    }
  };

  return (
    <section aria-labelledby="trash-heading">
      <title>Trash | Admin | Artifact Atlas</title>
      <h2 id="trash-heading" className="sr-only">
        Trash
      </h2>
      <p className="mb-6 text-muted">
        Deleted artifacts stay here for 30 days, then the server removes them for good.
      </p>
      {message && (
        <p role="status" className={message.ok ? "mb-6 text-success" : "mb-6 text-danger"}>
          {message.text}
        </p>
      )}
      <QueryState
        query={trash}
        loading={<PageSpinner label="Loading the trash" />}
        failed={
          <p role="alert" className="text-danger">
            Unable to load the trash. Please try again later.
          </p>
        }
      >
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon={Trash2} title="The trash is empty" />
          ) : (
            <>
              <Table label="Deleted artifacts">
                <THead>
                  <Tr>
                    <Th>Artifact Name</Th>
                    <Th>Added by</Th>
                    <Th>Status</Th>
                    <Th>Deleted</Th>
                    <Th>Removed for good</Th>
                    <Th className="text-right">Actions</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.items.map(({ artifact, deletedAt, purgeAt }) => (
                    <Tr key={artifact.id}>
                      <Td label="Artifact Name" className="font-medium text-ink">
                        {artifact.artifactName}
                      </Td>
                      <Td label="Added by">{artifact.username}</Td>
                      <Td label="Status">
                        <StatusBadge status={artifact.status} />
                      </Td>
                      <Td label="Deleted">{DATE.format(deletedAt)}</Td>
                      <Td label="Removed for good">{DATE.format(purgeAt)}</Td>
                      <Td>
                        <div className="flex w-full justify-end">
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Restore ${artifact.artifactName}`}
                            disabled={restore.isPending}
                            onClick={() => void restoreOne(artifact.id, artifact.artifactName)}
                          >
                            <ArchiveRestore aria-hidden="true" className="size-4" />
                            Restore
                          </Button>
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              {data.pageCount > 1 && (
                <div className="mt-6 flex justify-center gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </Button>
                  <span className="self-center text-sm text-muted">
                    Page {page} of {data.pageCount}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page >= data.pageCount}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </div>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
