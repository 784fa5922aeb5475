import { ArrowLeft, FileQuestion, ShieldCheck, UserRoundX } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import {
  ARTIFACT_UPDATED_TIMER_MS,
  MESSAGES,
  pickArtifactFields,
  type ArtifactDetail,
  type ArtifactSubmission,
  type ArtifactPlaces,
} from "@artifact-atlas/shared";
import { ArtifactForm } from "../components/ArtifactForm";
import { ButtonLink } from "../components/Button";
import { useDialogs } from "../components/DialogProvider";
import { EditConflict, type EditConflictState } from "../components/EditConflict";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { FormNote } from "../components/FormSection";
import { PageHeader } from "../components/PageHeader";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { parseArtifactId } from "../lib/artifact-id";
import { artifactUpdated, placesSaved } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { useSaveArtifact } from "../lib/save-artifact";
import { trpc } from "../lib/trpc";

const TITLE = "Update Artifact | Historical Collection";

export default function UpdateArtifactRoute() {
  const id = parseArtifactId(useParams().id);
  // The artifact with its newest revision's number, read together: the base of this edit.
  const editing = trpc.revisions.forEditing.useQuery(
    { id: id ?? 0 },
    // Spec: a failed load is logged and the screen says the artifact was not found.
    { enabled: id !== null, retry: false, meta: { failureLog: "Error loading artifact" } },
  );
  if (id === null) return <ArtifactNotFound />;
  return (
    <QueryState
      query={editing}
      loading={
        <Page>
          <title>{TITLE}</title>
          <PageSpinner label="Loading artifact" />
        </Page>
      }
      notFound={<ArtifactNotFound />}
      failed={<ArtifactNotFound />}
    >
      {(start) => <EditArtifact key={start.artifact.id} start={start} />}
    </QueryState>
  );
}

function ArtifactNotFound() {
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

/**
 * The form, based on the revision it opened at. That base moves only when the person has been
 * shown the newer version (a refused save), never silently, so a save can never overwrite a
 * change that they have not seen.
 */
function EditArtifact({
  start,
}: {
  start: { artifact: ArtifactDetail; revision: number; mayEdit: boolean };
}) {
  const current = start.artifact;
  const saveArtifact = useSaveArtifact();
  const utils = trpc.useUtils();
  const update = trpc.artifacts.update.useMutation();
  const setPlaces = trpc.places.set.useMutation();
  // The form opens with the saved places, exact for those who may edit (issue 31).
  const savedPlaces = trpc.places.byArtifact.useQuery({ id: current.id });
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
    } catch {
      await dialogs.notify({ variant: "error", title: "Error!", text: MESSAGES.editConflict });
    }
  };

  const submit = (fields: ArtifactSubmission, places: ArtifactPlaces) =>
    saveArtifact({
      write: async () => {
        const saved = await update.mutateAsync({ id: current.id, fields, baseRevision });
        if (start.mayEdit) {
          await setPlaces.mutateAsync({ id: current.id, ...places });
          placesSaved(utils, current.id);
        }
        artifactUpdated(utils, saved);
      },
      onConflict: () => showConflict(fields),
      returnPath: `/update-artifact/${current.id}`,
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
      {!start.mayEdit && (
        // Said before anyone types (issue 29); Save still answers with the spec's message.
        <p
          role="note"
          className="mb-6 flex gap-3 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm leading-relaxed text-ink"
        >
          <UserRoundX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <span className="[overflow-wrap:anywhere]">
            This artifact was added by {current.username}. Only they, curators and admins can change
            it, so your changes would not be saved.{" "}
            <Link
              to={`/artifacts/${current.id}#discussion`}
              className="font-medium text-accent underline underline-offset-2"
            >
              Suggest a change in its discussion
            </Link>
          </span>
        </p>
      )}
      {conflict && <EditConflict conflict={conflict} />}
      {savedPlaces.isPending ? (
        <PageSpinner label="Loading artifact" />
      ) : (
        <ArtifactForm
          defaultPlaces={savedPlaces.data}
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
      )}
    </Page>
  );
}
