import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";

/*
 * A stand-in for the API at the network edge: the real tRPC client sends real HTTP-shaped
 * requests to this fetch, which answers in tRPC's batch wire format. Nothing of our own code is
 * replaced; only the server on the other side of the wire.
 */

type ErrorCode = keyof typeof TRPC_ERROR_CODES_BY_KEY;

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** Thrown by a handler to answer with a tRPC error. */
export class FakeApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FakeHandler = (input: any) => unknown;

interface FakeCall {
  path: string;
  input: unknown;
}

function errorEnvelope(path: string, error: FakeApiError) {
  const httpStatus = HTTP_STATUS[error.code] ?? 500;
  return {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[error.code],
      data: {
        code: error.code,
        httpStatus,
        path,
        zodError: error.fieldErrors ? { formErrors: [], fieldErrors: error.fieldErrors } : null,
      },
    },
  };
}

export function createFakeApi(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];

  const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const parsed = new URL(String(url), "http://localhost");
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, "")).split(",");
    let inputs: Record<string, unknown> = {};
    if (init?.method === "POST") {
      inputs = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    } else {
      const raw = parsed.searchParams.get("input");
      inputs = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    }

    const results = await Promise.all(
      paths.map(async (path, index) => {
        const input = inputs[String(index)];
        calls.push({ path, input });
        const handler = handlers[path];
        if (!handler)
          return errorEnvelope(path, new FakeApiError("NOT_FOUND", `No fake for ${path}`));
        try {
          return { result: { data: await handler(input) } };
        } catch (error) {
          if (error instanceof FakeApiError) return errorEnvelope(path, error);
          throw error;
        }
      }),
    );
    const statuses = results.map((item) => ("error" in item ? item.error.data.httpStatus : 200));
    const status = statuses.every((code) => code === statuses[0]) ? statuses[0]! : 207;
    return new Response(JSON.stringify(results), {
      status,
      headers: { "content-type": "application/json" },
    });
  };

  return {
    fetch,
    calls,
    /** The inputs received by one procedure, oldest first. */
    inputsOf: (path: string) =>
      calls.filter((call) => call.path === path).map((call) => call.input),
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * A member list's procedure (artifacts.mine, likes.list) paged as the API pages it: `pageSize` at
 * most, and a nextCursor until the last page. The cursor here is the id of the last item shown;
 * the client treats it as opaque, as it must the API's.
 */
export function cursorPages<Item extends { id: number }>(
  items: Item[] | (() => Item[]),
  pageSize: number,
) {
  return (input: { cursor?: number | null; limit?: number } | undefined) => {
    const all = typeof items === "function" ? items() : items;
    const limit = Math.min(input?.limit ?? pageSize, pageSize);
    const cursor = input?.cursor;
    const start = cursor == null ? 0 : all.findIndex((item) => item.id === cursor) + 1;
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return { items: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null };
  };
}

/** A promise with its resolve/reject handles, to hold a fake answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
