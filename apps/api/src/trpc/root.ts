import { router } from "./init";
import { accountRouter } from "./routers/account";
import { artifactsRouter } from "./routers/artifacts";
import { authRouter } from "./routers/auth";
import { likesRouter } from "./routers/likes";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  artifacts: artifactsRouter,
  likes: likesRouter,
  account: accountRouter,
});

/** The only thing the web app imports from the API (as a type). */
export type AppRouter = typeof appRouter;
