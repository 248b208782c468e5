import type { Series } from '@episodic/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../links/link';
import { seriesPath } from '../links/player-path';
import { Skeleton } from './spinner';
import { SeriesCover } from './series-cover';

export type SeriesCardData = Pick<Series, 'id' | 'title' | 'cover' | 'accentColor' | 'episodeCount'>;

interface SeriesCardProps {
  series: SeriesCardData;
  /** Where the card leads; the series' player page by default. */
  to?: string;
  /** The line under the title; the episode count by default. */
  meta?: ReactNode;
  /** Drawn over the cover, inside the link (badges, progress bars). */
  overlay?: ReactNode;
  /** A control over the cover's top-right corner, outside the link (buttons must not sit inside links). */
  action?: ReactNode;
  /** Load the cover at once (cards above the fold). */
  eager?: boolean;
}

/** A series as a cover card: 3:4 cover, title and the line under it on up to two lines each. Fills its container's width. */
export function SeriesCard({ series, to, meta, overlay, action, eager }: SeriesCardProps) {
  const { t } = useTranslation();
  return (
    <div className="relative">
      <Link
        to={to ?? seriesPath(series.id)}
        className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <SeriesCover
          series={series}
          eager={eager ?? false}
          className="w-full transition-transform duration-200 group-active:scale-[0.98]"
        >
          {overlay}
        </SeriesCover>
        <span className="mt-2 line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-medium text-fg">{series.title}</span>
        <span className="mt-0.5 line-clamp-2 text-xs text-fg-muted">
          {meta ?? t('library.episodeCount', { count: series.episodeCount })}
        </span>
      </Link>
      {action ? <div className="absolute top-1.5 right-1.5">{action}</div> : null}
    </div>
  );
}

/** The footprint of a SeriesCard while it loads. */
export function SeriesCardSkeleton() {
  return (
    <div>
      <Skeleton className="aspect-[3/4] w-full rounded-xl" />
      <span className="mt-2 block h-10 pt-0.5">
        <Skeleton className="h-4 w-11/12" />
      </span>
      <span className="mt-0.5 flex h-4 items-center">
        <Skeleton className="h-3 w-1/2" />
      </span>
    </div>
  );
}
