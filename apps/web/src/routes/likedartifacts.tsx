import { HeartOff } from "lucide-react";
import {
  ArtifactCount,
  ArtifactListStates,
  ArtifactNameCell,
  ArtifactRow,
  ArtifactTypeCell,
  RowNumberCell,
} from "../components/ArtifactTable";
import { ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { PageHeader } from "../components/PageHeader";
import { TBody, THead, Table, Td, Th, Tr } from "../components/Table";
import { useLikedArtifacts } from "../lib/member-lists";

export default function LikedArtifactsRoute() {
  const liked = useLikedArtifacts();
  const count = liked.data?.length ?? 0;

  return (
    <Page>
      <title>Liked Artifacts | Artifact Atlas</title>
      <PageHeader
        eyebrow="Your favourites"
        title="Liked Artifacts"
        subtitle="Every artifact you have liked, most recent first."
        aside={count > 0 ? <ArtifactCount count={count} /> : null}
      />
      <ArtifactListStates
        query={liked}
        loadingLabel="Loading liked artifacts"
        errorMessage="Unable to load liked artifacts. Please try again later."
        empty={
          <EmptyState
            icon={HeartOff}
            title="No liked artifacts yet"
            message="Artifacts you like appear here, so you can find them again."
            action={<ButtonLink to="/allartifacts">Explore All Artifacts</ButtonLink>}
          />
        }
      >
        {(items) => (
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
              {items.map((artifact, index) => (
                <ArtifactRow key={artifact.id}>
                  <RowNumberCell index={index} />
                  <ArtifactNameCell artifact={artifact} />
                  <ArtifactTypeCell type={artifact.artifactType} />
                  <Td label="Historical Period" className="text-muted">
                    {artifact.createdAt}
                  </Td>
                </ArtifactRow>
              ))}
            </TBody>
          </Table>
        )}
      </ArtifactListStates>
    </Page>
  );
}
