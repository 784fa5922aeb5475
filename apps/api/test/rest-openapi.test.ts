import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ARTIFACT_TYPES,
  LIMITS,
  REST_MAX_PAGE_SIZE,
  restArtifactBody,
  restArtifactsQuery,
  restDeleteArtifactBody,
  restJwtBody,
  restLikeBody,
  restLikedArtifactsQuery,
  restUpdateArtifactBody,
  restSetRoleBody,
} from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "./support/app";
import { rest } from "./support/rest";

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { "application/json": { schema: { $ref: string } } } };
  responses: Record<string, unknown>;
}
type PathItem = Record<string, Operation | Operation["parameters"]>;
interface Document {
  openapi: string;
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Issue 21's open-data paths, beside the spec's. */
const OPEN_DATA_CALLS = [
  ["get", "/export"],
  ["post", "/imports"],
] as const;

/** Spec section 7, call by call. */
const SPEC_CALLS = [
  ["get", "/artifacts"],
  ["get", "/artifacts/{id}"],
  ["post", "/artifacts"],
  ["put", "/artifacts/{id}"],
  ["delete", "/artifacts/{id}"],
  ["get", "/liked-artifacts/{id}"],
  ["post", "/liked-artifacts"],
  ["delete", "/liked-artifacts/{id}"],
  ["get", "/liked-artifact"],
  ["post", "/jwt"],
  // Issue 19: uploads and the images they make.
  ["post", "/images"],
  ["get", "/images/{hash}"],
  ["get", "/images/{hash}/{file}"],
] as const;

/** Issue 17's paths for scripts: reports, the review queue and the trash. */
const REVIEW_CALLS = [
  ["post", "/artifacts/{id}/reports"],
  ["get", "/review-queue"],
  ["post", "/review-queue/{entryId}"],
  ["get", "/review-reasons"],
  ["get", "/trash"],
  ["post", "/trash/{id}/restore"],
  // Issues 28 and 29: withdrawing a report, the queue's groups, hidden artifacts.
  ["delete", "/artifacts/{id}/reports"],
  ["get", "/review-queue/groups"],
  ["post", "/review-queue/imports/{importId}"],
  ["post", "/review-queue/new-account-reports/dismiss"],
  ["get", "/hidden-artifacts"],
  ["post", "/artifacts/{id}/unhide"],
] as const;

/** Issue 34's harvesting doors: OAI-PMH (XML), the Atom feeds, the dataset's VoID (Turtle). */
const HARVESTING_CALLS = [
  ["get", "/oai"],
  ["post", "/oai"],
  ["get", "/feeds/artifacts.atom"],
  ["get", "/feeds/artifacts/{file}"],
  ["get", "/.well-known/void"],
] as const;

/** Issue 32's collections. */
const COLLECTION_CALLS = [
  ["get", "/collections"],
  ["post", "/collections"],
  ["get", "/collections/{id}"],
  ["put", "/collections/{id}"],
  ["delete", "/collections/{id}"],
  ["post", "/collections/{id}/restore"],
  ["get", "/collections/{id}/items"],
  ["post", "/collections/{id}/items"],
  ["delete", "/collections/{id}/items"],
  ["put", "/collections/{id}/items/{artifactId}"],
  ["get", "/collections/{id}/history"],
  ["get", "/collections/{id}/feed.atom"],
  ["post", "/collections/{id}/like"],
  ["delete", "/collections/{id}/like"],
  ["post", "/collections/{id}/collaborators"],
  ["delete", "/collections/{id}/collaborators/{userId}"],
  ["post", "/collections/{id}/reports"],
  ["post", "/collections/{id}/hide"],
  ["post", "/collections/{id}/unhide"],
  ["get", "/collections/reported"],
  ["post", "/collections/{id}/reports/dismiss"],
] as const;

/** Issue 17's paths beside the spec's. */
const HISTORY_CALLS = [
  ["get", "/artifacts/{id}/revisions"],
  ["get", "/artifacts/{id}/revisions/compare"],
  ["get", "/artifacts/{id}/revisions/{number}"],
  ["post", "/artifacts/{id}/revisions/{number}/restore"],
] as const;

/** Issue 33's paths: comments, suggestions and follows. */
const CONVERSATION_CALLS = [
  ["get", "/artifacts/{id}/comments"],
  ["post", "/artifacts/{id}/comments"],
  ["get", "/comments/{id}/replies"],
  ["patch", "/comments/{id}"],
  ["delete", "/comments/{id}"],
  ["get", "/comments/{id}/history"],
  ["post", "/comments/{id}/reports"],
  ["post", "/comments/{id}/hide"],
  ["post", "/comments/{id}/unhide"],
  ["post", "/artifacts/{id}/suggestions"],
  ["post", "/suggestions/{id}"],
  ["put", "/suggestions/{id}/agreement"],
  ["delete", "/suggestions/{id}/agreement"],
  ["get", "/artifacts/{id}/owner"],
  ["get", "/follows"],
  ["get", "/follows/{kind}/{id}"],
  ["put", "/follows/{kind}/{id}"],
  ["delete", "/follows/{kind}/{id}"],
  ["get", "/following"],
  ["post", "/unsubscribe"],
] as const;

/** REST paths beyond the spec's table: Download my data (issue 20), my trash (issue 29). */
const OTHER_CALLS = [
  ["get", "/account/data"],
  ["get", "/account/trash"],
  ["post", "/account/trash/{id}/restore"],
  // Issue 31: an artifact's findspot and present place.
  ["get", "/artifacts/{id}/places"],
  ["put", "/artifacts/{id}/places"],
  ["get", "/places/suggestions"],
] as const;

/** Issue 30: deep zoom with IIIF, and rights. */
const IIIF_CALLS = [
  ["get", "/iiif/images/{hash}/info.json"],
  ["get", "/iiif/images/{hash}/{region}/{size}/{rotation}/{quality}"],
  ["get", "/iiif/artifacts/{id}/manifest.json"],
  ["get", "/iiif/collections/{id}/collection.json"],
  ["get", "/rights"],
  ["put", "/admin/rights"],
] as const;

/** Issue 17: the Admin screen's and the bell's calls. */
const ADMIN_CALLS = [
  ["get", "/admin/users"],
  ["put", "/admin/users/{id}/role"],
  ["post", "/admin/users/{id}/reset-link"],
  ["post", "/admin/users/{id}/suspension"],
  ["delete", "/admin/users/{id}/suspension"],
  ["get", "/admin/audit"],
  ["get", "/admin/backups/{name}/download"],
  ["get", "/notifications"],
  ["post", "/notifications/read"],
] as const;

/**
 * The server's routes that are not REST paths (sign-in with Google, tRPC, the health check, the
 * public pages' files), and the REST paths the document leaves out on purpose: itself, and the
 * history page's path, which only a browser navigation is answered on.
 */
const UNDOCUMENTED = [
  /^\/auth\//,
  /^\/trpc\//,
  /^\/healthz$/,
  /^\/robots\.txt$/,
  /^\/sitemaps?[/.]/,
  /^\/openapi\.json$/,
  /^\/metrics$/,
  /^\/artifacts\/\{id\}\/history$/,
  // The public pages /a/* (Fastify names a wildcard route by its wildcard alone): web pages, and
  // an artifact's JSON-LD to a client that asks for it (docs/harvesting-and-linked-data.md).
  /^\*$/,
  // A collection's web page, its head written by the server (issue 32).
  /^\/c\/\{id\}$/,
];

/** Every method and path of the server, from Fastify's own route tree (HEAD comes with GET). */
function serverRoutes(app: TestApp["app"]): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? "") + match[2]!;
    parents.push(path);
    for (const method of match[3]!.split(", ")) {
      if (method !== "HEAD")
        routes.push(`${method.toLowerCase()} ${path.replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return routes;
}

/** What z.toJSONSchema makes of a shared request schema, without the dialect line. */
function shared(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return rest;
}

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const response = await rest(t.app, "GET", "/openapi.json");
  expect(response.statusCode).toBe(200);
  doc = response.json() as Document;
});

afterAll(async () => {
  await t.close();
});

function operation(method: string, path: string): Operation {
  const op = doc.paths[path]?.[method] as Operation | undefined;
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
}

function bodySchema(method: string, path: string) {
  const ref = operation(method, path).requestBody?.content["application/json"].schema.$ref;
  expect(ref).toMatch(/^#\/components\/schemas\//);
  return doc.components.schemas[ref!.split("/").pop()!];
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1", () => {
    expect(doc.openapi).toBe("3.1.0");
  });

  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every route of the server but tRPC's, the web app's and its own", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method} ${path}`),
    );
    const routes = serverRoutes(t.app);
    expect(routes).toContain("post /trpc/{path}");
    expect(routes).toContain("get /artifacts/{id}/history");
    const rest = routes.filter(
      (route) => !UNDOCUMENTED.some((rule) => rule.test(route.split(" ")[1]!)),
    );
    expect(rest.sort()).toEqual(documented.sort());
  });

  it("lists every call of the spec's table", () => {
    for (const [method, path] of SPEC_CALLS) {
      const success = Object.keys(operation(method, path).responses).filter((code) =>
        code.startsWith("2"),
      );
      const creates = method === "post" && (path === "/artifacts" || path === "/images");
      expect(success).toEqual([creates ? "201" : "200"]);
    }
  });

  it("lists only paths the server answers, and every REST route", () => {
    const listed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        listed.push(`${method} ${path}`);
        const url = path.replace(/\{(\w+)\}/g, ":$1");
        expect(
          t.app.hasRoute({ method: method.toUpperCase() as "GET", url }),
          `${method} ${url}`,
        ).toBe(true);
      }
    }
    expect(listed.sort()).toEqual(
      [
        ...SPEC_CALLS,
        ...HISTORY_CALLS,
        ...OTHER_CALLS,
        ...ADMIN_CALLS,
        ...OPEN_DATA_CALLS,
        ...REVIEW_CALLS,
        ...CONVERSATION_CALLS,
        ...IIIF_CALLS,
        ...HARVESTING_CALLS,
        ...COLLECTION_CALLS,
      ]
        .map(([method, path]) => `${method} ${path}`)
        .sort(),
    );
  });

  it("takes its request bodies from the shared schemas the routes parse with", () => {
    expect(bodySchema("post", "/artifacts")).toEqual(shared(restArtifactBody));
    expect(bodySchema("put", "/artifacts/{id}")).toEqual(shared(restUpdateArtifactBody));
    expect(bodySchema("delete", "/artifacts/{id}")).toEqual(shared(restDeleteArtifactBody));
    expect(bodySchema("post", "/liked-artifacts")).toEqual(shared(restLikeBody));
    expect(bodySchema("post", "/jwt")).toEqual(shared(restJwtBody));
    expect(bodySchema("put", "/admin/users/{id}/role")).toEqual(shared(restSetRoleBody));

    const artifactBody = bodySchema("post", "/artifacts") as {
      properties: Record<string, { maxLength?: number; enum?: string[] }>;
      required: string[];
    };
    expect(artifactBody.properties.artifactName?.maxLength).toBe(LIMITS.name);
    expect(artifactBody.properties.artifactType?.enum).toEqual([...ARTIFACT_TYPES]);
    expect(artifactBody.required).toContain("historicalContext");
    expect(artifactBody.required).not.toContain("userEmail");
    // Issue 30: the images, each with its rights from the fixed list.
    const images = JSON.stringify(artifactBody.properties.images);
    expect(images).toContain('"maxItems":12');
    expect(images).toContain("http://rightsstatements.org/vocab/CNE/1.0/");
    expect(images).toContain("http://creativecommons.org/licenses/by-sa/4.0/");
  });

  it("takes the query parameters of GET /artifacts from the shared schema", () => {
    const parameters = operation("get", "/artifacts").parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(restArtifactsQuery.shape));
    for (const parameter of parameters) {
      expect(parameter.in).toBe("query");
      expect(parameter.required).toBe(false);
    }
    // type takes one value or, repeated, several (issue 18).
    const type = parameters.find((p) => p.name === "type");
    expect(JSON.stringify(type?.schema)).toContain(JSON.stringify([...ARTIFACT_TYPES]));
  });

  it("takes the query parameters of GET /liked-artifact from the shared schema, with the page headers", () => {
    const get = operation("get", "/liked-artifact");
    const parameters = get.parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(restLikedArtifactsQuery.shape));
    expect(parameters.map((p) => p.name)).toEqual(["email", "page", "pageSize"]);
    for (const parameter of parameters) expect(parameter.required).toBe(false);
    const pageSize = parameters.find((p) => p.name === "pageSize");
    expect(pageSize?.schema.maximum).toBe(REST_MAX_PAGE_SIZE);
    for (const path of ["/artifacts", "/liked-artifact"]) {
      const ok = operation("get", path).responses["200"] as { headers: Record<string, unknown> };
      expect(Object.keys(ok.headers), path).toEqual(["X-Total-Count", "Link"]);
    }
  });

  it("resolves every $ref to a component", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(doc.components.schemas, ref).toHaveProperty(name);
    }
  });

  it("describes artifacts with _id as a string and likeCount as a number", () => {
    const artifact = doc.components.schemas.Artifact as {
      properties: Record<string, { type: string }>;
      required: string[];
    };
    expect(artifact.properties._id?.type).toBe("string");
    expect(artifact.properties.likeCount?.type).toBe("integer");
    expect(artifact.properties).not.toHaveProperty("userEmail");
    expect(artifact.required).toContain("likeCount");
  });
});

