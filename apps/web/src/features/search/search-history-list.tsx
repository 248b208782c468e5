import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ErrorState } from '../../shared/ui/error-state';
import { CloseIcon } from '../../shared/ui/icons/close';
import { HistoryIcon } from '../../shared/ui/icons/history';
import { Skeleton } from '../../shared/ui/spinner';
import type { SearchHistory } from './search-history';

interface SearchHistoryListProps {
  history: SearchHistory;
  onPick: (query: string) => void;
}

/** Recent searches, newest first: tap one to search again, remove one, or clear them all. */
export function SearchHistoryList({ history, onPick }: SearchHistoryListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { entries, status } = history;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex min-h-9 items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {t('search.history')}
        </h2>
        {entries.length > 0 ? (
          <button
            type="button"
            aria-label={t('search.clearAllLabel')}
            onClick={history.clear}
            className="-mr-2 min-h-9 rounded-full px-3 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('search.clearAll')}
          </button>
        ) : null}
      </div>
      {status === 'pending' ? (
        <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-11 rounded-xl" />
          ))}
        </div>
      ) : status === 'error' ? (
        <ErrorState message={t('search.historyError')} onRetry={history.retry} />
      ) : entries.length === 0 ? (
        <p className="py-3 text-sm text-fg-muted">{t('search.noHistory')}</p>
      ) : (
        <ul className="flex flex-col">
          {entries.map((entry) => (
            <li key={entry.query} className="flex items-center gap-1 border-b border-white/5 last:border-0">
              <button
                type="button"
                onClick={() => {
                  onPick(entry.query);
                }}
                className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg text-left text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                <HistoryIcon className="size-4 shrink-0 text-fg-subtle" />
                <span className="truncate">{entry.query}</span>
              </button>
              <button
                type="button"
                aria-label={t('search.remove', { query: entry.query })}
                title={t('search.remove', { query: entry.query })}
                onClick={() => {
                  history.remove(entry.query);
                }}
                className="flex size-11 shrink-0 items-center justify-center rounded-full text-fg-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
