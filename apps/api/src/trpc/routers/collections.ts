import {
  collaboratorInput,
  collaboratorInviteInput,
  collectionCreateInput,
  collectionHistoryQuery,
  collectionIdInput,
  collectionItemChangeInput,
  collectionItemsAddInput,
  collectionItemsQuery,
  collectionItemsRemoveInput,
  collectionListQuery,
  collectionModerationInput,
  collectionReportInput,
  collectionUpdateInput,
  reportedCollectionsQuery,
} from "@artifact-atlas/shared";
import {
  addCollaborator,
  createCollection,
  getCollection,
  listMyCollections,
  listPublicCollections,
  removeCollaborator,
  restoreCollection,
  trashCollection,
  trashedCollections,
  updateCollection,
} from "../../services/collections/collections";
import { collectionHistory } from "../../services/collections/history";
import { collectionLikeStatus, setCollectionLike } from "../../services/collections/likes";
import {
  addItems,
  changeItem,
  collectionItems,
  removeItems,
} from "../../services/collections/items";
import {
  dismissCollectionReports,
  moderateCollection,
  reportCollection,
  reportedCollections,
} from "../../services/collections/reports";
import {
  curatorProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  writeProcedure,
} from "../init";
import { curatorWriteProcedure } from "./review";

/** Collections (issue 32): the same services as REST's /collections paths. */
export const collectionsRouter = router({
  list: publicProcedure
    .input(collectionListQuery)
    .query(({ ctx, input }) => listPublicCollections(ctx.deps.artifactStore, ctx.user, input)),

  mine: protectedProcedure
    .input(collectionListQuery)
    .query(({ ctx, input }) => listMyCollections(ctx.deps.artifactStore, ctx.user, input)),

  trash: protectedProcedure.query(({ ctx }) =>
    trashedCollections(ctx.deps.artifactStore, ctx.user),
  ),

  byId: publicProcedure
    .input(collectionIdInput)
    .query(({ ctx, input }) => getCollection(ctx.deps.artifactStore, ctx.user, input)),

  items: publicProcedure
    .input(collectionItemsQuery)
    .query(({ ctx, input }) => collectionItems(ctx.deps.artifactStore, ctx.user, input)),

  history: publicProcedure
    .input(collectionHistoryQuery)
    .query(({ ctx, input }) => collectionHistory(ctx.deps.artifactStore, ctx.user, input)),

  create: writeProcedure
    .input(collectionCreateInput)
    .mutation(({ ctx, input }) =>
      createCollection(ctx.deps.artifactStore, ctx.user, input, ctx.now),
    ),

  update: writeProcedure.input(collectionUpdateInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCollection(ctx.deps.artifactStore, ctx.user, id, changes, ctx.now);
  }),

  delete: writeProcedure
    .input(collectionIdInput)
    .mutation(({ ctx, input }) =>
      trashCollection(ctx.deps.artifactStore, ctx.user, input.id, ctx.now),
    ),

  restore: writeProcedure
    .input(collectionIdInput)
    .mutation(({ ctx, input }) =>
      restoreCollection(ctx.deps.artifactStore, ctx.user, input.id, ctx.now),
    ),

  addItems: writeProcedure
    .input(collectionItemsAddInput)
    .mutation(({ ctx, input }) => addItems(ctx.deps.artifactStore, ctx.user, input, ctx.now)),

  removeItems: writeProcedure
    .input(collectionItemsRemoveInput)
    .mutation(({ ctx, input }) => removeItems(ctx.deps.artifactStore, ctx.user, input, ctx.now)),

  changeItem: writeProcedure
    .input(collectionItemChangeInput)
    .mutation(({ ctx, input }) => changeItem(ctx.deps.artifactStore, ctx.user, input, ctx.now)),

  /** The owner invites a member by account id or by name. */
  addCollaborator: writeProcedure
    .input(collaboratorInviteInput)
    .mutation(({ ctx, input }) =>
      addCollaborator(ctx.deps.artifactStore, ctx.user, input, ctx.now),
    ),

  likeStatus: protectedProcedure
    .input(collectionIdInput)
    .query(({ ctx, input }) => collectionLikeStatus(ctx.deps.artifactStore, ctx.user, input.id)),

  like: writeProcedure
    .input(collectionIdInput)
    .mutation(({ ctx, input }) =>
      setCollectionLike(ctx.deps.artifactStore, ctx.user, input.id, true, ctx.now),
    ),

  unlike: writeProcedure
    .input(collectionIdInput)
    .mutation(({ ctx, input }) =>
      setCollectionLike(ctx.deps.artifactStore, ctx.user, input.id, false, ctx.now),
    ),

  removeCollaborator: writeProcedure
    .input(collaboratorInput)
    .mutation(({ ctx, input }) =>
      removeCollaborator(ctx.deps.artifactStore, ctx.user, input, ctx.now),
    ),

  /** A member reports a public or unlisted collection; it waits for a curator. */
  report: writeProcedure
    .input(collectionReportInput)
    .mutation(({ ctx, input }) => reportCollection(ctx.deps, ctx.user, input, ctx)),

  /** Curators: the collections with open reports, longest waiting first. */
  reported: curatorProcedure
    .input(reportedCollectionsQuery)
    .query(({ ctx, input }) => reportedCollections(ctx.deps, ctx.user, input)),

  hide: curatorWriteProcedure
    .input(collectionModerationInput)
    .mutation(({ ctx, input }) => moderateCollection(ctx.deps, ctx.user, input, ctx, "hide")),

  unhide: curatorWriteProcedure
    .input(collectionModerationInput)
    .mutation(({ ctx, input }) => moderateCollection(ctx.deps, ctx.user, input, ctx, "unhide")),

  dismissReports: curatorWriteProcedure
    .input(collectionIdInput)
    .mutation(({ ctx, input }) =>
      dismissCollectionReports(ctx.deps.artifactStore, ctx.user, input, ctx),
    ),
});
