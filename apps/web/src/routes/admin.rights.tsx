import { Scale } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  METADATA_LICENSES,
  MESSAGES,
  rightsStatement,
  type RightsUri,
  type SiteRights,
} from "@artifact-atlas/shared";
import { Button } from "../components/Button";
import { SelectField } from "../components/Field";
import { FormSection } from "../components/FormSection";
import { RightsLink, RightsSelect } from "../components/Rights";
import { PageSpinner } from "../components/Spinner";
import { siteRightsSaved } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

const LICENSE_OPTIONS = METADATA_LICENSES.map((uri) => ({
  value: uri,
  label: rightsStatement(uri).name,
}));

/**
 * Admin, Rights (issue 30): the licence the site's data about artifacts is published under, which
 * every public page, the export and the IIIF manifests state, and the rights the form proposes for
 * an upload.
 */
export default function AdminRightsRoute() {
  const site = trpc.rights.site.useQuery();
  return (
    <>
      <title>Rights | Admin | Artifact Atlas</title>
      {site.data ? <RightsForm saved={site.data} /> : <PageSpinner label="Loading the settings" />}
    </>
  );
}

function RightsForm({ saved }: { saved: SiteRights }) {
  const utils = trpc.useUtils();
  const save = trpc.rights.setSite.useMutation();
  const [metadataLicense, setMetadataLicense] = useState<RightsUri>(saved.metadataLicense);
  const [uploadRights, setUploadRights] = useState<RightsUri>(saved.uploadRights);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    try {
      const answer = await save.mutateAsync({ metadataLicense, uploadRights });
      siteRightsSaved(utils, answer);
      setSaid({ ok: true, text: MESSAGES.siteRightsSaved });
    } catch (error) {
      setSaid({ ok: false, text: serverMessage(error) ?? "The settings could not be saved." });
    }
  };

  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-6">
      <FormSection title="Rights" icon={Scale}>
        <div className="flex flex-col gap-5">
          <SelectField
            label="Licence of the site's data"
            options={LICENSE_OPTIONS}
            value={metadataLicense}
            onChange={(event) => setMetadataLicense(event.target.value as RightsUri)}
            hint="What the artifacts' names, dates, places and histories are published under: every public page, the export and the IIIF manifests say so. Images keep their own rights."
          />
          <RightsSelect
            label="Rights proposed for an upload"
            value={uploadRights}
            onChange={(event) => setUploadRights(event.target.value as RightsUri)}
          />
          <p className="text-sm text-muted">
            Now: data under <RightsLink uri={saved.metadataLicense} />; uploads proposed as{" "}
            <RightsLink uri={saved.uploadRights} />. An image at an address elsewhere starts as
            Copyright Not Evaluated.
          </p>
        </div>
      </FormSection>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          Save
        </Button>
        {said && (
          <p
            role={said.ok ? "status" : "alert"}
            className={said.ok ? "text-sm text-success" : "text-sm font-medium text-danger"}
          >
            {said.text}
          </p>
        )}
      </div>
    </form>
  );
}