describe("the session cookie in the OpenAPI document", () => {
  function operations(): [string, Operation][] {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const op = item[method] as Operation | undefined;
        return op ? [[`${method} ${path}`, op] as [string, Operation]] : [];
      }),
    );
  }

  it("names both of its names, each as a scheme of its own", () => {
    const schemes = Object.values(doc.components.securitySchemes);
    expect(schemes.map(({ type, in: where, name }) => ({ type, in: where, name }))).toEqual([
      { type: "apiKey", in: "cookie", name: "atlas_session" },
      { type: "apiKey", in: "cookie", name: "__Host-atlas_session" },
    ]);
  });

  it("lets every signed-in call be made with either name (two requirements: one or the other)", () => {
    const names = Object.keys(doc.components.securitySchemes);
    let signedInCalls = 0;
    for (const [call, op] of operations()) {
      const requirements = (op.security ?? []).filter((r) => Object.keys(r).length > 0);
      if (requirements.length === 0) continue;
      signedInCalls += 1;
      expect(requirements, call).toEqual(names.map((name) => ({ [name]: [] })));
    }
    expect(signedInCalls).toBeGreaterThan(20);
  });

  it.each([
    ["http", "http://localhost:3000", "atlas_session"],
    ["https", "https://atlas.example.org", "__Host-atlas_session"],
  ])("names the cookie that an %s deployment sets and reads", async (_, origin, expected) => {
    const deployment = await createTestApp({ PUBLIC_ORIGIN: origin });
    try {
      const signup = await deployment.app.inject({
        method: "POST",
        url: "/trpc/auth.signup",
        headers: { origin, "content-type": "application/json" },
        payload: JSON.stringify({
          userName: "Cookie Namer",
          email: "namer@example.com",
          password: "Secret123",
          photoUrl: "",
        }),
      });
      const set = signup.cookies.find((cookie) => cookie.value !== "");
      expect(set?.name).toBe(expected);
      const own = await rest(deployment.app, "GET", "/artifacts?email=namer%40example.com", {
        cookie: `${set?.name}=${set?.value}`,
      });
      expect(own.statusCode).toBe(200);
      const documented = Object.values(doc.components.securitySchemes).map((s) => s.name);
      expect(documented).toContain(set?.name);
    } finally {
      await deployment.close();
    }
  });
});
