import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  COLLECTION_TRASH_DAYS,
  type CollaboratorInvite,
  type CollectionCreateInput,
  type CollectionDetail,
  type CollectionMember,
  type CollectionPage,
  type CollectionSort,
  type CollectionSummary,
  type SavedSearch,
  collectionChanges,
  collectionCreateInput,
  collectionListQuery,
  hasRole,
} from "@artifact-atlas/shared";
import type { z } from "zod";
import type { AppDatabase } from "../../db/client";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { ServiceError } from "../errors";
import { find } from "../find";
import { renderComment } from "../conversation/markdown";
import { containsPattern } from "../../store/find-sql";
import { keysetSection } from "../export-sections";
import {
  COLLECTION_COLUMNS,
  loadCollection,
  loadForEditing,
  loadOwned,
  notFound,
  savedSearchOf,
  type CollectionRow,
  type Standing,
} from "./access";
import { recordChange } from "./history";
import { FORMER_MEMBER_EMAIL } from "../former-member";

/*
 * Collections (issue 32): creating, changing, listing, the trash and collaborators. The items
 * are in items.ts; who may do what in access.ts. Every write records its history.
 */

export const COLLECTION_TRASH_MS = COLLECTION_TRASH_DAYS * 24 * 60 * 60 * 1000;
/** The purge deletes at most this many collections per transaction. */
const PURGE_BATCH = 200;

/** The description's Markdown as the conversation renders it (no mentions in a description). */
function renderDescription(markdown: string): string {
  return markdown === "" ? "" : renderComment(markdown, () => new Map()).html;
}

function ownerOf(store: ArtifactStore, ownerId: number): CollectionMember {
  const row = store.collectionStatement("select id, name from users where id = ?").get(ownerId) as
    CollectionMember | undefined;
  return row ?? { id: ownerId, name: "" };
}

function collaboratorsOf(store: ArtifactStore, id: number): CollectionMember[] {
  return store
    .collectionStatement(
      `select u.id, u.name from collection_collaborators c join users u on u.id = c.user_id
     where c.collection_id = ? order by c.added_at, u.id`,
    )
    .all(id) as CollectionMember[];
}

/**
 * A collection as a list shows it, seen by `viewer`: the count and cover through the one find,
 * so that they hold only what the viewer is shown (the cover: its chosen artifact's image when
 * that shows, else the first shown artifact's).
 */
export function summaryOf(
  store: ArtifactStore,
  viewer: Viewer,
  row: CollectionRow,
): CollectionSummary {
  const first = find(store, viewer, {
    list: "collection",
    collection: row.id,
    window: { offset: 0, limit: 1 },
    total: true,
  });
  const chosen =
    row.coverArtifactId === null ? [] : store.find.artifactsById([row.coverArtifactId]);
  const coverArtifact = chosen[0] ?? first.items[0];
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    visibility: row.visibility,
    status: row.status,
    owner: ownerOf(store, row.ownerId),
    cover:
      coverArtifact && coverArtifact.artifactImage !== ""
        ? {
            url: coverArtifact.artifactImage,
            alt: coverArtifact.imageAlt || coverArtifact.artifactName,
          }
        : null,
    artifactCount: first.total ?? 0,
    likeCount: row.likeCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function detailOf(
  store: ArtifactStore,
  viewer: Viewer,
  row: CollectionRow,
  standing: Standing,
): CollectionDetail {
  const editable = row.deletedAt === null && (standing === "owner" || standing === "collaborator");
  return {
    ...summaryOf(store, viewer, row),
    description: row.description,
    descriptionHtml: row.descriptionHtml,
    collaborators: collaboratorsOf(store, row.id),
    query: savedSearchOf(row),
    coverArtifactId: row.coverArtifactId,
    hiddenReason: standing === "visitor" ? null : row.hiddenReason,
    deletedAt: row.deletedAt,
    rights: {
      edit: editable,
      own: standing === "owner",
      moderate: viewer !== null && viewer.id !== row.ownerId && hasRole(viewer.role, "curator"),
    },
  };
}

/** One collection, for whoever may see it (NOT_FOUND otherwise). */
export function getCollection(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number },
): CollectionDetail {
  const { row, standing } = loadCollection(store, viewer, input.id);
  return detailOf(store, viewer, row, standing);
}

