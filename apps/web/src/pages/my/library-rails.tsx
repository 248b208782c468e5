import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { SeriesCard, SeriesCardSkeleton } from '../../shared/ui/series-card';
import { HistoryCard, useFavorites, useHistory } from '../../features/library';
import { pageItems } from '../../shared/api/paged';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorState } from '../../shared/ui/error-state';
import { Section } from '../../shared/ui/page';
import { Rail } from '../../shared/ui/rail';

/** How many items a rail shows before "See all". */
const RAIL_ITEMS = 10;
/** A rail card's height (w-28 cover at 3:4 plus title and meta), kept by every state of the rail. */
const RAIL_HEIGHT = 'min-h-[13.5rem]';

function SeeAll({ to, title }: { to: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('library.seeAllOf', { title })}
      className="rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent"
    >
      {t('library.seeAll')}
    </Link>
  );
}

interface RailStateProps {
  isPending: boolean;
  isError: boolean;
  count: number;
  retry: () => void;
  errorMessage: string;
  emptyMessage: string;
  children: ReactNode;
}

function RailState({ isPending, isError, count, retry, errorMessage, emptyMessage, children }: RailStateProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <div
        role="status"
        aria-label={t('app.loading')}
        className={`-mx-4 flex gap-3 overflow-hidden px-4 ${RAIL_HEIGHT}`}
      >
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="w-28 shrink-0" aria-hidden="true">
            <SeriesCardSkeleton />
          </div>
        ))}
      </div>
    );
  }
  if (isError && count === 0)
    return <ErrorState className={`rounded-2xl bg-surface ${RAIL_HEIGHT}`} message={errorMessage} onRetry={retry} />;
  if (count === 0) {
    return (
      <EmptyState className={RAIL_HEIGHT} message={emptyMessage}>
        <ButtonLink to="/" variant="secondary">
          {t('library.discover')}
        </ButtonLink>
      </EmptyState>
    );
  }
  return <div className={RAIL_HEIGHT}>{children}</div>;
}

/** "My list": the first series of the viewer's list, with the way to all of it. */
export function FavoritesRail() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const items = pageItems(favorites.data).slice(0, RAIL_ITEMS);
  const title = t('library.myList');
  return (
    <Section title={title} action={<SeeAll to="/favorites" title={title} />}>
      <RailState
        isPending={favorites.isPending}
        isError={favorites.isError}
        count={items.length}
        retry={() => {
          void favorites.refetch();
        }}
        errorMessage={t('library.favorites.error')}
        emptyMessage={t('library.favorites.railEmpty')}
      >
        <Rail
          label={title}
          items={items}
          getKey={(series) => series.id}
          renderItem={(series) => <SeriesCard series={series} />}
        />
      </RailState>
    </Section>
  );
}

/** "Continue watching": the latest history entries with their progress. */
export function HistoryRail() {
  const { t } = useTranslation();
  const history = useHistory();
  const items = pageItems(history.data).slice(0, RAIL_ITEMS);
  const title = t('library.continueWatching');
  return (
    <Section title={title} action={<SeeAll to="/historys" title={title} />}>
      <RailState
        isPending={history.isPending}
        isError={history.isError}
        count={items.length}
        retry={() => {
          void history.refetch();
        }}
        errorMessage={t('library.history.error')}
        emptyMessage={t('library.history.railEmpty')}
      >
        <Rail
          label={title}
          items={items}
          getKey={(entry) => entry.series.id}
          renderItem={(entry) => <HistoryCard entry={entry} />}
        />
      </RailState>
    </Section>
  );
}
