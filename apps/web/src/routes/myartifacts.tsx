import { Archive, Heart, Pencil, Plus, Trash, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { MESSAGES, type ReviewedArtifact } from "@artifact-atlas/shared";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import {
  ArtifactCount,
  ArtifactListStates,
  ArtifactNameCell,
  ArtifactRow,
  ArtifactTypeCell,
  RowNumberCell,
} from "../components/ArtifactTable";
import { Button, ButtonLink, buttonClasses } from "../components/Button";
import { Page } from "../components/Container";
import { useDialogs } from "../components/DialogProvider";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { StatusBadge } from "../components/StatusBadge";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { artifactDeleted, artifactRestored } from "../lib/cache-updates";
import { httpStatus, serverMessage } from "../lib/errors";
import { useMyArtifacts } from "../lib/member-lists";
import { trpc } from "../lib/trpc";

/** The failure text of the delete dialog: the server's error, else the HTTP status, else ours. */
function deleteFailure(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  const status = httpStatus(error);
  if (status) return `HTTP error! status: ${status}`;
  return MESSAGES.deleteFailed;
}

export default function MyArtifactsRoute() {
  const utils = trpc.useUtils();
  const dialogs = useDialogs();
  const mine = useMyArtifacts();
  const remove = trpc.artifacts.delete.useMutation();
  const restore = trpc.trash.restoreMine.useMutation();
  const [restored, setRestored] = useState<string | null>(null);
  // The artifact whose Delete button gets focus back once an undone delete draws its row again.
  const focusDelete = useRef<number | null>(null);

  const confirmDelete = async ({ id, artifactName }: ReviewedArtifact) => {
    const confirmed = await dialogs.confirm({
      title: "Are you sure?",
      text: "You won't be able to recover this artifact!",
      confirmLabel: "Yes, delete it!",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    let undo: boolean;
    try {
      const result = await remove.mutateAsync({ id });
      artifactDeleted(utils, id);
      setRestored(null);
      // The spec's words, with Undo beside OK while the popup is open (issue 29): the artifact is
      // in the owner's trash for 30 days, and back with one press.
      undo = await dialogs.notify({
        variant: "success",
        title: "Deleted!",
        text: result.message,
        actionLabel: "Undo",
      });
    } catch (error) {
      await dialogs.notify({ variant: "error", title: "Error!", text: deleteFailure(error) });
      return;
    }
    if (undo) await undoDelete(id, artifactName);
  };

  const undoDelete = async (id: number, name: string) => {
    focusDelete.current = id;
    try {
      await restore.mutateAsync({ id });
      await artifactRestored(utils);
    } catch (error) {
      focusDelete.current = null;
      await dialogs.notify({
        variant: "error",
        title: "Error!",
        text: serverMessage(error) ?? "The artifact could not be restored.",
      });
      return;
    }
    setRestored(`${name} was restored.`);
  };

  // Back where it was: focus returns to the button that deleted it, once its row is drawn again.
  useEffect(() => {
    if (focusDelete.current === null) return;
    const selector = `[data-delete-artifact="${focusDelete.current}"]`;
    const button = document.querySelector<HTMLElement>(selector);
    if (!button) return;
    button.focus();
    focusDelete.current = null;
  }, [mine.data]);

  const count = mine.data?.length ?? 0;

  return (
    <Page>
      <title>My Artifacts | Historical Collection</title>
      <PageHeader
        eyebrow="Your contributions"
        title="My Artifacts Collection"
        subtitle="Manage your contributions to the historical collection"
        aside={
          <div className="flex flex-wrap items-center gap-3">
            {count > 0 && <ArtifactCount count={count} />}
            <ButtonLink to="/myartifacts/trash" variant="secondary" size="sm">
              <Trash2 aria-hidden="true" className="size-4" />
              Trash
            </ButtonLink>
          </div>
        }
      />
      {restored && (
        <p role="status" className="mb-6 text-success">
          {restored}
        </p>
      )}

      <ArtifactListStates
        query={mine}
        loadingLabel="Loading your artifacts"
        errorMessage="Unable to load your artifacts. Please try again later."
        empty={
          <EmptyState
            icon={Archive}
            title="No artifacts posted yet"
            message="Start sharing your historical artifacts with the community by posting your first artifact."
            action={
              <ButtonLink to="/addartifacts">
                <Plus aria-hidden="true" className="size-4" />
                Add Your First Artifact
              </ButtonLink>
            }
          />
        }
      >
        {(items) => (
          <>
            <Table label="My artifacts">
              <THead>
                <Tr>
                  <Th className="w-14">#</Th>
                  <Th className="w-24">Image</Th>
                  <Th>Artifact Name</Th>
                  <Th>Type</Th>
                  <Th>
                    {/* Block flex: an inline-flex box led by an icon sits on the icon's baseline,
                        lifting the word above the other headers. */}
                    <span className="flex items-center gap-1.5">
                      <Heart aria-hidden="true" className="size-3.5" />
                      Likes
                    </span>
                  </Th>
                  <Th>Status</Th>
                  <Th className="text-right">Actions</Th>
                </Tr>
              </THead>
              <TBody>
                {items.map((artifact, index) => (
                  <ArtifactRow key={artifact.id}>
                    <RowNumberCell index={index} />
                    <Td label="Image">
                      <div className="w-20 overflow-hidden rounded-lg border border-line">
                        <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.thumbnail} compact />
                      </div>
                    </Td>
                    <ArtifactNameCell artifact={artifact} />
                    <ArtifactTypeCell type={artifact.artifactType} />
                    <Td label="Likes" className="tabular-nums">
                      {artifact.likeCount ?? 0}
                    </Td>
                    <Td label="Status">
                      <ReviewState artifact={artifact} />
                    </Td>
                    <Td>
                      <div className="flex w-full justify-end gap-2 max-sm:pt-2">
                        <Link
                          to={`/update-artifact/${artifact.id}`}
                          className={buttonClasses({ variant: "secondary", size: "sm" })}
                          aria-label={`Update ${artifact.artifactName}`}
                        >
                          <Pencil aria-hidden="true" className="size-4" />
                          Update
                        </Link>
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`Delete ${artifact.artifactName}`}
                          data-delete-artifact={artifact.id}
                          onClick={() => void confirmDelete(artifact)}
                        >
                          <Trash aria-hidden="true" className="size-4" />
                          Delete
                        </Button>
                      </div>
                    </Td>
                  </ArtifactRow>
                ))}
              </TBody>
            </Table>
            <div className="mt-8 flex justify-center sm:justify-end">
              <ButtonLink to="/addartifacts">
                <Plus aria-hidden="true" className="size-4" />
                Add New Artifact
              </ButtonLink>
            </div>
          </>
        )}
      </ArtifactListStates>
    </Page>
  );
}

/** The artifact's review status, and why when a curator rejected or hid it (issue 17). */
function ReviewState({ artifact }: { artifact: ReviewedArtifact }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={artifact.status} />
      {artifact.statusReason && (
        <span className="text-xs text-muted">
          Reason: {artifact.statusReason}
          {artifact.statusNote ? ` (${artifact.statusNote})` : ""}
        </span>
      )}
    </div>
  );
}
