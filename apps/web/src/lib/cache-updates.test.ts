import { describe, expect, it } from "vitest";
import {
  HIDDEN_PAGE_SIZE,
  type HiddenArtifact,
  type LikedArtifact,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { createFakeApi } from "../test/fake-api";
import { makeArtifact, renderHookWithApi, SIGNED_IN_USER } from "../test/render";
import {
  artifactAdded,
  artifactDeleted,
  artifactUnhidden,
  artifactUpdated,
  LIKED_ARTIFACTS_INPUT,
  MY_ARTIFACTS_INPUT,
  profileUpdated,
  sessionChanged,
  sessionUncertain,
} from "./cache-updates";
import { trpc } from "./trpc";

/** A member list as its infinite query holds it: pages of items, each with the next cursor. */
function pagesOf<Item>(...pages: Item[][]) {
  return {
    pages: pages.map((items, index) => ({
      items,
      nextCursor: index < pages.length - 1 ? index + 1 : null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : index)),
  };
}

/** The app's own query cache and tRPC utils, holding My Artifacts, the liked list and auth.me. */
function cacheWithAnswers() {
  const { result, clients } = renderHookWithApi(createFakeApi({}), () => trpc.useUtils());
  const utils = result.current;
  utils.auth.me.setData(undefined, SIGNED_IN_USER);
  utils.artifacts.mine.setInfiniteData(
    MY_ARTIFACTS_INPUT,
    pagesOf<ReviewedArtifact>(
      [makeArtifact({ id: 3 }), makeArtifact({ id: 4 })],
      [makeArtifact({ id: 5 })],
    ),
  );
  utils.artifacts.byId.setData({ id: 3 }, makeArtifact({ id: 3 }));
  utils.likes.list.setInfiniteData(
    LIKED_ARTIFACTS_INPUT,
    pagesOf<LikedArtifact>([makeArtifact({ id: 4 })]),
  );
  const queryClient = clients.queryClient;
  const isStale = (path: [string, string]) => {
    const queries = queryClient.getQueryCache().findAll({ queryKey: [path] });
    expect(queries).toHaveLength(1);
    return queries[0]!.state.isInvalidated;
  };
  return { utils, queryClient, isStale };
}

describe("cache updates", () => {
  it("marks every artifact query for a refetch after an artifact is added", () => {
    const { utils, isStale } = cacheWithAnswers();
    artifactAdded(utils);
    expect(isStale(["artifacts", "mine"])).toBe(true);
    expect(isStale(["artifacts", "byId"])).toBe(true);
    expect(isStale(["likes", "list"])).toBe(false);
  });

  it("shows an updated artifact at once and refetches the lists when next shown", () => {
    const { utils, isStale } = cacheWithAnswers();
    const saved = makeArtifact({ id: 3, artifactName: "Bronze Mirror" });
    artifactUpdated(utils, saved);
    expect(utils.artifacts.byId.getData({ id: 3 })).toEqual(saved);
    expect(isStale(["artifacts", "mine"])).toBe(true);
    expect(isStale(["likes", "list"])).toBe(true);
  });

  it("drops a deleted artifact from My Artifacts at once and refetches the lists when next shown", () => {
    const { utils, isStale } = cacheWithAnswers();
    artifactDeleted(utils, 3);
    artifactDeleted(utils, 5);
    const pages = utils.artifacts.mine.getInfiniteData(MY_ARTIFACTS_INPUT)?.pages;
    expect(pages?.map((page) => page.items.map((artifact) => artifact.id))).toEqual([[4], []]);
    // The pages keep their cursors: the list goes on from the same positions.
    expect(pages?.map((page) => page.nextCursor)).toEqual([1, null]);
    expect(isStale(["artifacts", "mine"])).toBe(true);
    expect(isStale(["likes", "list"])).toBe(true);
  });

  it("refetches the queue and the artifact after an unhide, but keeps the hidden list's rows", () => {
    const { utils, isStale } = cacheWithAnswers();
    utils.review.groups.setData(undefined, { imports: [], newAccountReports: null });
    utils.review.hidden.setInfiniteData(
      { limit: HIDDEN_PAGE_SIZE },
      pagesOf<HiddenArtifact>([
        { artifact: makeArtifact({ id: 3, status: "hidden" }), automatic: false },
      ]),
    );
    artifactUnhidden(utils);
    expect(isStale(["review", "groups"])).toBe(true);
    expect(isStale(["artifacts", "byId"])).toBe(true);
    // Its row says "is visible again" until the list is read again.
    expect(isStale(["review", "hidden"])).toBe(false);
  });

  it("shows a saved profile at once", () => {
    const { utils } = cacheWithAnswers();
    const saved = { ...SIGNED_IN_USER, name: "Ada King" };
    profileUpdated(utils, saved);
    expect(utils.auth.me.getData()).toEqual(saved);
  });

  it("keeps the new user and forgets every other answer when the session changes", async () => {
    const { utils, queryClient } = cacheWithAnswers();
    await sessionChanged(utils, queryClient, null);
    expect(utils.auth.me.getData()).toBeNull();
    expect(utils.artifacts.mine.getInfiniteData(MY_ARTIFACTS_INPUT)).toBeUndefined();
    expect(utils.likes.list.getInfiniteData(LIKED_ARTIFACTS_INPUT)).toBeUndefined();
  });

  it("asks the server again who is signed in when the session may have ended", async () => {
    const { queryClient, isStale } = cacheWithAnswers();
    await sessionUncertain(queryClient);
    expect(isStale(["auth", "me"])).toBe(true);
    expect(isStale(["artifacts", "mine"])).toBe(false);
  });
});
