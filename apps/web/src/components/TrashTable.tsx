import type { TrashPage } from "@artifact-atlas/shared";
import { ArchiveRestore } from "lucide-react";
import { useState, type ReactNode } from "react";
import { serverMessage } from "../lib/errors";
import { Button } from "./Button";
import { LoadFailed } from "./Failures";
import { Pagination } from "./Pagination";
import { QueryState, type QueryAnswer } from "./QueryState";
import { PageSpinner } from "./Spinner";
import { StatusBadge } from "./StatusBadge";
import { TBody, THead, Table, Td, Th, Tr } from "./Table";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * A page of deleted artifacts with Restore on each (issue 17's Trash tab for curators and admins;
 * issue 29's own trash for their owners), what happened to the last restore, and the pages.
 */
export function TrashTable({
  trash,
  page,
  onPageChange,
  restore,
  showOwner,
  empty,
}: {
  trash: QueryAnswer<TrashPage>;
  page: number;
  onPageChange: (page: number) => void;
  /** The screen's restore mutation; it rejects with the server's refusal. */
  restore: { mutateAsync: (input: { id: number }) => Promise<unknown>; isPending: boolean };
  /** The Added by column: the curators' trash holds everyone's artifacts. */
  showOwner: boolean;
  empty: ReactNode;
}) {
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
    <>
      {message && (
        <p role="status" className={message.ok ? "mb-6 text-success" : "mb-6 text-danger"}>
          {message.text}
        </p>
      )}
      <QueryState
        query={trash}
        loading={<PageSpinner label="Loading the trash" />}
        failed={<LoadFailed>Unable to load the trash. Please try again later.</LoadFailed>}
      >
        {(data) =>
          data.items.length === 0 ? (
            empty
          ) : (
            <>
              <Table label="Deleted artifacts">
                <THead>
                  <Tr>
                    <Th>Artifact Name</Th>
                    {showOwner && <Th>Added by</Th>}
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
                      {showOwner && <Td label="Added by">{artifact.username}</Td>}
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
              <Pagination
                page={page}
                pageCount={data.pageCount}
                onPageChange={onPageChange}
                className="mt-6"
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
