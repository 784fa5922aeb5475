import { importIdInput, importsListQuery } from "@artifact-atlas/shared";
import { listImports, undoImport } from "../../services/imports";
import { curatorProcedure, router } from "../init";

/** A curator's own imports (issue 21); the files themselves arrive through POST /imports. */
export const importsRouter = router({
  list: curatorProcedure
    .input(importsListQuery)
    .query(({ ctx, input }) =>
      listImports(ctx.deps.db, ctx.user, { cursor: input.cursor, now: ctx.deps.now() }),
    ),

  undo: curatorProcedure.input(importIdInput).mutation(({ ctx, input }) =>
    undoImport(ctx.deps.db, ctx.user, {
      id: input.id,
      requestId: ctx.requestId,
      now: ctx.deps.now(),
    }),
  ),
});
