import { zodResolver } from "@hookform/resolvers/zod";
import { Rss, Settings2, Share2, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import {
  harvestSettingsInput,
  type HarvestingOverview,
  type HarvestSettingsInput,
} from "@artifact-atlas/shared";
import { FormError } from "../components/AuthCard";
import { Button } from "../components/Button";
import { CopyButton } from "../components/CopyButton";
import { useDialogs } from "../components/DialogProvider";
import { TextField } from "../components/Field";
import { FormSection } from "../components/FormSection";
import { LoadFailed } from "../components/Failures";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../components/Table";
import { harvestSettingsSaved } from "../lib/cache-updates";
import { fieldErrors, serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

const SAVE_FAILED = "The harvesting settings could not be saved right now. Please try again.";

const number = (value: number) => value.toLocaleString("en");

/**
 * /admin/harvesting (issue 34), a tab of the Admin screen for admins: where harvesters such as
 * Europeana's aggregators find the collection, how many records carry rights Europeana accepts,
 * which fields are missing most, and the settings harvesters are told.
 */
export default function HarvestingRoute() {
  const overview = trpc.harvesting.overview.useQuery(undefined, {
    meta: { failureLog: "Error loading the harvesting overview" },
  });
  return (
    <section aria-labelledby="harvesting-heading" className="flex flex-col gap-8">
      <title>Harvesting | Admin | Artifact Atlas</title>
      <h2 id="harvesting-heading" className="sr-only">
        Harvesting
      </h2>
      <p className="text-muted">
        Aggregators such as Europeana collect the collection's public records over OAI-PMH, in
        Dublin Core and the Europeana Data Model.
      </p>
      <QueryState
        query={overview}
        loading={<PageSpinner label="Loading the harvesting overview" />}
        failed={
          <LoadFailed>Unable to load the harvesting overview. Please try again later.</LoadFailed>
        }
      >
        {(data) => (
          <>
            <Endpoints overview={data} />
            <Readiness overview={data} />
            <HarvestSettingsForm overview={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Section({
  title,
  icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <FormSection title={title} icon={icon}>
      {children}
    </FormSection>
  );
}

function Endpoints({ overview }: { overview: HarvestingOverview }) {
  const rows = [
    { label: "OAI-PMH base URL", url: overview.endpoint },
    { label: "Atom feed of new artifacts", url: overview.feed },
    { label: "Dataset description (VoID)", url: overview.dataset },
  ];
  return (
    <Section title="Where harvesters go" icon={Share2}>
      <dl className="flex flex-col gap-4">
        {rows.map(({ label, url }) => (
          <div key={label} className="flex min-w-0 flex-col gap-1">
            <dt className="text-sm font-semibold text-ink">{label}</dt>
            <dd className="flex min-w-0 flex-wrap items-center gap-3">
              <a
                href={url}
                className="font-mono text-sm [overflow-wrap:anywhere] text-accent underline-offset-4 hover:underline"
              >
                {url}
              </a>
              <CopyButton text={url} label={`Copy the ${label}`} />
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Readiness({ overview }: { overview: HarvestingOverview }) {
  const { rights } = overview;
  const counts = [
    { label: "Harvested records", value: overview.harvested },
    { label: "With rights Europeana accepts", value: rights.accepted },
    { label: "With rights Europeana does not accept", value: rights.notAccepted },
    { label: "Deleted records", value: overview.deleted },
  ];
  return (
    <Section title="How ready the records are" icon={Rss}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {counts.map(({ label, value }) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-serif text-2xl font-semibold text-ink">{number(value)}</dd>
          </div>
        ))}
      </dl>
      {rights.notEvaluated > 0 && (
        <p className="mt-3 text-sm text-muted">
          {number(rights.notEvaluated)} of those accepted say "Copyright Not Evaluated", which
          Europeana shows least.
        </p>
      )}
      <h3 className="mt-6 mb-3 font-serif text-lg font-semibold text-ink">Fields missing most</h3>
      {overview.missingFields.length === 0 ? (
        <p className="text-sm text-muted">
          Every harvested record has every field Europeana asks for.
        </p>
      ) : (
        <Table label="Fields missing most">
          <THead>
            <Tr>
              <Th>Field</Th>
              <Th>Records without it</Th>
              <Th>Why it matters</Th>
            </Tr>
          </THead>
          <TBody>
            {overview.missingFields.map((field) => (
              <Tr key={field.field}>
                <Td label="Field" className="font-mono">
                  {field.field}
                </Td>
                <Td label="Records without it">{number(field.records)}</Td>
                <Td label="Why it matters">{field.why}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Section>
  );
}

function HarvestSettingsForm({ overview }: { overview: HarvestingOverview }) {
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const save = trpc.harvesting.updateSettings.useMutation({
    meta: { failureLog: "Saving the harvesting settings failed" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HarvestSettingsInput>({
    resolver: zodResolver(harvestSettingsInput),
    defaultValues: overview.settings,
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const updated = await save.mutateAsync(values);
      harvestSettingsSaved(utils, updated);
      void dialogs.notify({ variant: "success", title: "Harvesting settings saved" });
    } catch (error) {
      const perField = fieldErrors(error);
      for (const [field, message] of Object.entries(perField)) {
        setError(field as keyof HarvestSettingsInput, { message });
      }
      if (Object.keys(perField).length === 0) setFormError(serverMessage(error) ?? SAVE_FAILED);
    }
  });

  const { defaults } = overview;
  return (
    <Section title="Settings" icon={Settings2}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-[var(--color-accent)]"
            {...register("onlyApproved")}
          />
          <span>
            <span className="font-semibold">Only records approved by a curator</span>
            <span className="block text-muted">
              Artifacts waiting for their first review are left out of the harvest until a curator
              approves them.
            </span>
          </span>
        </label>
        <TextField
          label="Data provider"
          hint={`The name aggregators show for the collection. Empty: ${defaults.dataProvider}.`}
          placeholder={defaults.dataProvider}
          error={errors.dataProvider?.message}
          {...register("dataProvider")}
        />
        <TextField
          label="Provider"
          hint={`The aggregator that passes the records on to Europeana. Empty: ${defaults.provider}.`}
          placeholder={defaults.provider}
          error={errors.provider?.message}
          {...register("provider")}
        />
        <TextField
          label="Contact email for harvesters"
          type="email"
          hint={`Harvesters write here when something goes wrong. Empty: ${defaults.adminEmail}.`}
          placeholder={defaults.adminEmail}
          error={errors.adminEmail?.message}
          {...register("adminEmail")}
        />
        <FormError message={formError} />
        <Button type="submit" variant="secondary" busy={save.isPending} busyText="Saving...">
          Save settings
        </Button>
      </form>
    </Section>
  );
}
