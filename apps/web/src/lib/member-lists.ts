import type { InfiniteData } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CursorPage } from "@artifact-atlas/shared";
import type { QueryAnswer } from "../components/QueryState";
import { LIKED_ARTIFACTS_INPUT, MY_ARTIFACTS_INPUT } from "./cache-updates";
import { trpc } from "./trpc";

/*
 * The signed-in member's own lists (My Artifacts, Liked Artifacts) arrive a page at a time, and
 * their screens show each list whole, as the spec draws them: every following page is fetched at
 * once, without a click, and the list shows when the last has arrived
 * (docs/decisions/023-member-lists-in-pages.md).
 */

/** What an infinite query of a member list offers that the whole-list view needs. */
interface PagedListQuery<Item> {
  data: InfiniteData<CursorPage<Item>> | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The list once it is whole, fetching page after page, one request at a time; a page that failed
 * (after its retry) stops the walk and fails the list.
 */
function useWholeList<Item>(query: PagedListQuery<Item>): QueryAnswer<Item[]> {
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  const whole = !hasNextPage && !isError;
  return {
    data: whole ? query.data?.pages.flatMap((page) => page.items) : undefined,
    error: query.error,
  };
}

const nextCursor = (page: CursorPage<unknown>) => page.nextCursor;

/** The member's own artifacts, newest first. */
export function useMyArtifacts() {
  return useWholeList(
    trpc.artifacts.mine.useInfiniteQuery(MY_ARTIFACTS_INPUT, { getNextPageParam: nextCursor }),
  );
}

/** The member's liked artifacts, most recently liked first. */
export function useLikedArtifacts() {
  return useWholeList(
    trpc.likes.list.useInfiniteQuery(LIKED_ARTIFACTS_INPUT, { getNextPageParam: nextCursor }),
  );
}
