import type { Page } from '@episodic/contract';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { ApiArgs, ApiPagedPath, ApiPageItem, ApiQuery } from '@episodic/api-client';
import { DEFAULT_PAGE_SIZE } from '@episodic/contract/constants';
import { api } from './client';

export type { Page };

export { DEFAULT_PAGE_SIZE };

interface PagedQueryInit<P extends ApiPagedPath> {
  /** Cache key of the whole list (the page number is added by the query itself). */
  queryKey: QueryKey;
  /** A paged endpoint: `page` + `pageSize` in, `{ items, page, pageSize, hasMore }` out. */
  path: P;
  /** Other query parameters (filters, language); null leaves one out. */
  params?: { [K in keyof ApiQuery<P, 'get'>]?: ApiQuery<P, 'get'>[K] | null };
  pageSize?: number;
  staleTime?: number;
  /** Runs before each page is fetched (for example: make sure a session exists first). */
  before?: () => Promise<unknown>;
}

/** Treats anything that is not a page (an old server, a stub) as an empty last page instead of crashing a screen. */
function asPage<T>(value: unknown, page: number, pageSize: number): Page<T> {
  const candidate = value as Partial<Page<T>> | null | undefined;
  if (!candidate || !Array.isArray(candidate.items)) return { items: [], page, pageSize, hasMore: false };
  return {
    items: candidate.items,
    page: candidate.page ?? page,
    pageSize: candidate.pageSize ?? pageSize,
    hasMore: candidate.hasMore === true,
  };
}

/**
 * Infinite-query options for a paged list endpoint of the API (architecture §4 "Paged lists").
 * Use with `useInfiniteQuery` and `PagedList` (shared/ui/paged-list).
 */
export function pagedQuery<P extends ApiPagedPath, T = ApiPageItem<P>>({
  queryKey,
  path,
  params,
  pageSize = DEFAULT_PAGE_SIZE,
  staleTime,
  before,
}: PagedQueryInit<P>) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      await before?.();
      const init = [{ query: { ...params, page: pageParam, pageSize }, signal }] as unknown as ApiArgs<P, 'get'>;
      return asPage<T>(await api.get(path, ...init), pageParam, pageSize);
    },
    getNextPageParam: (last: Page<T>) => (last.hasMore ? last.page + 1 : undefined),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/** Every item of the pages loaded so far, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

/** A copy of loaded pages with the items matching `remove` taken out (for optimistic removal). */
export function withoutItems<T>(
  data: InfiniteData<Page<T>> | undefined,
  remove: (item: T) => boolean,
): InfiniteData<Page<T>> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !remove(item)) })) };
}
