import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { countLabel } from "../lib/text";
import { LoadFailedCard } from "./Failures";
import { QueryState, type QueryAnswer } from "./QueryState";
import { PageSpinner } from "./Spinner";
import { Td, Tr } from "./Table";
import { TypeBadge } from "./TypeBadge";

// The pieces shared by the signed-in user's artifact tables (My Artifacts, Liked Artifacts).

/** A member's list (lib/member-lists.ts): a spinner, the spec's error, `empty`, or `children`. */
export function ArtifactListStates<Item>({
  query,
  loadingLabel,
  errorMessage,
  empty,
  children,
}: {
  query: QueryAnswer<Item[]>;
  loadingLabel: string;
  errorMessage: string;
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={<PageSpinner label={loadingLabel} />}
      failed={<LoadFailedCard title="Error Loading Artifacts" message={errorMessage} />}
    >
      {(items) => (items.length === 0 ? empty : children(items))}
    </QueryState>
  );
}

/** "3 artifacts", in the page header beside the title. */
export function ArtifactCount({ count }: { count: number }) {
  return (
    <p className="rounded-full bg-accent-soft px-4 py-1.5 text-sm font-semibold text-accent">
      {countLabel(count, "artifact")}
    </p>
  );
}

export function ArtifactRow({ children }: { children: ReactNode }) {
  return <Tr className="transition-colors hover:bg-surface-muted/60">{children}</Tr>;
}

/** The row's position, counting from 1. */
export function RowNumberCell({ index }: { index: number }) {
  return (
    <Td label="#" className="text-muted tabular-nums">
      {index + 1}
    </Td>
  );
}

export function ArtifactNameCell({ artifact }: { artifact: { id: number; artifactName: string } }) {
  return (
    <Td label="Artifact Name">
      <Link
        to={`/artifacts/${artifact.id}`}
        className="rounded font-serif text-base font-semibold text-ink hover:text-accent"
      >
        {artifact.artifactName}
      </Link>
    </Td>
  );
}

export function ArtifactTypeCell({ type }: { type: string }) {
  return (
    <Td label="Type">
      <TypeBadge type={type} />
    </Td>
  );
}
