import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { SessionUser } from "@artifact-atlas/shared";
import { sessionCookieFrom, TEST_ORIGIN, trpc } from "./app";

export const PASSWORD = "Secret123";

let counter = 0;

/** Valid signup input with an email no other call in this process uses. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    userName: `Historian ${counter}`,
    email: `historian${counter}@example.com`,
    password: PASSWORD,
    photoUrl: "",
    ...overrides,
  };
}

/** Signs up through the API and returns the user and the session cookie it set. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const input = newAccount(overrides);
  const result = await trpc(app, "mutation", "auth.signup", input);
  const cookie = sessionCookieFrom(result.response);
  if (result.status !== 200 || !cookie) {
    throw new Error(`signup failed: ${result.status} ${result.response.body}`);
  }
  return { input, user: result.data as SessionUser, cookie };
}

export interface PostOptions {
  /** The client's address (app.inject's remoteAddress); 127.0.0.1 by default. */
  ip?: string;
  cookie?: string;
  /** Replaces the default headers (Origin of the app and JSON). */
  headers?: Record<string, string>;
  payload?: string;
}

/** A tRPC mutation over HTTP with control over the address and headers. */
export async function post(
  app: FastifyInstance,
  path: string,
  input: unknown,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  const headers = options.headers ?? {
    origin: TEST_ORIGIN,
    "content-type": "application/json",
  };
  return app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    remoteAddress: options.ip ?? "127.0.0.1",
    headers: options.cookie ? { ...headers, cookie: options.cookie } : headers,
    payload: options.payload ?? JSON.stringify(input ?? {}),
  });
}

/** The tRPC error of a response: message, code and the flattened zod field errors. */
export function trpcError(response: LightMyRequestResponse) {
  const body = response.json() as {
    error?: {
      message: string;
      data: {
        code: string;
        httpStatus: number;
        zodError: { fieldErrors: Record<string, string[] | undefined> } | null;
      };
    };
  };
  if (!body.error) throw new Error(`expected an error, got ${response.body}`);
  return body.error;
}

/** The user auth.me reports for a cookie (null when signed out). */
export async function me(app: FastifyInstance, cookie?: string): Promise<SessionUser | null> {
  const result = await trpc(app, "query", "auth.me", undefined, cookie);
  if (result.status !== 200) throw new Error(`auth.me failed: ${result.status}`);
  return result.data as SessionUser | null;
}
