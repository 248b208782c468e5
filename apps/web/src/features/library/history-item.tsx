import type { HistoryEntry } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { currentLanguage } from '../../shared/i18n/i18n';
import { htmlLangFor } from '../../shared/i18n/languages';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { Skeleton } from '../../shared/ui/spinner';
import { SeriesCard } from '../../shared/ui/series-card';
import { SeriesCover } from '../../shared/ui/series-cover';
import { resumeTarget, watchedRatio } from './resume';

function useEpisodeLabel(entry: HistoryEntry): { label: string; percent: number; path: string } {
  const { t } = useTranslation();
  const target = resumeTarget(entry);
  const percent = Math.round(watchedRatio(entry) * 100);
  const label = target.next
    ? t('library.history.nextEpisode', { number: target.episodeNumber })
    : t('library.history.episode', { number: target.episodeNumber });
  return { label, percent, path: target.path };
}

/** One row of the watch history: cover, title, "EP n", progress and when it was watched; opens where it stopped. */
export function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const { label, percent, path } = useEpisodeLabel(entry);
  const when = formatRelativeTime(entry.updatedAt, htmlLangFor(currentLanguage()));
  return (
    <Link
      to={path}
      className="flex items-center gap-3 rounded-2xl bg-surface p-2.5 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <SeriesCover series={entry.series} className="w-20 shrink-0 rounded-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="line-clamp-2 text-sm leading-5 font-medium text-fg">{entry.series.title}</p>
        <p className="text-xs font-semibold text-accent">
          {label}
          <span className="font-normal text-fg-muted">
            {' · '}
            {entry.finished ? t('library.history.finished') : t('library.history.progress', { percent })}
          </span>
        </p>
        <ProgressBar value={percent / 100} />
        {when ? <p className="text-xs text-fg-subtle">{t('library.history.updated', { when })}</p> : null}
      </div>
      <ChevronRightIcon className="size-5 shrink-0 text-fg-subtle" />
    </Link>
  );
}

/** The footprint of a HistoryRow while it loads. */
export function HistoryRowSkeleton() {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-surface p-2.5">
      <Skeleton className="aspect-[3/4] w-20 shrink-0 rounded-lg" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-1 w-full" />
        <Skeleton className="h-3 w-1/4" />
      </div>
    </div>
  );
}

/** A history entry as a cover card with its progress (the "Continue watching" rail). */
export function HistoryCard({ entry, eager }: { entry: HistoryEntry; eager?: boolean }) {
  const { label, percent, path } = useEpisodeLabel(entry);
  return (
    <SeriesCard
      series={entry.series}
      to={path}
      eager={eager ?? false}
      meta={label}
      overlay={
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-2">
          <ProgressBar value={percent / 100} />
        </div>
      }
    />
  );
}
