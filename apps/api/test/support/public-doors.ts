import {
  typeFeedPath,
  type Artifact,
  type ArtifactFacets,
  type ArtifactPage,
  type LikedArtifact,
} from "@artifact-atlas/shared";
import { trpc, type TestApp } from "./app";
import { rest } from "./rest";

/**
 * Every public read of artifacts, through tRPC and REST (issue 17, with issue 18's filters and
 * facets, issue 21's public page data, sitemap and export, and issue 33's discussion and Following
 * feed): the doors that show the artifact `id`, read as `cookie` (a member who is neither its owner
 * nor a curator) or as nobody. `name` is searched in full, by its first three characters and by
 * its first two. With `followerCookie`, that member follows the artifact's owner and reads the
 * Following feed; with `cookie`, the member asks who its owner is, to follow them.
 */
export async function doorsShowing(
  t: TestApp,
  artifact: { id: number; artifactName: string; artifactType: string },
  options: { cookie?: string; likerCookie?: string; followerCookie?: string } = {},
): Promise<string[]> {
  const { id } = artifact;
  const cookie = options.cookie;
  const shown: string[] = [];
  const has = (items: { id: number }[]) => items.some((item) => item.id === id);
  const hasRest = (items: { _id: string }[]) => items.some((item) => item._id === String(id));

  const searches = {
    list: undefined,
    "list search (name)": artifact.artifactName,
    "list search (3)": [...artifact.artifactName].slice(0, 3).join(""),
    "list search (2)": [...artifact.artifactName].slice(0, 2).join(""),
  };
  /** Whether some page of the list read with `input` shows the artifact. */
  const listed = async (input: object): Promise<boolean> => {
    // The page with the artifact may be any: read until the end (test collections are small).
    for (let page = 1; page <= 50; page += 1) {
      const result = await trpc(t.app, "query", "artifacts.list", { ...input, page }, cookie);
      const data = result.data as ArtifactPage;
      if (has(data.items)) return true;
      if (page >= data.pageCount) return false;
    }
    return false;
  };
  for (const [door, search] of Object.entries(searches)) {
    for (const sort of ["default", "asc", "desc"] as const) {
      if (await listed({ search, sort })) shown.push(`${door} ${sort}`);
    }
  }
  // Issue 18: the filters, the all-fields search and the facets (the timeline's counts).
  if (await listed({ types: [artifact.artifactType] })) shown.push("list type filter");
  if (await listed({ search: artifact.artifactName, in: "all" })) shown.push("list all fields");
  const facets = await trpc(
    t.app,
    "query",
    "artifacts.facets",
    { search: artifact.artifactName },
    cookie,
  );
  if ((facets.data as ArtifactFacets).types.some((type) => type.count > 0)) shown.push("facets");
  const popular = await trpc(t.app, "query", "artifacts.popular", undefined, cookie);
  if (has(popular.data as Artifact[])) shown.push("popular");

  const byId = await trpc(t.app, "query", "artifacts.byId", { id }, cookie);
  if (byId.status !== 404) shown.push(`byId ${byId.status}`);
  // Issue 21: the public page's data, the sitemap and the open-data export.
  const publicById = await trpc(t.app, "query", "artifacts.publicById", { id }, cookie);
  if (publicById.status !== 404) shown.push(`publicById ${publicById.status}`);
  const page = new RegExp(`/a/${id}(?:/|<|")`);
  if (page.test((await rest(t.app, "GET", "/sitemap.xml")).body)) shown.push("sitemap");
  const exported = await rest(
    t.app,
    "GET",
    `/export?format=json&search=${encodeURIComponent(artifact.artifactName)}`,
  );
  if (page.test(exported.body)) shown.push("export");

  const likeStatus = await trpc(t.app, "query", "likes.status", { id }, cookie);
  if (likeStatus.status === 200) shown.push("likes.status");

  if (options.likerCookie) {
    const liked = await trpc(t.app, "query", "likes.list", { limit: 100 }, options.likerCookie);
    if (has((liked.data as { items: LikedArtifact[] }).items)) shown.push("likes.list");
    const restLiked = await rest(t.app, "GET", "/liked-artifact?pageSize=100", {
      cookie: options.likerCookie,
    });
    if (hasRest(restLiked.json() as { _id: string }[])) shown.push("REST liked");
  }

  const restOptions = cookie ? { cookie } : {};
  for (const url of [
    "/artifacts?pageSize=100",
    `/artifacts?type=${artifact.artifactType}&pageSize=100`,
  ]) {
    const response = await rest(t.app, "GET", url, restOptions);
    if (hasRest(response.json() as { _id: string }[])) shown.push(`REST ${url}`);
    const total = Number(response.headers["x-total-count"]);
    if (total !== (response.json() as unknown[]).length) shown.push(`REST ${url} total ${total}`);
  }
  const restById = await rest(t.app, "GET", `/artifacts/${id}`, restOptions);
  if (restById.statusCode !== 404) shown.push(`REST byId ${restById.statusCode}`);

  // Issue 33: the discussion, and the Following feed of a member who follows the owner.
  const discussion = await trpc(t.app, "query", "comments.list", { id }, cookie);
  if (discussion.status !== 404) shown.push(`comments.list ${discussion.status}`);
  const restDiscussion = await rest(t.app, "GET", `/artifacts/${id}/comments`, restOptions);
  if (restDiscussion.statusCode !== 404) shown.push(`REST comments ${restDiscussion.statusCode}`);
  // Who added it, to follow them by: for members only, so only with a cookie.
  if (cookie) {
    const owner = await trpc(t.app, "query", "follows.artifactOwner", { id }, cookie);
    if (owner.status !== 404) shown.push(`follows.artifactOwner ${owner.status}`);
    const restOwner = await rest(t.app, "GET", `/artifacts/${id}/owner`, restOptions);
    if (restOwner.statusCode !== 404) shown.push(`REST owner ${restOwner.statusCode}`);
  }
  if (options.followerCookie) {
    const follower = (await trpc(t.app, "query", "auth.me", undefined, options.followerCookie))
      .data as { id: number };
    t.db.$client
      .prepare(
        `insert or ignore into follows (follower_id, target_kind, target_id, bell, email, created_at)
         select ?, 'member', owner_id, 1, 0, ? from artifacts where id = ?`,
      )
      .run(follower.id, Date.now(), id);
    const feed = await trpc(t.app, "query", "follows.feed", {}, options.followerCookie);
    if (has((feed.data as { items: { id: number }[] }).items)) shown.push("follows.feed");
    const restFeed = await rest(t.app, "GET", "/following", { cookie: options.followerCookie });
    if (
      hasRest(
        (restFeed.json() as { items: { id: number }[] }).items.map((item) => ({
          _id: String(item.id),
        })),
      )
    )
      shown.push("REST following");
  }
  shown.push(...(await harvestingDoorsShowing(t, artifact, restOptions)));
  return shown;
}

