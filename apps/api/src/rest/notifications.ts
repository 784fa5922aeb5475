import type { FastifyInstance } from "fastify";
import { markNotificationsReadInput, notificationsQuery } from "@artifact-atlas/shared";
import {
  listNotifications,
  markNotificationsRead,
  unreadCount,
} from "../services/notification-list";
import { nextPageLink } from "./admin";
import { parseInput, requireUser, requireWriter } from "./http";

/** The bell's calls for scripts: the signed-in person's own notifications (issue 17). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get("/notifications", async (request, reply) => {
    const user = requireUser(request);
    const query = parseInput(notificationsQuery, request.query, "query");
    const page = listNotifications(deps.db, user.id, query);
    nextPageLink(reply, "/notifications", query, page.nextCursor);
    return { ...page, unread: unreadCount(deps.db, user.id) };
  });

  app.post("/notifications/read", async (request) => {
    const user = requireWriter(request, deps);
    const body = parseInput(markNotificationsReadInput, request.body, "body");
    return markNotificationsRead(deps.db, user.id, body);
  });
}
