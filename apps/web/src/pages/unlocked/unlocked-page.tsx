import type { UnlockedSeries } from '@episodic/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { unlockedQuery } from '../../features/billing';
import { SeriesCover } from '../../shared/ui/series-cover';
import { HistoryRowSkeleton } from '../../features/library';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { currentLanguage } from '../../shared/i18n/i18n';
import { htmlLangFor } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { ButtonLink } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { LockIcon } from '../../shared/ui/icons/lock';
import { PagedList } from '../../shared/ui/paged-list';
import { Page } from '../../shared/ui/page';
import { ProgressBar } from '../../shared/ui/progress-bar';

function UnlockedRow({ entry }: { entry: UnlockedSeries }) {
  const { t } = useTranslation();
  const total = entry.series.episodeCount;
  const when = formatRelativeTime(entry.lastUnlockedAt, htmlLangFor(currentLanguage()));
  return (
    <Link
      to={`/videos/${String(entry.series.id)}?ep=${String(entry.lastEpisodeNumber)}`}
      className="flex items-center gap-3 rounded-2xl bg-surface p-2.5 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <SeriesCover series={entry.series} className="w-20 shrink-0 rounded-lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="line-clamp-2 text-sm leading-5 font-medium text-fg">{entry.series.title}</p>
        <p className="flex items-center gap-1 text-xs font-semibold text-amber-300">
          <LockIcon className="size-3.5" />
          {t('billing.unlocked.count', { count: entry.unlockedEpisodes, total })}
        </p>
        <ProgressBar value={total > 0 ? Math.min(1, entry.unlockedEpisodes / total) : 0} />
        <p className="text-xs text-fg-subtle">
          {t('billing.unlocked.latest', { number: entry.lastEpisodeNumber, when })}
        </p>
      </div>
      <ChevronRightIcon className="size-5 shrink-0 text-fg-subtle" />
    </Link>
  );
}

/** Series in which the viewer unlocked episodes, the latest unlock first; each opens its last unlocked episode. */
export function UnlockedPage() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(unlockedQuery(useLanguage(), useQueryClient()));
  return (
    <Page name="unlocked" title={t('pages.unlocked')}>
      <PagedList
        query={list}
        layout="list"
        label={t('billing.unlocked.label')}
        getKey={(entry) => entry.series.id}
        renderItem={(entry) => <UnlockedRow entry={entry} />}
        renderSkeleton={() => <HistoryRowSkeleton />}
        skeletonCount={6}
        empty={
          <EmptyState className="min-h-60" message={t('billing.unlocked.empty')}>
            <ButtonLink to="/">{t('library.discover')}</ButtonLink>
          </EmptyState>
        }
        errorMessage={t('billing.unlocked.error')}
      />
    </Page>
  );
}

export { UnlockedPage as Component };
