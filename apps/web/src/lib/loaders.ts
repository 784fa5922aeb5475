import type { Artifact } from "@artifact-atlas/shared";
import { data, redirect, type LoaderFunctionArgs } from "react-router-dom";
import { trpcErrorCode } from "./errors";
import { loginPath } from "./redirect";
import type { AppUtils } from "./trpc";

/**
 * A route's :id as the API accepts it (a positive safe integer); anything else is a 404. Plain
 * code rather than the shared zod schema, so the first download carries no validation library.
 */
export function parseArtifactId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The detail screen shows only once its artifact is loaded (spec: a GET before the screen shows).
 * The route is protected, so a signed-out visitor goes to the login page first.
 */
export function artifactDetailLoader(utils: AppUtils) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<Artifact> => {
    const user = await utils.auth.me.ensureData();
    if (!user) {
      const url = new URL(request.url);
      throw redirect(loginPath(`${url.pathname}${url.search}`));
    }
    const id = parseArtifactId(params.id);
    if (id === null) throw data("Artifact not found", { status: 404 });
    try {
      return await utils.artifacts.byId.ensureData({ id });
    } catch (error) {
      if (trpcErrorCode(error) === "NOT_FOUND") throw data("Artifact not found", { status: 404 });
      throw error;
    }
  };
}
