import type { Series } from '@episodic/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { pageItems } from '../../shared/api/paged';
import { PagedList, type PagedQueryState } from '../../shared/ui/paged-list';
import { CatalogCard } from './catalog-card';
import { SeriesCardSkeleton } from '../../shared/ui/series-card';

interface CatalogGridProps {
  query: PagedQueryState<Series>;
  /** Accessible name of the grid. */
  label: string;
  /** Shown when the list has nothing at all. */
  empty: ReactNode;
  /** Number the cards (a ranking such as trending). */
  ranked?: boolean;
}

/** Series in three columns with infinite scroll, "Load more" and "No more content" (PagedList). */
export function CatalogGrid({ query, label, empty, ranked = false }: CatalogGridProps) {
  const { t } = useTranslation();
  const positions = new Map(pageItems(query.data).map((series, index) => [series.id, index]));
  return (
    <PagedList
      query={query}
      label={label}
      getKey={(series) => series.id}
      renderItem={(series) => {
        const position = positions.get(series.id) ?? 0;
        // The first two rows are on screen at once: load their covers without waiting.
        return <CatalogCard series={series} rank={ranked ? position + 1 : undefined} eager={position < 6} />;
      }}
      renderSkeleton={() => <SeriesCardSkeleton />}
      skeletonCount={9}
      empty={empty}
      errorMessage={t('catalog.listError')}
    />
  );
}
