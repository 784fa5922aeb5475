import type { BrowserContext } from "playwright-core";
import type {
  Artifact,
  ArtifactTextFields,
  ArtifactPage,
  LikeStatus,
  SessionUser,
} from "@artifact-atlas/shared";

/*
 * Setting the scene through the product's own API, as the web app calls it: tRPC over HTTP with
 * the browser context's cookies (context.request shares them), so a page opened afterwards in
 * that context is signed in as the account made here. Only for preparing state; what a test
 * proves, it proves through the screens.
 */

let counter = 0;

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "Alexandria1";

export interface Account {
  name: string;
  email: string;
  password: string;
}

async function unwrap<T>(path: string, status: number, body: string): Promise<T> {
  if (status < 200 || status >= 300) throw new Error(`${path} answered ${status}: ${body}`);
  return (JSON.parse(body) as { result: { data: T } }).result.data;
}

export async function trpcMutation<T>(
  context: BrowserContext,
  origin: string,
  path: string,
  input?: unknown,
): Promise<T> {
  const response = await context.request.post(`${origin}/trpc/${path}`, {
    headers: { origin, "content-type": "application/json" },
    ...(input === undefined ? {} : { data: input }),
  });
  return unwrap<T>(path, response.status(), await response.text());
}

/** A public query, without any session. */
export async function trpcQuery<T>(origin: string, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${origin}/trpc/${path}${query}`);
  return unwrap<T>(path, response.status, await response.text());
}

/** Signs up a new account in the context (its session cookie is set there). */
export async function signUp(
  context: BrowserContext,
  origin: string,
  name: string,
  label = "visitor",
): Promise<Account & { user: SessionUser }> {
  const account = { name, email: uniqueEmail(label), password: PASSWORD };
  const user = await trpcMutation<SessionUser>(context, origin, "auth.signup", {
    userName: account.name,
    email: account.email,
    password: account.password,
  });
  return { ...account, user };
}

export const SAMPLE_ARTIFACT: ArtifactTextFields = {
  artifactName: "Astrolabe of Alexandria",
  artifactImage: "https://images.example.invalid/astrolabe.jpg",
  artifactType: "Technology",
  historicalContext:
    "A brass astrolabe used to measure the altitude of stars and tell the time by night, after a design described by Theon of Alexandria.",
  createdAt: "4th Century",
  discoveredAt: "1902",
  discoveredBy: "A Danish expedition",
  presentLocation: "Museum of the History of Science, Oxford",
  imageAlt: "",
};

export async function createArtifact(
  context: BrowserContext,
  origin: string,
  fields: Partial<ArtifactTextFields> = {},
): Promise<Artifact> {
  return trpcMutation<Artifact>(context, origin, "artifacts.create", {
    ...SAMPLE_ARTIFACT,
    ...fields,
  });
}

export async function like(context: BrowserContext, origin: string, id: number) {
  return trpcMutation<LikeStatus>(context, origin, "likes.like", { id });
}

/** Every artifact of the collection, most liked first (ties by id), as the API reports them now. */
export async function allArtifacts(origin: string): Promise<Artifact[]> {
  const items: Artifact[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await trpcQuery<ArtifactPage>(origin, "artifacts.list", { sort: "desc", page });
    items.push(...answer.items);
    if (page >= answer.pageCount) return items;
  }
}

export async function artifactNamed(origin: string, name: string): Promise<Artifact> {
  const found = (await allArtifacts(origin)).find((artifact) => artifact.artifactName === name);
  if (!found) throw new Error(`The seed has no artifact named ${name}`);
  return found;
}
