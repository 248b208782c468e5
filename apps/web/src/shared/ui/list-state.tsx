import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';
import { Spinner } from './spinner';

export type ListStatus = 'loading' | 'more' | 'end';

interface ListStateProps {
  /** `loading` while a page is fetched, `more` when another page can be asked for, `end` when all is shown. */
  status: ListStatus;
  onLoadMore?: () => void;
}

/** The footer of a paged list: "Loading", "Load more" or "No more content". Its height never changes. */
export function ListState({ status, onLoadMore }: ListStateProps) {
  const { t } = useTranslation();
  return (
    <div className="flex h-14 items-center justify-center text-sm text-fg-muted" aria-live="polite">
      {status === 'loading' ? (
        <span className="inline-flex items-center gap-2">
          <Spinner className="size-4 text-accent" />
          {t('list.loading')}
        </span>
      ) : status === 'more' ? (
        <Button variant="secondary" onClick={onLoadMore} className="min-h-10 px-6">
          {t('list.loadMore')}
        </Button>
      ) : (
        <span>{t('list.noMore')}</span>
      )}
    </div>
  );
}
