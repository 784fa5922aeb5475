import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** One kind of request, loaded with autocannon for a few seconds at a time. */
export interface Scenario {
  name: string;
  /** The scenario whose req/s this one is compared with (itself for a ceiling). */
  ceiling: string;
  /** Counts towards a target: "rest" (>= 0.7 of the ceiling), "trpc" (>= 0.8), or none. */
  target: "rest" | "trpc" | null;
  /** Also a list/search/sort read (zero errors at 50 connections). */
  listRead: boolean;
  /**
   * Which server answers: the product, the product with LOG_LEVEL=warn (no request log lines:
   * shows what logging costs), one of the ceilings, or the REST floor (ceilings.ts).
   */
  server: "app" | "appQuiet" | "restCeiling" | "restFloor" | "trpcCeiling";
  /** The requests of one connection, in a loop; `context` keeps per-connection state. */
  requests: autocannon.Request[];
}

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Highest VmRSS of the product's process seen during the run, in MB (product runs only). */
  rssMb: number | null;
}

/** A process's resident memory and its anonymous and file-backed parts in MB, from /proc (Linux). */
export function residentMemory(pid: number): { rss: number; anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const mb = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile") };
  } catch {
    return null;
  }
}

/** VmRSS of a process in MB (null once it is gone). */
export function rssMb(pid: number): number | null {
  return residentMemory(pid)?.rss ?? null;
}

/**
 * Loads `origin` with the scenario's requests on `connections` connections for `seconds`, while
 * sampling the RSS of `watchPid` every 100 ms.
 */
export async function runLoad(
  origin: string,
  scenario: Scenario,
  options: { connections: number; seconds: number; watchPid?: number },
): Promise<RunResult> {
  let peak: number | null = null;
  const sample = () => {
    if (options.watchPid === undefined) return;
    const now = rssMb(options.watchPid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await autocannon({
      url: origin,
      connections: options.connections,
      duration: options.seconds,
      requests: scenario.requests,
    });
    sample();
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
      rssMb: peak,
    };
  } finally {
    clearInterval(timer);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * The scenarios of the issue. Reads cycle through `ids` (existing artifacts spread over the
 * collection); like-then-unlike cycles through `cookies` (signed-in bench users) so that no user
 * writes more often than the per-user write limit allows.
 */
export function scenarios(
  ids: number[],
  cookies: string[],
  search: string,
  artifactCount: number,
  /** A derivative of an uploaded image (/images/<hash>/<width>.webp), served from its file. */
  imageFile?: string,
): Scenario[] {
  let nextId = 0;
  const cycleId = () => ids[nextId++ % ids.length] as number;
  // Steps through the whole collection in a scattered order: no id comes again before all others
  // have, so the server's read cache never has the answer (7919 is prime, so coprime to the count).
  let nextSpread = 0;
  const spreadId = () => 1 + ((nextSpread++ * 7919) % artifactCount);
  const get = (path: (id: number) => string): autocannon.Request[] => [
    { method: "GET", setupRequest: (request) => ({ ...request, path: path(cycleId()) }) },
  ];
  const trpcList = (query: Record<string, unknown>) =>
    get(() => `/trpc/artifacts.list?input=${input(query)}`);

  let nextUser = 0;
  /** What a connection's like remembers for its unlike. */
  type Pair = { cookie?: string; id?: number };
  const likeThenUnlike: autocannon.Request[] = [
    {
      method: "POST",
      path: "/trpc/likes.like",
      setupRequest: (request, state) => {
        const context = state as Pair;
        // One user and one artifact per pair: the unlike undoes this connection's like.
        context.cookie = cookies[nextUser++ % cookies.length];
        context.id = cycleId();
        return {
          ...request,
          headers: { "content-type": "application/json", cookie: String(context.cookie) },
          body: JSON.stringify({ id: context.id }),
        };
      },
    },
    {
      method: "POST",
      path: "/trpc/likes.unlike",
      setupRequest: (request, state) => ({
        ...request,
        headers: { "content-type": "application/json", cookie: String((state as Pair).cookie) },
        body: JSON.stringify({ id: (state as Pair).id }),
      }),
    },
  ];

  const app = { server: "app" as const };
  const imageFileScenario: Scenario[] = imageFile
    ? [
        {
          name: "REST GET /images/{hash}/640.webp (an uploaded image's derivative)",
          ceiling: "ceiling: bare Fastify, fixed artifact JSON",
          target: null,
          listRead: false,
          ...app,
          requests: get(() => imageFile),
        },
      ]
    : [];
  return [
    ...imageFileScenario,
    {
      name: "ceiling: bare Fastify, fixed artifact JSON",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: null,
      listRead: false,
      server: "restCeiling",
      requests: get((id) => `/artifacts/${id}`),
    },
    {
      name: "ceiling: do-nothing tRPC procedure",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: null,
      listRead: false,
      server: "trpcCeiling",
      requests: get(() => "/trpc/noop"),
    },
    {
      name: "REST GET /artifacts/{id}",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: "rest",
      listRead: false,
      ...app,
      requests: get((id) => `/artifacts/${id}`),
    },
    {
      name: "floor: bare Fastify plus what every answer owes (id, headers, id check, access line)",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: null,
      listRead: false,
      server: "restFloor",
      requests: get((id) => `/artifacts/${id}`),
    },
    {
      name: "REST GET /artifacts/{id}, every id once (no kept answer)",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: null,
      listRead: false,
      ...app,
      requests: get(() => `/artifacts/${spreadId()}`),
    },
    {
      name: "REST GET /artifacts?limit=6",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: null,
      listRead: true,
      ...app,
      requests: get(() => "/artifacts?limit=6"),
    },
    {
      name: "tRPC artifacts.byId",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: "trpc",
      listRead: false,
      ...app,
      requests: get((id) => `/trpc/artifacts.byId?input=${input({ id })}`),
    },
    {
      name: "tRPC, byId's input and answer from memory (no hooks, log or database)",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: null,
      listRead: false,
      server: "trpcCeiling",
      requests: get((id) => `/trpc/fixedArtifact?input=${input({ id })}`),
    },
    {
      name: "tRPC artifacts.list (default sort)",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: "trpc",
      listRead: true,
      ...app,
      requests: trpcList({}),
    },
    {
      name: "tRPC artifacts.list (likes ascending)",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: "trpc",
      listRead: true,
      ...app,
      requests: trpcList({ sort: "asc" }),
    },
    {
      name: `tRPC artifacts.list (search "${search}")`,
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: "trpc",
      listRead: true,
      ...app,
      requests: trpcList({ search }),
    },
    {
      name: "tRPC artifacts.list (page 10,000)",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: "trpc",
      listRead: true,
      ...app,
      requests: trpcList({ page: 10_000 }),
    },
    {
      name: "REST GET /artifacts/{id}, LOG_LEVEL=warn",
      ceiling: "ceiling: bare Fastify, fixed artifact JSON",
      target: null,
      listRead: false,
      server: "appQuiet",
      requests: get((id) => `/artifacts/${id}`),
    },
    {
      name: "tRPC artifacts.byId, LOG_LEVEL=warn",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: null,
      listRead: false,
      server: "appQuiet",
      requests: get((id) => `/trpc/artifacts.byId?input=${input({ id })}`),
    },
    {
      name: "tRPC likes.like then likes.unlike (signed in)",
      ceiling: "ceiling: do-nothing tRPC procedure",
      target: null,
      listRead: false,
      ...app,
      requests: likeThenUnlike,
    },
  ];
}
