import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useTrendingSearches } from './trending';

/** Trending searches as chips: tap one to search it. Absent while there are none (or they fail to load). */
export function TrendingSearches({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const trending = useTrendingSearches();
  const items = trending.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="flex min-h-9 items-center text-base font-semibold text-fg">
        {t('search.trending')}
      </h2>
      <ol className="flex flex-wrap gap-2">
        {items.map((item, index) => (
          <li key={item.query}>
            <button
              type="button"
              onClick={() => {
                onPick(item.query);
              }}
              className="flex min-h-11 max-w-full items-center gap-2 rounded-full bg-surface-2 px-4 text-sm text-fg ring-1 ring-white/10 hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span aria-hidden="true" className={`font-semibold ${index < 3 ? 'text-accent' : 'text-fg-muted'}`}>
                {index + 1}
              </span>
              <span className="truncate">{item.query}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
