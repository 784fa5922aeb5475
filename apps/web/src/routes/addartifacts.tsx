import { BadgeCheck, Eye, ShieldCheck, UserRound } from "lucide-react";
import { ARTIFACT_ADDED_TIMER_MS, type ArtifactSubmission } from "@artifact-atlas/shared";
import { ArtifactForm } from "../components/ArtifactForm";
import { Page } from "../components/Container";
import { TextField } from "../components/Field";
import { FormNote, FormSection } from "../components/FormSection";
import { PageHeader } from "../components/PageHeader";
import { artifactAdded } from "../lib/cache-updates";
import { useSaveArtifact } from "../lib/save-artifact";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

export default function AddArtifactRoute() {
  const { user } = useSession();
  const saveArtifact = useSaveArtifact();
  const utils = trpc.useUtils();
  const create = trpc.artifacts.create.useMutation();

  const submit = (values: ArtifactSubmission) =>
    saveArtifact({
      write: async () => {
        await create.mutateAsync(values);
        artifactAdded(utils);
      },
      returnPath: "/addartifacts",
      failureNotice: () => ({ title: "Something went wrong", text: "Please try again later." }),
      successNotice: {
        title: "Artifact has been added",
        text: "Your contribution to the historical collection is greatly appreciated",
        timerMs: ARTIFACT_ADDED_TIMER_MS,
      },
    });

  return (
    <Page width="medium">
      <title>Add Artifact | Artifact Atlas</title>
      <PageHeader
        eyebrow="Contribute"
        title="Add a New Artifact"
        subtitle="Share a piece of history with the community: what it is, when it was made and where it can be seen today."
      />
      <ArtifactForm
        submitLabel="Add Artifact"
        busyLabel="Adding Artifact..."
        busy={create.isPending}
        onSubmit={submit}
        extraSections={
          <FormSection title="Contributor Information" icon={UserRound}>
            <div className="mb-5 flex items-center gap-2">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1 text-xs font-semibold text-success">
                <BadgeCheck aria-hidden="true" className="size-4" />
                Verified Contributor
              </span>
            </div>
            <div className="grid gap-5 md:grid-cols-2">
              <TextField label="Contributor Name" value={user?.name ?? ""} readOnly />
              <TextField
                label="Contributor Email"
                type="email"
                value={user?.email ?? ""}
                readOnly
              />
            </div>
          </FormSection>
        }
        notes={
          <>
            <FormNote icon={Eye}>
              Your contributor profile (your name) is published with this submission.
            </FormNote>
            <FormNote icon={ShieldCheck}>
              All submissions are reviewed for accuracy and historical significance.
            </FormNote>
          </>
        }
      />
    </Page>
  );
}
