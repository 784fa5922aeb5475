import { ArrowLeft, FileQuestion, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import {
  ARTIFACT_UPDATED_TIMER_MS,
  MESSAGES,
  pickArtifactFields,
  type ArtifactDetail,
  type ArtifactSubmission,
} from "@artifact-atlas/shared";
import { ArtifactForm } from "../components/ArtifactForm";
import { ButtonLink } from "../components/Button";
import { useDialogs } from "../components/DialogProvider";
import { EditConflict, type EditConflictState } from "../components/EditConflict";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { FormNote } from "../components/FormSection";
import { PageHeader } from "../components/PageHeader";
import { PageSpinner } from "../components/Spinner";
import { parseArtifactId } from "../lib/artifact-id";
import { artifactUpdated } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { useSaveArtifact } from "../lib/save-artifact";
import { trpc } from "../lib/trpc";

const TITLE = "Update Artifact | Historical Collection";

export default function UpdateArtifactRoute() {
  const params = useParams();
  const id = parseArtifactId(params.id);
  // The artifact with its newest revision's number, read together: the base of this edit.
  const editing = trpc.revisions.forEditing.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, retry: false },
  );

  useEffect(() => {
    // Spec: a failed load is logged and the screen says the artifact was not found.
    if (editing.error) console.error("Error loading artifact", editing.error);
  }, [editing.error]);

  if (id !== null && editing.isPending) {
    return (
      <Page>
        <title>{TITLE}</title>
        <PageSpinner label="Loading artifact" />
      </Page>
    );
  }

  if (id === null || !editing.data) {
    return (
      <Page width="medium">
        <title>{TITLE}</title>
        <EmptyState
          icon={FileQuestion}
          headingLevel="h1"
          title="Artifact not found"
          message="The artifact you're looking for doesn't exist or has been removed."
          action={
            <ButtonLink to="/myartifacts">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to My Artifacts
            </ButtonLink>
          }
        />
      </Page>
    );
  }

  return <EditArtifact key={editing.data.artifact.id} start={editing.data} />;
}

/**
 * The form, based on the revision it opened at. That base moves only when the person has been
 * shown the newer version (a refused save), never silently, so a save can never overwrite a
 * change that they have not seen.
 */
function EditArtifact({ start }: { start: { artifact: ArtifactDetail; revision: number } }) {
  const current = start.artifact;
  const saveArtifact = useSaveArtifact();
  const utils = trpc.useUtils();
  const update = trpc.artifacts.update.useMutation();
  const [baseRevision, setBaseRevision] = useState(start.revision);
  const [conflict, setConflict] = useState<EditConflictState | null>(null);
  const dialogs = useDialogs();

  const showConflict = async (yours: ArtifactSubmission) => {
    try {
      const latest = await utils.revisions.forEditing.fetch({ id: current.id }, { staleTime: 0 });
      const revision = await utils.revisions.byNumber.fetch(
        { id: current.id, number: latest.revision },
        { staleTime: 0 },
      );
      setConflict({ theirs: latest.artifact, revision, yours });
      setBaseRevision(latest.revision);
    } catch (error) {
      console.error("Loading the newer version failed", error);
      await dialogs.notify({ variant: "error", title: "Error!", text: MESSAGES.editConflict });
    }
  };

  const submit = (fields: ArtifactSubmission) =>
    saveArtifact({
      write: async () => {
        const saved = await update.mutateAsync({ id: current.id, fields, baseRevision });
        artifactUpdated(utils, saved);
      },
      onConflict: () => showConflict(fields),
      returnPath: `/update-artifact/${current.id}`,
      failureLog: "Updating the artifact failed",
      failureNotice: (error) => ({
        title: "Error!",
        text: serverMessage(error) ?? MESSAGES.updateFailed,
      }),
      successNotice: {
        title: "Artifact Updated Successfully",
        text: "Your changes have been saved to the historical collection",
        timerMs: ARTIFACT_UPDATED_TIMER_MS,
      },
    });

  return (
    <Page width="medium">
      <title>{TITLE}</title>
      <PageHeader
        eyebrow="Edit entry"
        title="Update Artifact"
        subtitle={
          <>
            Editing <span className="font-medium text-ink">{current.artifactName}</span>
          </>
        }
        aside={
          <ButtonLink to="/myartifacts" variant="ghost" size="sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            My Artifacts
          </ButtonLink>
        }
      />
      {conflict && <EditConflict conflict={conflict} />}
      <ArtifactForm
        defaultValues={pickArtifactFields(current)}
        savedImage={
          current.imageWidth && current.imageHeight
            ? {
                url: current.artifactImage,
                width: current.imageWidth,
                height: current.imageHeight,
                placeholder: current.imagePlaceholder,
              }
            : undefined
        }
        submitLabel="Save Changes"
        busyLabel="Updating..."
        busy={update.isPending}
        onSubmit={submit}
        notes={
          <FormNote icon={ShieldCheck}>
            All changes are reviewed for accuracy and historical significance before publication.
          </FormNote>
        }
      />
    </Page>
  );
}
