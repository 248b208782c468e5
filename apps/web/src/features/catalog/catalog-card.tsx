import type { Series } from '@episodic/contract';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SeriesCard } from '../../shared/ui/series-card';

export type CatalogCardData = Pick<Series, 'id' | 'title' | 'cover' | 'accentColor' | 'episodeCount' | 'freeEpisodes'>;

/** "Free EP 1–3": how many opening episodes play without unlocking. Nothing when none are free. */
export function FreeBadge({ freeEpisodes, className = '' }: { freeEpisodes: number; className?: string }) {
  const { t } = useTranslation();
  if (freeEpisodes <= 0) return null;
  return (
    <span
      className={`rounded-md bg-accent px-1.5 py-0.5 text-[10px] leading-none font-bold text-black uppercase ${className}`}
    >
      {freeEpisodes === 1 ? t('catalog.freeFirst') : t('catalog.freeRange', { last: freeEpisodes })}
    </span>
  );
}

interface CatalogCardProps {
  series: CatalogCardData;
  /** Position in a ranking (trending), drawn large beside the cover. */
  rank?: number;
  eager?: boolean;
}

/** A series card of the catalog: cover, title, episode count, the free-episodes badge and an optional rank. */
export function CatalogCard({ series, rank, eager }: CatalogCardProps) {
  const { t } = useTranslation();
  const card = (
    <SeriesCard
      series={series}
      eager={eager ?? false}
      meta={t('catalog.episodes', { count: series.episodeCount })}
      overlay={
        <>
          <FreeBadge freeEpisodes={series.freeEpisodes} className="absolute top-1.5 left-1.5" />
          {rank === undefined ? null : <span className="sr-only">{t('catalog.rank', { rank })}</span>}
        </>
      }
    />
  );
  if (rank === undefined) return card;
  // The rank stands beside the cover, never on it (a number over the art hid faces and titles).
  return (
    <div className="flex items-start gap-1">
      <span
        aria-hidden="true"
        data-rank={rank}
        className={`size-8 shrink-0 text-center leading-none font-black text-fg italic ${rank < 10 ? 'text-2xl' : 'text-xl'}`}
      >
        {rank}
      </span>
      <div className="min-w-0 flex-1">{card}</div>
    </div>
  );
}
