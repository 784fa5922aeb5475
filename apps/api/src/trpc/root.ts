import { router } from "./init";
import { adminRouter } from "./routers/admin";
import { accountRouter } from "./routers/account";
import { backupsRouter } from "./routers/backups";
import { collectionsRouter } from "./routers/collections";
import { artifactsRouter } from "./routers/artifacts";
import { authRouter } from "./routers/auth";
import { harvestingRouter } from "./routers/harvesting";
import { commentsRouter, followsRouter, suggestionsRouter } from "./routers/conversation";
import { importsRouter } from "./routers/imports";
import { likesRouter } from "./routers/likes";
import { mapRouter } from "./routers/map";
import { placesRouter } from "./routers/places";
import { reportsRouter } from "./routers/reports";
import { reviewRouter } from "./routers/review";
import { rightsRouter } from "./routers/rights";
import { trashRouter } from "./routers/trash";
import { revisionsRouter } from "./routers/revisions";
import { notificationsRouter } from "./routers/notifications";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  artifacts: artifactsRouter,
  likes: likesRouter,
  review: reviewRouter,
  reports: reportsRouter,
  trash: trashRouter,
  revisions: revisionsRouter,
  admin: adminRouter,
  notifications: notificationsRouter,
  imports: importsRouter,
  account: accountRouter,
  places: placesRouter,
  map: mapRouter,
  harvesting: harvestingRouter,
  comments: commentsRouter,
  suggestions: suggestionsRouter,
  follows: followsRouter,
  backups: backupsRouter,
  rights: rightsRouter,
  collections: collectionsRouter,
});

/** The only thing the web app imports from the API (as a type). */
export type AppRouter = typeof appRouter;