export function createCollection(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  raw: CollectionCreateInput,
  now: number,
): CollectionDetail {
  const input = collectionCreateInput.parse(raw);
  const { db } = store;
  const id = db.$client.transaction(() => {
    const owned = store
      .collectionStatement("select count(*) from collections where owner_id = ?")
      .pluck()
      .get(viewer.id) as number;
    if (owned >= COLLECTION_LIMITS.perOwner) {
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.tooMany);
    }
    const inserted = store
      .collectionStatement(
        `insert into collections (owner_id, title, description, description_html, kind, query,
         visibility, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      )
      .pluck()
      .get(
        viewer.id,
        input.title,
        input.description,
        renderDescription(input.description),
        input.kind,
        input.query === undefined ? null : JSON.stringify(input.query),
        input.visibility,
        now,
        now,
      ) as number;
    recordChange(store, { collectionId: inserted, actorId: viewer.id, action: "create", at: now });
    return inserted;
  })();
  return getCollection(store, viewer, { id });
}

/**
 * Changes a collection's title, description, cover or query (owner and collaborators) and its
 * visibility (the owner alone).
 */
export function updateCollection(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  id: number,
  raw: z.input<typeof collectionChanges>,
  now: number,
): CollectionDetail {
  const changes = collectionChanges.parse(raw);
  const { db } = store;
  db.$client.transaction(() => {
    const { row, standing } = loadForEditing(store, viewer, id);
    if (changes.visibility !== undefined && changes.visibility !== row.visibility) {
      if (standing !== "owner") throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
      store
        .collectionStatement("update collections set visibility = ? where id = ?")
        .run(changes.visibility, id);
      recordChange(store, {
        collectionId: id,
        actorId: viewer.id,
        action: "visibility",
        detail: changes.visibility,
        at: now,
      });
    }
    if (changes.query !== undefined) {
      if (row.kind !== "search") {
        throw new ServiceError(
          "BAD_REQUEST",
          COLLECTION_MESSAGES.notSavedSearch,
          undefined,
          "query",
        );
      }
      store
        .collectionStatement("update collections set query = ? where id = ?")
        .run(JSON.stringify(changes.query satisfies SavedSearch), id);
    }
    if (changes.coverArtifactId !== undefined && changes.coverArtifactId !== null) {
      const inside = store
        .collectionStatement(
          "select 1 from collection_items where collection_id = ? and artifact_id = ?",
        )
        .get(id, changes.coverArtifactId);
      if (!inside) {
        throw new ServiceError(
          "BAD_REQUEST",
          COLLECTION_MESSAGES.notInCollection,
          undefined,
          "coverArtifactId",
        );
      }
    }
    const text = {
      title: changes.title ?? row.title,
      description: changes.description ?? row.description,
      cover: changes.coverArtifactId === undefined ? row.coverArtifactId : changes.coverArtifactId,
    };
    const textChanged =
      text.title !== row.title ||
      text.description !== row.description ||
      text.cover !== row.coverArtifactId ||
      changes.query !== undefined;
    store
      .collectionStatement(
        `update collections set title = ?, description = ?, description_html = ?,
         cover_artifact_id = ?, updated_at = ? where id = ?`,
      )
      .run(
        text.title,
        text.description,
        text.description === row.description
          ? row.descriptionHtml
          : renderDescription(text.description),
        text.cover,
        now,
        id,
      );
    if (textChanged) {
      const fields = [
        text.title !== row.title ? "title" : null,
        text.description !== row.description ? "description" : null,
        text.cover !== row.coverArtifactId ? "cover" : null,
        changes.query !== undefined ? "query" : null,
      ].filter((field) => field !== null);
      recordChange(store, {
        collectionId: id,
        actorId: viewer.id,
        action: "update",
        detail: fields.join(", "),
        at: now,
      });
    }
  })();
  return getCollection(store, viewer, { id });
}

/** Moves a collection to the trash (the owner alone); restorable for COLLECTION_TRASH_DAYS. */
export function trashCollection(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  id: number,
  now: number,
): { id: number; deletedAt: number; purgeAt: number } {
  const { db } = store;
  return db.$client.transaction(() => {
    const row = loadOwned(store, viewer, id);
    if (row.deletedAt !== null) {
      return { id, deletedAt: row.deletedAt, purgeAt: row.deletedAt + COLLECTION_TRASH_MS };
    }
    store.collectionStatement("update collections set deleted_at = ? where id = ?").run(now, id);
    recordChange(store, { collectionId: id, actorId: viewer.id, action: "trash", at: now });
    return { id, deletedAt: now, purgeAt: now + COLLECTION_TRASH_MS };
  })();
}

export function restoreCollection(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  id: number,
  now: number,
): CollectionDetail {
  const { db } = store;
  db.$client.transaction(() => {
    const row = loadOwned(store, viewer, id);
    if (row.deletedAt === null) throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.notInTrash);
    if (row.deletedAt + COLLECTION_TRASH_MS <= now) {
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.trashExpired);
    }
    store
      .collectionStatement("update collections set deleted_at = null, updated_at = ? where id = ?")
      .run(now, id);
    recordChange(store, { collectionId: id, actorId: viewer.id, action: "restore", at: now });
  })();
  return getCollection(store, viewer, { id });
}

/** Deletes for good the collections in the trash for COLLECTION_TRASH_DAYS at `now`. */
export function purgeExpiredCollections(db: AppDatabase, now: number): { purged: number } {
  const cutoff = now - COLLECTION_TRASH_MS;
  const purge = db.$client.prepare(
    `delete from collections where id in (
       select id from collections where deleted_at is not null and deleted_at <= ? limit ?
     )`,
  );
  let purged = 0;
  for (;;) {
    const batch = purge.run(cutoff, PURGE_BATCH).changes;
    purged += batch;
    if (batch < PURGE_BATCH) return { purged };
  }
}

/** The owner's collections in the trash, most recently deleted first (at most perOwner). */
export function trashedCollections(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
): { items: CollectionSummary[] } {
  const rows = store
    .collectionStatement(
      `select ${COLLECTION_COLUMNS} from collections
     where owner_id = ? and deleted_at is not null order by deleted_at desc limit ?`,
    )
    .all(viewer.id, COLLECTION_LIMITS.perOwner) as CollectionRow[];
  return { items: rows.map((row) => summaryOf(store, viewer, row)) };
}

const LISTED = "visibility = 'public' and status = 'published' and deleted_at is null";
const LIST_ORDER: Record<CollectionSort, string> = {
  newest: "created_at desc, id desc",
  items: "shown_count desc, id desc",
  likes: "like_count desc, id desc",
};

/** /collections: the public collections, their titles searched, in a chosen order. */
export function listPublicCollections(
  store: ArtifactStore,
  viewer: Viewer,
  raw: z.input<typeof collectionListQuery>,
): CollectionPage {
  const query = collectionListQuery.parse(raw);
  const params: Record<string, unknown> = {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  let where = LISTED;
  if (query.search !== "") {
    const words = query.search.split(/\s+/u).slice(0, 8);
    where += words
      .map((word, index) => {
        params[`word${index}`] = containsPattern(word);
        return ` and title like :word${index} escape '\\'`;
      })
      .join("");
  }
  const rows = store
    .collectionStatement(
      `select ${COLLECTION_COLUMNS} from collections where ${where}
     order by ${LIST_ORDER[query.sort]} limit :limit offset :offset`,
    )
    .all(params) as CollectionRow[];
  const countParams = { ...params };
  delete countParams.limit;
  delete countParams.offset;
  const total = store
    .collectionStatement(`select count(*) from collections where ${where}`)
    .pluck()
    .get(countParams) as number;
  return {
    items: rows.map((row) => summaryOf(store, viewer, row)),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/**
 * My Collections: one's own and those one collaborates on (unless hidden), outside the trash,
 * newest first.
 */
export function listMyCollections(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  raw: z.input<typeof collectionListQuery>,
): CollectionPage {
  const query = collectionListQuery.parse(raw);
  const mine = `deleted_at is null and (owner_id = :me or (status = 'published' and id in (
      select collection_id from collection_collaborators where user_id = :me)))`;
  const rows = store
    .collectionStatement(
      `select ${COLLECTION_COLUMNS} from collections where ${mine}
     order by updated_at desc, id desc limit :limit offset :offset`,
    )
    .all({
      me: viewer.id,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }) as CollectionRow[];
  const total = store
    .collectionStatement(`select count(*) from collections where ${mine}`)
    .pluck()
    .get({ me: viewer.id }) as number;
  return {
    items: rows.map((row) => summaryOf(store, viewer, row)),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/**
 * The member an invitation names: by account id, or by name in any letter case when exactly one
 * member has it (names are not unique; the former-member placeholder is no one).
 */
function invitedMember(store: ArtifactStore, invite: CollaboratorInvite): number {
  if ("userId" in invite) {
    const member = store
      .collectionStatement("select id from users where id = ? and email != ?")
      .get(invite.userId, FORMER_MEMBER_EMAIL);
    if (!member) {
      throw new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.notCollaborator, undefined, "userId");
    }
    return invite.userId;
  }
  const named = store
    .collectionStatement("select id from users where lower(name) = lower(?) and email != ? limit 2")
    .pluck()
    .all(invite.name, FORMER_MEMBER_EMAIL) as number[];
  if (named.length === 0) {
    throw new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.noMemberNamed, undefined, "name");
  }
  if (named.length > 1) {
    throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.nameShared, undefined, "name");
  }
  return named[0]!;
}

/** The owner invites a member by account id or name; a member already invited stays so. */
export function addCollaborator(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  invite: CollaboratorInvite,
  now: number,
): CollectionDetail {
  const { db } = store;
  const { id } = invite;
  db.$client.transaction(() => {
    const row = loadOwned(store, viewer, id);
    if (row.deletedAt !== null) throw notFound();
    const userId = invitedMember(store, invite);
    if (userId === viewer.id) {
      throw new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.notCollaborator, undefined, "userId");
    }
    const count = store
      .collectionStatement("select count(*) from collection_collaborators where collection_id = ?")
      .pluck()
      .get(id) as number;
    if (count >= COLLECTION_LIMITS.collaborators) {
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.tooManyCollaborators);
    }
    const added = store
      .collectionStatement(
        `insert into collection_collaborators (collection_id, user_id, added_at) values (?, ?, ?)
       on conflict do nothing`,
      )
      .run(id, userId, now).changes;
    if (added > 0) {
      recordChange(store, {
        collectionId: id,
        actorId: viewer.id,
        action: "invite",
        detail: String(userId),
        at: now,
      });
    }
  })();
  return getCollection(store, viewer, { id });
}

/** The owner removes a collaborator, or a collaborator leaves. */
export function removeCollaborator(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  input: { id: number; userId: number },
  now: number,
): { removed: boolean } {
  const { db } = store;
  return db.$client.transaction(() => {
    const { standing } = loadCollection(store, viewer, input.id);
    const leaving = standing === "collaborator" && input.userId === viewer.id;
    if (standing !== "owner" && !leaving) {
      throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
    }
    const removed = store
      .collectionStatement(
        "delete from collection_collaborators where collection_id = ? and user_id = ?",
      )
      .run(input.id, input.userId).changes;
    if (removed > 0) {
      recordChange(store, {
        collectionId: input.id,
        actorId: viewer.id,
        action: "uninvite",
        detail: String(input.userId),
        at: now,
      });
    }
    return { removed: removed > 0 };
  })();
}

/**
 * Download my data (issue 32): the member's own collections, oldest first, each with its items in
 * order and their notes. An item names its artifact where the member may read it (their own, or
 * public), else by id only, as the rest of the file does (export-sections.ts nameIfReadable).
 */
export const collectionsExportSection = keysetSection(
  "collections",
  0,
  (db, userId, after, limit) =>
    (
      db.$client
        .prepare(
          `select c.id as key, c.id, c.title, c.description, c.kind, c.query, c.visibility,
         c.created_at as createdAt, c.deleted_at as deletedAt,
         (select json_group_array(json_object('artifactId', i.artifact_id, 'artifactName',
             case when a.owner_id = :user or (a.status = 'published' and a.deleted_at is null)
               then a.artifact_name end,
             'note', i.note, 'addedAt', i.added_at))
          from (select * from collection_items where collection_id = c.id order by position) i
          join artifacts a on a.id = i.artifact_id) as items
       from collections c where c.owner_id = :user and c.id > :after order by c.id limit :limit`,
        )
        .all({ user: userId, after, limit }) as (Record<string, unknown> & {
        key: number;
        items: string;
        query: string | null;
      })[]
    ).map((row) => ({
      ...row,
      query: row.query === null ? null : (JSON.parse(row.query) as unknown),
      items: JSON.parse(row.items) as unknown[],
    })),
);

/**
 * When an account is deleted (services/account.ts): its shared (public or unlisted) collections
 * with collaborators go to the longest-standing collaborator, who stops being one; the rest
 * (private ones, the trash, those with no collaborator) go with the account, by cascade. Run
 * inside the deletion's transaction, before the account row goes.
 */
export function handOverCollectionsOf(store: ArtifactStore, userId: number, now: number): number {
  const shared = store
    .collectionStatement(
      `select c.id, (select user_id from collection_collaborators
         where collection_id = c.id order by added_at, user_id limit 1) as heir
     from collections c
     where c.owner_id = ? and c.visibility != 'private' and c.deleted_at is null`,
    )
    .all(userId) as { id: number; heir: number | null }[];
  let handed = 0;
  for (const { id, heir } of shared) {
    if (heir === null) continue;
    store
      .collectionStatement("update collections set owner_id = ?, updated_at = ? where id = ?")
      .run(heir, now, id);
    store
      .collectionStatement(
        "delete from collection_collaborators where collection_id = ? and user_id = ?",
      )
      .run(id, heir);
    recordChange(store, {
      collectionId: id,
      actorId: null,
      action: "update",
      detail: "owner",
      at: now,
    });
    handed += 1;
  }
  return handed;
}
