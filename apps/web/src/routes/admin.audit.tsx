import { ScrollText } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  type AuditAction,
  type AuditLogEntry,
} from "@artifact-atlas/shared";
import { Button, ButtonLink } from "../components/Button";
import { EmptyState } from "../components/EmptyState";
import { SelectField, TextField } from "../components/Field";
import { LoadFailedCard } from "../components/Failures";
import { LoadMore } from "../components/LoadMore";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { formatMoment } from "../lib/dates";
import { trpc } from "../lib/trpc";

const isAction = (value: string | null): value is AuditAction =>
  AUDIT_ACTIONS.includes(value as AuditAction);

/** A positive whole number from the URL, or undefined. */
function idParam(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

const ACTION_OPTIONS = [
  { value: "", label: "Every action" },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) })),
];

/** A box for an id: digits only, the number pad on a phone. */
function IdField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      pattern="[0-9]*"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The filters; they live in the URL (?person=, ?actor=, ?action=, ?artifact=), so a view can be
 * linked. A person is found by part of a name or email (issue 28), an account also by its id.
 */
function AuditFilters() {
  const [params, setParams] = useSearchParams();
  const [person, setPerson] = useState(params.get("person") ?? "");
  const [actor, setActor] = useState(params.get("actor") ?? "");
  const [action, setAction] = useState(params.get("action") ?? "");
  const [artifact, setArtifact] = useState(params.get("artifact") ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (person.trim()) next.set("person", person.trim());
    if (idParam(actor.trim())) next.set("actor", actor.trim());
    if (isAction(action)) next.set("action", action);
    if (idParam(artifact.trim())) next.set("artifact", artifact.trim());
    setParams(next);
  };
  const filtered = params.size > 0;
  return (
    <form
      role="search"
      aria-label="Audit log"
      onSubmit={submit}
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr_auto_auto] lg:items-end"
    >
      <TextField
        label="Who (name or email)"
        type="search"
        maxLength={100}
        value={person}
        onChange={(event) => setPerson(event.target.value)}
      />
      <SelectField
        label="Action"
        value={action}
        options={ACTION_OPTIONS}
        onChange={(event) => setAction(event.target.value)}
      />
      <IdField label="Account id" value={actor} onChange={setActor} />
      <IdField label="Artifact id" value={artifact} onChange={setArtifact} />
      <Button type="submit">Filter</Button>
      {filtered && (
        <ButtonLink to="/admin/audit" variant="ghost">
          Clear filters
        </ButtonLink>
      )}
    </form>
  );
}

/** Who did it: the server, a former member, or the account's current name (a filter link). */
function Actor({ entry }: { entry: AuditLogEntry }) {
  if (entry.actorId === null) return <span className="text-muted">Server</span>;
  if (entry.actorName === null) return <span className="text-muted">Former member</span>;
  return (
    <Link to={`/admin/audit?actor=${entry.actorId}`} className="font-medium hover:text-accent">
      {entry.actorName}
    </Link>
  );
}

function ArtifactCell({ entry }: { entry: AuditLogEntry }) {
  if (entry.artifactId === null) return <span className="text-muted">—</span>;
  if (entry.artifactName === null) {
    return <span className="text-muted">#{entry.artifactId} (gone)</span>;
  }
  return (
    <Link to={`/artifacts/${entry.artifactId}`} className="text-accent hover:underline">
      {entry.artifactName}
    </Link>
  );
}

function Subject({ entry }: { entry: AuditLogEntry }) {
  if (entry.subjectUserId === null) return <span className="text-muted">—</span>;
  return entry.subjectName ?? <span className="text-muted">Former member</span>;
}

function Details({ details }: { details: AuditLogEntry["details"] }): ReactNode {
  const pairs = Object.entries(details ?? {});
  if (pairs.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm">
      {pairs.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted">{name}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/audit: the append-only log, newest first, a page at a time, with its filters. */
export default function AdminAuditRoute() {
  const [params] = useSearchParams();
  const action = params.get("action");
  const audit = trpc.admin.audit.useInfiniteQuery(
    {
      person: params.get("person") ?? undefined,
      actorId: idParam(params.get("actor")),
      action: isAction(action) ? action : undefined,
      artifactId: idParam(params.get("artifact")),
      limit: AUDIT_PAGE_SIZE,
    },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="audit-heading">
      <title>Audit log | Admin | Artifact Atlas</title>
      <h2 id="audit-heading" className="sr-only">
        Audit log
      </h2>
      <AuditFilters key={params.toString()} />
      <QueryState
        query={audit}
        loading={<PageSpinner label="Loading the audit log" />}
        failed={
          <LoadFailedCard
            title="Error Loading the Audit Log"
            message="Unable to load the audit log. Please try again later."
          />
        }
      >
        {() =>
          items.length === 0 ? (
            <EmptyState
              icon={ScrollText}
              title="Nothing recorded"
              message="No decision, role change, delete, restore or purge matches."
            />
          ) : (
            <>
              <Table label="Audit log">
                <THead>
                  <Tr>
                    <Th>Time</Th>
                    <Th>Who</Th>
                    <Th>What</Th>
                    <Th>Artifact</Th>
                    <Th>Account</Th>
                    <Th>Details</Th>
                    <Th>Request</Th>
                  </Tr>
                </THead>
                <TBody>
                  {items.map((entry) => (
                    <Tr key={entry.id}>
                      <Td label="Time" className="whitespace-nowrap">
                        <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
                      </Td>
                      <Td label="Who">
                        <Actor entry={entry} />
                      </Td>
                      <Td label="What" className="font-medium">
                        {auditActionLabel(entry.action)}
                      </Td>
                      <Td label="Artifact">
                        <ArtifactCell entry={entry} />
                      </Td>
                      <Td label="Account">
                        <Subject entry={entry} />
                      </Td>
                      <Td label="Details">
                        <Details details={entry.details} />
                      </Td>
                      <Td label="Request" className="font-mono text-xs break-all text-muted">
                        {entry.requestId ?? "—"}
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
              <LoadMore pages={audit}>Show older entries</LoadMore>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
