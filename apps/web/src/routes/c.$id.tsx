import {
  COLLECTION_ITEMS_PAGE_SIZE,
  type CollectionDetail,
  type CollectionItem,
} from "@artifact-atlas/shared";
import { ArrowDown, ArrowUp, Heart, Library, Presentation, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { Button, ButtonLink } from "../components/Button";
import { CollectionActions } from "../components/CollectionActions";
import { CollectionCover } from "../components/CollectionCover";
import { CollectionHistory } from "../components/CollectionHistory";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { SelectField, TextAreaField } from "../components/Field";
import { InlineError } from "../components/Failures";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { collectionsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import { collectionIdOf } from "../lib/collections";
import NotFoundRoute from "./not-found";
import { ServerMarkdown } from "../components/ServerMarkdown";
import { FollowCollection } from "../components/conversation/FollowCollection";

/** A collection's page (issue 32): cover, title, description, members, and its artifacts in order. */
export default function CollectionRoute() {
  const id = collectionIdOf(useParams().id);
  const collection = trpc.collections.byId.useQuery({ id }, { enabled: id > 0 });
  if (id === 0) return <NotFoundRoute />;
  return (
    <QueryState query={collection} loading={<PageSpinner label="Loading the collection" fill />}>
      {(detail) => <CollectionView collection={detail} />}
    </QueryState>
  );
}

function CollectionView({ collection }: { collection: CollectionDetail }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const items = trpc.collections.items.useQuery({ id: collection.id, page });
  const editable = collection.rights.edit && collection.kind === "curated";
  const members = [collection.owner, ...collection.collaborators];

  return (
    <Page>
      <title>{`${collection.title} | Artifact Atlas`}</title>
      {collection.cover && (
        <CollectionCover
          cover={collection.cover}
          className="mb-8 aspect-[3/1] w-full rounded-2xl"
        />
      )}
      <PageHeader
        eyebrow={collection.kind === "search" ? "Saved search" : "Collection"}
        title={collection.title}
        subtitle={
          <>
            {collection.artifactCount} {collection.artifactCount === 1 ? "artifact" : "artifacts"} ·
            by {members.map((member) => member.name).join(", ")}
          </>
        }
        aside={
          <div className="flex flex-wrap items-start gap-2">
            <FollowCollection collection={collection} />
            <CollectionLike collection={collection} />
            {collection.kind === "curated" && collection.artifactCount > 0 && (
              <ButtonLink to={`/c/${collection.id}/exhibit`} variant="primary">
                <Presentation aria-hidden="true" className="size-4" />
                Exhibit
              </ButtonLink>
            )}
          </div>
        }
      />
      {collection.descriptionHtml && (
        <ServerMarkdown
          className="prose-comment mb-10 max-w-2xl leading-relaxed text-ink [&_a]:text-accent [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-3 [&_ul]:list-disc"
          html={collection.descriptionHtml}
        />
      )}
      {collection.rights.own && <OwnerTools collection={collection} />}
      <CollectionActions collection={collection} />
      <QueryState query={items} loading={<PageSpinner label="Loading the artifacts" />}>
        {(answer) =>
          answer.items.length === 0 ? (
            <EmptyState
              icon={Library}
              title="No artifacts here yet"
              message={
                editable
                  ? "Use Add to collection on any artifact to put it here."
                  : "This collection shows no artifacts at the moment."
              }
              action={<ButtonLink to="/allartifacts">Explore All Artifacts</ButtonLink>}
            />
          ) : (
            <>
              <ol className="flex flex-col gap-4" aria-label="Artifacts in this collection">
                {answer.items.map((item, index) => (
                  <ItemRow
                    key={item.artifact.id}
                    collection={collection}
                    item={item}
                    position={(page - 1) * COLLECTION_ITEMS_PAGE_SIZE + index}
                    total={answer.total}
                    editable={editable}
                  />
                ))}
              </ol>
              <Pagination
                className="mt-8"
                page={answer.page}
                pageCount={answer.pageCount}
                onPageChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
              />
              <CollectionHistory id={collection.id} />
            </>
          )
        }
      </QueryState>
    </Page>
  );
}

/** Like this collection (signed in), with its count; a visitor sees the count. */
function CollectionLike({ collection }: { collection: CollectionDetail }) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const status = trpc.collections.likeStatus.useQuery(
    { id: collection.id },
    { enabled: user !== null },
  );
  const like = trpc.collections.like.useMutation();
  const unlike = trpc.collections.unlike.useMutation();
  const liked = status.data?.liked ?? false;
  const count = status.data?.likeCount ?? collection.likeCount;
  if (!user) {
    return (
      <span className="inline-flex h-11 items-center gap-1.5 text-sm text-muted">
        <Heart aria-hidden="true" className="size-4 text-accent" />
        {count} {count === 1 ? "like" : "likes"}
      </span>
    );
  }
  return (
    <Button
      type="button"
      variant="secondary"
      aria-pressed={liked}
      busy={like.isPending || unlike.isPending}
      onClick={() => {
        const change = liked ? unlike : like;
        void change
          .mutateAsync({ id: collection.id })
          .then(() => collectionsChanged(utils))
          .catch(() => undefined);
      }}
    >
      <Heart aria-hidden="true" className={liked ? "size-4 fill-current text-accent" : "size-4"} />
      Like this collection
      <span className="text-muted">({count})</span>
    </Button>
  );
}

/** An artifact's moves within its collection: one place up or down. */
const MOVES = [
  { step: -1, label: "Move up", Icon: ArrowUp },
  { step: 1, label: "Move down", Icon: ArrowDown },
] as const;

/** One artifact in the list; members of the collection move, annotate and remove it here. */
function ItemRow({
  collection,
  item,
  position,
  total,
  editable,
}: {
  collection: CollectionDetail;
  item: CollectionItem;
  position: number;
  total: number;
  editable: boolean;
}) {
  const utils = trpc.useUtils();
  const change = trpc.collections.changeItem.useMutation();
  const remove = trpc.collections.removeItems.useMutation();
  const [note, setNote] = useState(item.note);
  const [error, setError] = useState<string | null>(null);
  const { artifact } = item;
  const refresh = () => collectionsChanged(utils);

  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await refresh();
    } catch (failure) {
      setError(serverMessage(failure) ?? "That did not work. Please try again.");
    }
  };
  const move = (to: number) =>
    run(() =>
      change.mutateAsync({ id: collection.id, artifactId: artifact.id, change: { position: to } }),
    );

  return (
    <li className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[10rem_1fr]">
      <div className="overflow-hidden rounded-xl">
        <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.preview} />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm text-muted">{position + 1}.</p>
        <h2 className="font-serif text-xl font-semibold [overflow-wrap:anywhere]">
          <Link to={`/artifacts/${artifact.id}`} className="hover:text-accent">
            {artifact.artifactName}
          </Link>
        </h2>
        <p className="text-sm text-muted">
          {artifact.artifactType} · {artifact.createdAt}
        </p>
        {!editable && item.note && <p className="leading-relaxed">{item.note}</p>}
        {editable && (
          <div className="flex flex-col gap-3">
            <TextAreaField
              label={`Note on ${artifact.artifactName}`}
              value={note}
              maxLength={1000}
              onChange={(event) => setNote(event.target.value)}
              className="max-w-xl"
            />
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={note === item.note}
                busy={change.isPending && change.variables?.change.note !== undefined}
                onClick={() =>
                  void run(() =>
                    change.mutateAsync({
                      id: collection.id,
                      artifactId: artifact.id,
                      change: { note },
                    }),
                  )
                }
              >
                Save note
              </Button>
              {MOVES.map(({ step, label, Icon }) => (
                <Button
                  key={step}
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={position + step < 0 || position + step >= total || change.isPending}
                  onClick={() => void move(position + step)}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                  <span className="sr-only">: {artifact.artifactName}</span>
                </Button>
              ))}
              <Button
                type="button"
                size="sm"
                variant="ghost"
                busy={remove.isPending}
                onClick={() =>
                  void run(() =>
                    remove.mutateAsync({ id: collection.id, artifactIds: [artifact.id] }),
                  )
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove<span className="sr-only">: {artifact.artifactName}</span>
              </Button>
            </div>
          </div>
        )}
        <InlineError message={error} />
      </div>
    </li>
  );
}

/** The owner's own controls: visibility and the trash. */
function OwnerTools({ collection }: { collection: CollectionDetail }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const update = trpc.collections.update.useMutation();
  const trash = trpc.collections.delete.useMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mb-10 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-end">
      <SelectField
        label="Visibility"
        value={collection.visibility}
        onChange={(event) => {
          setError(null);
          update
            .mutateAsync({
              id: collection.id,
              visibility: event.target.value as CollectionDetail["visibility"],
            })
            .then(() => collectionsChanged(utils))
            .catch((failure: unknown) => setError(serverMessage(failure) ?? "Please try again."));
        }}
        options={[
          { value: "private", label: "Private: only its members" },
          { value: "unlisted", label: "Unlisted: anyone with the link" },
          { value: "public", label: "Public: listed and searchable" },
        ]}
      />
      <Button
        type="button"
        variant="danger"
        busy={trash.isPending}
        onClick={() => {
          trash
            .mutateAsync({ id: collection.id })
            .then(async () => {
              await collectionsChanged(utils);
              await navigate("/collections");
            })
            .catch((failure: unknown) => setError(serverMessage(failure) ?? "Please try again."));
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Move to trash
      </Button>
      <InlineError message={error} />
    </div>
  );
}
