import { ArrowLeft, FileQuestion, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { ARTIFACT_UPDATED_TIMER_MS, MESSAGES, type ArtifactFields } from "@artifact-atlas/shared";
import { ArtifactForm } from "../components/ArtifactForm";
import { ButtonLink } from "../components/Button";
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
  const saveArtifact = useSaveArtifact();
  const utils = trpc.useUtils();
  const artifact = trpc.artifacts.byId.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, retry: false },
  );
  const update = trpc.artifacts.update.useMutation();

  useEffect(() => {
    // Spec: a failed load is logged and the screen says the artifact was not found.
    if (artifact.error) console.error("Error loading artifact", artifact.error);
  }, [artifact.error]);

  if (id !== null && artifact.isPending) {
    return (
      <Page>
        <title>{TITLE}</title>
        <PageSpinner label="Loading artifact" />
      </Page>
    );
  }

  if (id === null || !artifact.data) {
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

  const current = artifact.data;

  const submit = (fields: ArtifactFields) =>
    saveArtifact({
      write: async () => {
        const saved = await update.mutateAsync({ id: current.id, fields });
        artifactUpdated(utils, saved);
      },
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
      <ArtifactForm
        defaultValues={{
          artifactName: current.artifactName,
          artifactImage: current.artifactImage,
          artifactType: current.artifactType,
          historicalContext: current.historicalContext,
          createdAt: current.createdAt,
          discoveredAt: current.discoveredAt,
          discoveredBy: current.discoveredBy,
          presentLocation: current.presentLocation,
          imageAlt: current.imageAlt,
        }}
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
