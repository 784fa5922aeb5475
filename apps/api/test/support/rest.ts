import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { TEST_ORIGIN } from "./app";
import { artifactFields, type ArtifactSent } from "./artifacts";
import type { SignedInUser } from "./users";

export interface RestOptions {
  /** The Cookie header (the original client sends its credentials with every call). */
  cookie?: string;
  /** A JSON body, sent with Content-Type: application/json. */
  body?: unknown;
  /**
   * The Origin header. A browser page sends its own origin with every write, so writes default to
   * the app's; null sends none (curl, scripts). Reads send none unless given.
   */
  origin?: string | null;
  headers?: Record<string, string>;
  /** A raw body instead of `body` (with the content type in `headers`). */
  payload?: string;
  /** The client's address (light-my-request's default is 127.0.0.1). */
  remoteAddress?: string;
}

/** A REST call over HTTP as the spec's single-page client makes it (fetch, credentials included). */
export function rest(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS" | "HEAD",
  url: string,
  options: RestOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const origin =
    options.origin === undefined ? (method === "GET" ? null : TEST_ORIGIN) : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  let payload = options.payload;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(options.body);
  }
  return app.inject({
    method,
    url,
    headers: { ...headers, ...options.headers },
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The body the spec's Add Artifact form posts: the fields plus the contributor's name and email. */
export function addArtifactBody(user: SignedInUser, overrides: Partial<ArtifactSent> = {}) {
  return { ...artifactFields(overrides), username: user.name, userEmail: user.email };
}

/** Adds an artifact through POST /artifacts as `user` and answers its _id; fails the test otherwise. */
export async function postArtifact(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Partial<ArtifactSent> = {},
): Promise<string> {
  const response = await rest(app, "POST", "/artifacts", {
    cookie: user.cookie,
    body: addArtifactBody(user, overrides),
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /artifacts failed: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { insertedId: string }).insertedId;
}
