import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cursorPageOf, notificationItem, notificationsQuery } from "@artifact-atlas/shared";
import {
  listNotifications,
  markNotificationsRead,
  unreadCount,
} from "../services/notification-list";
import { bodies, failures, json, NEXT_PAGE_HEADER } from "./declarations";
import { requireUser, SIGNED_IN, withNextLink, WRITER } from "./http";
import { webPageForNavigation } from "./web-page";

const notificationPage = cursorPageOf(notificationItem)
  .extend({
    unread: z.number().int().min(0).describe("How many of your notifications are unread."),
  })
  .meta({ id: "NotificationPage" });

const marked = z
  .object({ marked: z.number().int().min(0).describe("How many were marked read.") })
  .meta({ id: "Marked" });

/** The bell's calls for scripts: the signed-in person's own notifications (issue 17). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // The web app's notifications screen has the same path: a browser navigation gets the page, any
  // other request the notifications (docs/rest-api.md, "One path, two answers").
  const list = {
    operationId: "listNotifications",
    summary: "Your notifications, newest first, with how many are unread",
    querystring: notificationsQuery,
    response: {
      200: json("A page of notifications.", notificationPage, NEXT_PAGE_HEADER),
      ...failures([400, 401]),
    },
  };
  api.get(
    "/notifications",
    { schema: list, config: { access: SIGNED_IN }, onRequest: webPageForNavigation(app) },
    async (request, reply) => {
      const user = requireUser(request);
      const page = listNotifications(deps.db, user.id, request.query);
      withNextLink(reply, "/notifications", request.query, page);
      return { ...page, unread: unreadCount(deps.db, user.id) };
    },
  );

  const markRead = {
    operationId: "markNotificationsRead",
    summary: "Mark your notifications read (up to upTo, or all)",
    body: bodies.markRead,
    response: { 200: json("How many were marked.", marked), ...failures([400, 401, 429]) },
  };
  api.post(
    "/notifications/read",
    { schema: markRead, config: { access: WRITER } },
    async (request) =>
      markNotificationsRead(deps.db, requireUser(request).id, request.body, deps.now()),
  );
}
