import type { FastifyInstance } from "fastify";
import { markNotificationsReadInput, notificationsQuery } from "@artifact-atlas/shared";
import { appendVary } from "../plugins/cors";
import { isNavigation } from "../plugins/spa";
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

  // The web app's notifications screen has the same path: a browser navigation gets the page, any
  // other request the notifications (docs/rest-api.md, "One path, two answers").
  app.get("/notifications", async (request, reply) => {
    appendVary(reply, "Accept");
    if (isNavigation(request) && app.webApp.available) return app.webApp.send(reply);
    const user = requireUser(request);
    const query = parseInput(notificationsQuery, request.query, "query");
    const page = listNotifications(deps.db, user.id, query);
    nextPageLink(reply, "/notifications", query, page.nextCursor);
    return { ...page, unread: unreadCount(deps.db, user.id) };
  });

  app.post("/notifications/read", async (request) => {
    const user = requireWriter(request, deps);
    const body = parseInput(markNotificationsReadInput, request.body, "body");
    return markNotificationsRead(deps.db, user.id, body, deps.now());
  });
}
