import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CatalogGrid } from './catalog-grid';
import { useSearchResults } from './series-lists';
import { EmptyState } from '../../shared/ui/empty-state';

/** "Results for “…”" and every matching series, paged (used by /search and /searchDetail). */
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const results = useSearchResults(query);
  const heading = t('search.resultsFor', { query });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold break-words text-fg">
        {heading}
      </h2>
      <CatalogGrid
        query={results}
        label={heading}
        empty={<EmptyState className="min-h-40" message={t('search.noResults', { query })} />}
      />
    </section>
  );
}
