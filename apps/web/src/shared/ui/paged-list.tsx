import type { Page } from '@episodic/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { pageItems } from '../api/paged';
import { ErrorState } from './error-state';
import { ListState } from './list-state';
import { useInfiniteScroll } from './use-infinite-scroll';

/** What PagedList needs of a `useInfiniteQuery` result over `Page<T>` answers (the result itself fits). */
export interface PagedQueryState<T> {
  data: InfiniteData<Page<T>> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export const PAGED_LAYOUTS = {
  /** Three cover cards per row on a phone. */
  grid: 'grid grid-cols-3 gap-x-3 gap-y-5',
  /** One row per item. */
  list: 'flex flex-col gap-3',
} as const;

interface PagedListProps<T> {
  query: PagedQueryState<T>;
  /** Accessible name of the list. */
  label: string;
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** One placeholder shaped like an item, shown while the first page loads. */
  renderSkeleton: (index: number) => ReactNode;
  skeletonCount?: number;
  /** Shown when the list has nothing at all. */
  empty: ReactNode;
  /** Shown when the first page could not be loaded (with a retry button). */
  errorMessage: string;
  layout?: keyof typeof PAGED_LAYOUTS;
  /** Replaces the layout's classes of the `<ul>`. */
  listClassName?: string;
}

/**
 * A paged list with infinite scroll: skeletons while the first page loads, an error with retry, an
 * empty state, then the items and the spec's footer ("Loading", "Load more", "No more content").
 * More pages load on their own as the end comes near; "Load more" stays for keyboards and old browsers.
 */
export function PagedList<T>({
  query,
  label,
  getKey,
  renderItem,
  renderSkeleton,
  skeletonCount = 9,
  empty,
  errorMessage,
  layout = 'grid',
  listClassName,
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const { data, isPending, isError, isFetchNextPageError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    query;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadMore = () => {
    void fetchNextPage();
  };
  const sentinel = useInfiniteScroll({ enabled: canLoadMore, onReachEnd: loadMore });
  const classes = listClassName ?? PAGED_LAYOUTS[layout];

  if (isPending) {
    return (
      <div role="status" aria-label={t('app.loading')} aria-busy="true">
        <div className={classes}>
          {Array.from({ length: skeletonCount }, (_, index) => (
            <div key={index} aria-hidden="true">
              {renderSkeleton(index)}
            </div>
          ))}
        </div>
      </div>
    );
  }

  if (!data && isError) {
    return (
      <ErrorState
        className="min-h-60 rounded-2xl bg-surface"
        message={errorMessage}
        onRetry={() => {
          void refetch();
        }}
      />
    );
  }

  const items = pageItems(data);
  if (items.length === 0 && !hasNextPage) return <>{empty}</>;

  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className={classes}>
        {items.map((item) => (
          <li key={getKey(item)} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {isFetchNextPageError ? (
        <ErrorState className="min-h-14 py-2" message={errorMessage} onRetry={loadMore} />
      ) : (
        <ListState status={isFetchingNextPage ? 'loading' : hasNextPage ? 'more' : 'end'} onLoadMore={loadMore} />
      )}
    </div>
  );
}
