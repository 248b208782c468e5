import { memo, type ReactNode } from 'react';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { seriesPath } from '../../shared/links/player-path';
import { BookmarkFilledIcon } from '../../shared/ui/icons/bookmark-filled';
import { BookmarkIcon } from '../../shared/ui/icons/bookmark';
import { MutedIcon } from '../../shared/ui/icons/muted';
import { PlayIcon } from '../../shared/ui/icons/play';
import { ShareIcon } from '../../shared/ui/icons/share';
import { formatCompactCount } from './format';
import type { FeedEntry } from './player-api';
import { RailButton, SeekArea, type SeekProps } from './player-chrome';
import { useFavoriteToggle } from './use-favorite-toggle';

interface ForYouChromeProps {
  item: FeedEntry;
  visible: boolean;
  seek: SeekProps | null;
  mutedByAutoplay: boolean;
  onUnmute: () => void;
  onShare: () => void;
  cue: string;
  /** The series' like button (the catalog's), first in the side rail. */
  like?: ReactNode;
}

/**
 * What the For You feed draws over an item: the feed's name, the series (title, categories, synopsis),
 * the button that continues it, its like, My list and Share, and the seek bar.
 */
export const ForYouChrome = memo(function ForYouChrome({
  item,
  visible,
  seek,
  mutedByAutoplay,
  onUnmute,
  onShare,
  cue,
  like,
}: ForYouChromeProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { series, continueAt } = item;
  const favorite = useFavoriteToggle(series);
  const fade = `transition-opacity duration-300 ${visible ? 'opacity-100' : 'opacity-0'}`;
  const tags = series.tags.map((tag) => tag.name).join(' · ');
  return (
    <div className="pointer-events-none absolute inset-0 z-20 flex flex-col" data-controls-visible={visible}>
      <div
        className={`bg-gradient-to-b from-black/60 to-transparent px-4 pt-[calc(env(safe-area-inset-top)+0.75rem)] pb-6 ${fade}`}
      >
        <h1 className="text-lg font-bold text-white drop-shadow">{t('feed.title')}</h1>
      </div>
      {mutedByAutoplay ? (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={onUnmute}
            className="pointer-events-auto inline-flex min-h-10 items-center gap-2 rounded-full bg-black/60 px-4 text-sm font-semibold text-white ring-1 ring-white/20 backdrop-blur focus-visible:outline-2 focus-visible:outline-accent"
          >
            <MutedIcon className="size-5" />
            {t('player.unmute')}
          </button>
        </div>
      ) : null}
      <div className="flex-1" />
      {cue ? (
        <p className="mx-6 mb-3 self-center rounded bg-black/55 px-2 py-1 text-center text-base leading-snug whitespace-pre-line text-white">
          {cue}
        </p>
      ) : null}
      <div className="relative flex items-end gap-2 bg-gradient-to-t from-black/70 to-transparent px-4 pt-10">
        <div className="min-w-0 flex-1 pb-1" data-testid="feed-item" data-series={series.id}>
          <h2 className="line-clamp-2 text-base font-bold text-white drop-shadow">{series.title}</h2>
          <p className="mt-0.5 truncate text-xs text-white/75">
            {t('player.allEpisodes', { count: series.episodeCount })} ·{' '}
            {t('player.playCount', {
              count: series.playCount,
              plays: formatCompactCount(series.playCount, language),
            })}
            {tags ? ` · ${tags}` : ''}
          </p>
          {series.synopsis ? (
            <p className={`mt-1 line-clamp-2 text-xs leading-snug text-white/85 ${fade}`}>{series.synopsis}</p>
          ) : null}
          <Link
            to={seriesPath(series.id, continueAt.number, continueAt.position)}
            className="pointer-events-auto mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-accent px-4 text-sm font-bold text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <PlayIcon className="size-4" />
            {continueAt.saved
              ? t('feed.continue', { number: continueAt.number })
              : t('feed.watchNext', { number: continueAt.number })}
          </Link>
        </div>
        <div className="flex flex-col items-center gap-2 pb-1">
          {like}
          <RailButton
            label={favorite.inList ? t('player.removeFromList') : t('player.addToList')}
            caption={favorite.inList ? t('player.inList') : t('player.myList')}
            pressed={favorite.inList}
            onClick={favorite.toggle}
          >
            {favorite.inList ? (
              <BookmarkFilledIcon className="size-6 text-accent" />
            ) : (
              <BookmarkIcon className="size-6" />
            )}
          </RailButton>
          <RailButton label={t('player.share')} caption={t('player.share')} onClick={onShare}>
            <ShareIcon className="size-6" />
          </RailButton>
        </div>
      </div>
      <div className="bg-black/70 px-3 pb-2">
        {seek ? <SeekArea {...seek} visible={visible} fade={fade} /> : <div className="h-12" />}
      </div>
    </div>
  );
});
