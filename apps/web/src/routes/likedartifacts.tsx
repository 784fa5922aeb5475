import { HeartOff, TriangleExclamationPoint } from "lucide-react";
import { Link } from "react-router-dom";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { PageSpinner } from "../components/Spinner";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { TypeBadge } from "../components/TypeBadge";
import { countLabel } from "../lib/text";
import { trpc } from "../lib/trpc";

export default function LikedArtifactsRoute() {
  const liked = trpc.likes.list.useQuery();

  return (
    <Page>
      <title>Liked Artifacts | Artifact Atlas</title>
      <PageHeader
        eyebrow="Your favourites"
        title="Liked Artifacts"
        subtitle="Every artifact you have liked, most recent first."
        aside={
          liked.data && liked.data.length > 0 ? (
            <p className="rounded-full bg-accent-soft px-4 py-1.5 text-sm font-semibold text-accent">
              {countLabel(liked.data.length, "artifact")}
            </p>
          ) : null
        }
      />
      {liked.isPending ? (
        <PageSpinner label="Loading liked artifacts" />
      ) : liked.isError ? (
        <EmptyState
          icon={TriangleExclamationPoint}
          tone="danger"
          title="Error Loading Artifacts"
          message="Unable to load liked artifacts. Please try again later."
        />
      ) : liked.data.length === 0 ? (
        <EmptyState
          icon={HeartOff}
          title="No liked artifacts yet"
          message="Artifacts you like appear here, so you can find them again."
          action={<ButtonLink to="/allartifacts">Explore All Artifacts</ButtonLink>}
        />
      ) : (
        <Table label="Liked artifacts">
          <THead>
            <Tr>
              <Th className="w-14">#</Th>
              <Th>Artifact Name</Th>
              <Th>Type</Th>
              <Th>Historical Period</Th>
            </Tr>
          </THead>
          <TBody>
            {liked.data.map((artifact, index) => (
              <Tr key={artifact.id} className="transition-colors hover:bg-surface-muted/60">
                <Td label="#" className="text-muted tabular-nums">
                  {index + 1}
                </Td>
                <Td label="Artifact Name">
                  <Link
                    to={`/artifacts/${artifact.id}`}
                    className="rounded font-serif text-base font-semibold text-ink hover:text-accent"
                  >
                    {artifact.artifactName}
                  </Link>
                </Td>
                <Td label="Type">
                  <TypeBadge type={artifact.artifactType} />
                </Td>
                <Td label="Historical Period" className="text-muted">
                  {artifact.createdAt}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Page>
  );
}