/**
 * Issue 34's doors: OAI-PMH (a record with its metadata, in a list or alone), the Atom feeds and
 * JSON-LD. A record that is answered as deleted shows nothing, and is not counted.
 */
async function harvestingDoorsShowing(
  t: TestApp,
  artifact: { id: number; artifactName: string; artifactType: string },
  options: { cookie?: string },
): Promise<string[]> {
  const { id, artifactName } = artifact;
  const shown: string[] = [];
  const identifier = `oai:localhost:artifact/${id}`;
  const header = new RegExp(`<header>\\s*<identifier>${identifier}</identifier>`);
  for (const prefix of ["oai_dc", "edm"]) {
    const record = await rest(
      t.app,
      "GET",
      `/oai?verb=GetRecord&metadataPrefix=${prefix}&identifier=${identifier}`,
      options,
    );
    if (record.body.includes("<metadata>")) shown.push(`OAI GetRecord ${prefix}`);
    const list = await rest(
      t.app,
      "GET",
      `/oai?verb=ListRecords&metadataPrefix=${prefix}`,
      options,
    );
    if (header.test(list.body)) shown.push(`OAI ListRecords ${prefix}`);
  }
  const identifiers = await rest(
    t.app,
    "GET",
    "/oai?verb=ListIdentifiers&metadataPrefix=edm",
    options,
  );
  if (header.test(identifiers.body)) shown.push("OAI ListIdentifiers");
  const entry = `<id>http://localhost:3000/a/${id}</id>`;
  for (const feed of ["/feeds/artifacts.atom", typeFeedPath(artifact.artifactType)]) {
    if ((await rest(t.app, "GET", feed, options)).body.includes(entry)) shown.push(`feed ${feed}`);
  }
  for (const path of [`/a/${id}`, `/artifacts/${id}`]) {
    const linked = await rest(t.app, "GET", path, {
      ...options,
      headers: { accept: "application/ld+json" },
    });
    if (linked.statusCode !== 404 || linked.body.includes(artifactName)) {
      shown.push(`JSON-LD ${path} ${linked.statusCode}`);
    }
  }
  return shown;
}

/** The ids that Explore Similar shows next to the artifact `nextTo`. */
export async function similarIds(t: TestApp, nextTo: number, cookie?: string): Promise<number[]> {
  const result = await trpc(t.app, "query", "artifacts.similar", { id: nextTo }, cookie);
  return ((result.data ?? []) as Artifact[]).map((item) => item.id);
}
