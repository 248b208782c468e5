import type { Series } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SeriesCard, SeriesCardSkeleton } from '../../shared/ui/series-card';
import { useFavorites, useRemoveFavorite } from '../../features/library';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { CloseIcon } from '../../shared/ui/icons/close';
import { PagedList } from '../../shared/ui/paged-list';
import { Page } from '../../shared/ui/page';

function RemoveButton({ series, onRemove }: { series: Series; onRemove: (series: Series) => void }) {
  const { t } = useTranslation();
  const label = t('library.favorites.remove', { title: series.title });
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => {
        onRemove(series);
      }}
      className="inline-flex size-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <CloseIcon className="size-4" />
    </button>
  );
}

/** The viewer's list: a paged grid of series, each removable. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const remove = useRemoveFavorite();
  const onRemove = (series: Series) => {
    remove.mutate(series);
  };
  return (
    <Page name="favorites" title={t('pages.favorites')}>
      <PagedList
        query={favorites}
        label={t('library.favorites.label')}
        getKey={(series) => series.id}
        renderItem={(series) => (
          <SeriesCard series={series} action={<RemoveButton series={series} onRemove={onRemove} />} />
        )}
        renderSkeleton={() => <SeriesCardSkeleton />}
        empty={
          <EmptyState className="min-h-60" message={t('library.favorites.empty')}>
            <ButtonLink to="/">{t('library.discover')}</ButtonLink>
          </EmptyState>
        }
        errorMessage={t('library.favorites.error')}
      />
    </Page>
  );
}

export { FavoritesPage as Component };
