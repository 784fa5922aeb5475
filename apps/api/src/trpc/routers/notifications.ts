import { markNotificationsReadInput, notificationsQuery } from "@artifact-atlas/shared";
import {
  listNotifications,
  markNotificationsRead,
  unreadCount,
} from "../../services/notification-list";
import { protectedProcedure, router, writeProcedure } from "../init";

/** The bell: the signed-in person's own notifications (issue 17). */
export const notificationsRouter = router({
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.deps.db, ctx.user.id)),

  list: protectedProcedure
    .input(notificationsQuery)
    .query(({ ctx, input }) => listNotifications(ctx.deps.db, ctx.user.id, input)),

  markRead: writeProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.deps.db, ctx.user.id, input, ctx.now)),
});
