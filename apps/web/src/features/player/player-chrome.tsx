import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useGoBack } from '../../shared/links/go-back';
import { useLanguage } from '../../shared/i18n/use-language';
import { BackIcon } from '../../shared/ui/icons/back';
import { BookmarkFilledIcon } from '../../shared/ui/icons/bookmark-filled';
import { BookmarkIcon } from '../../shared/ui/icons/bookmark';
import { ChevronRightIcon } from '../../shared/ui/icons/chevron-right';
import { EpisodesIcon } from '../../shared/ui/icons/episodes';
import { EyeIcon } from '../../shared/ui/icons/eye';
import { MutedIcon } from '../../shared/ui/icons/muted';
import { PauseIcon } from '../../shared/ui/icons/pause';
import { PlayIcon } from '../../shared/ui/icons/play';
import { ShareIcon } from '../../shared/ui/icons/share';
import { SlidersIcon } from '../../shared/ui/icons/sliders';
import { Spinner } from '../../shared/ui/spinner';
import { formatClock, formatCompactCount, formatCount } from './format';
import type { PlayerEngine } from './player-engine';
import { SeekBar } from './seek-bar';
import { usePlayerTime } from './use-player-engine';

/** The full-screen column every state of the player page is drawn in (so nothing moves between states). */
export function PlayerFrame({ children, accent }: { children: ReactNode; accent?: string | null }) {
  return (
    <div data-page="videos" className="fixed inset-0 z-[45] flex justify-center bg-black">
      <div
        className="relative h-full w-full overflow-hidden bg-black sm:max-w-[calc(100dvh*9/16)]"
        style={
          accent ? { backgroundImage: `radial-gradient(120% 80% at 50% 35%, ${accent}55, transparent 70%)` } : undefined
        }
      >
        {children}
      </div>
    </div>
  );
}

/** Spinner in the middle of the picture (the poster stays visible behind it). */
export function CenterSpinner({ label }: { label: string }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
      <span className="rounded-full bg-black/40 p-3">
        <Spinner label={label} className="size-9 text-accent" />
      </span>
    </div>
  );
}

/** Back to where the viewer came from, or home when the player was the first page. */
export function BackButton() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button
      type="button"
      aria-label={t('player.back')}
      title={t('player.back')}
      onClick={goBack}
      className="pointer-events-auto inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <BackIcon className="size-6" />
    </button>
  );
}

interface RailButtonProps {
  label: string;
  caption: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  haspopup?: boolean;
}

export function RailButton({ label, caption, onClick, children, pressed, haspopup }: RailButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={haspopup ? 'dialog' : undefined}
      onClick={onClick}
      className="pointer-events-auto flex w-16 flex-col items-center gap-1 rounded-xl py-1 text-white focus-visible:outline-2 focus-visible:outline-accent"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-black/30 backdrop-blur-sm">
        {children}
      </span>
      <span aria-hidden="true" className="max-w-full text-center text-[11px] leading-tight font-medium drop-shadow">
        {caption}
      </span>
    </button>
  );
}

interface ChromeProps {
  visible: boolean;
  /** A locked episode: its paywall takes the lower half, so only the top bar stays. */
  locked: boolean;
  seriesTitle: string;
  episodeNumber: number;
  /** How many episodes the viewer can open (the episodes button). */
  episodeCount: number;
  /** The total of "EP n / total" (`episodeTotal`): never below an episode's number. */
  episodeTotal: number;
  playCount: number;
  favorite: boolean;
  onFavorite: () => void;
  onShare: () => void;
  /** The series' like button, drawn first in the side rail. */
  like?: ReactNode;
  onEpisodes: () => void;
  onSettings: () => void;
  /** Opens the series' info sheet (synopsis, categories, episodes, running time). */
  onInfo: () => void;
  /** Shown when the episode plays (not on a locked episode). */
  seek: {
    engine: PlayerEngine | null;
    duration: number;
    onSeek: (seconds: number) => void;
    onScrub: (scrubbing: boolean) => void;
  } | null;
  mutedByAutoplay: boolean;
  onUnmute: () => void;
  cue: string;
}

export type SeekProps = NonNullable<ChromeProps['seek']>;

/** The seek bar and the clock: the only part that draws again at every time update. */
export function SeekArea({
  engine,
  duration,
  onSeek,
  onScrub,
  visible,
  fade,
}: SeekProps & { visible: boolean; fade: string }) {
  const currentTime = usePlayerTime(engine);
  return (
    <>
      <SeekBar currentTime={currentTime} duration={duration} onSeek={onSeek} onScrub={onScrub} thin={!visible} />
      <p
        aria-hidden="true"
        className={`-mt-1 flex justify-between px-0.5 text-[11px] text-white/70 tabular-nums ${fade}`}
      >
        <span>{formatClock(currentTime)}</span>
        <span>{formatClock(duration)}</span>
      </p>
    </>
  );
}

/**
 * Everything drawn over the picture: top bar, side actions, title, seek bar, subtitles. Memoised (the
 * player passes stable handlers): it draws again when what it shows changes.
 */
export const PlayerChrome = memo(function PlayerChrome(props: ChromeProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { visible, seriesTitle, episodeNumber, episodeCount, episodeTotal, playCount, favorite, seek } = props;
  // The chrome draws again at every time update (the seek bar); its words and numbers only change with
  // the episode, the count or the language.
  const text = useMemo(
    () => ({
      plays: t('player.plays', { total: formatCount(playCount, language) }),
      playCount: t('player.playCount', { count: playCount, plays: formatCompactCount(playCount, language) }),
      episodeOf: t('player.episodeOf', { number: episodeNumber, total: Math.max(episodeTotal, episodeNumber) }),
      episodes: t('player.episodes'),
      settings: t('player.settings'),
      unmute: t('player.unmute'),
      allEpisodes: t('player.allEpisodes', { count: episodeCount }),
      favoriteLabel: favorite ? t('player.removeFromList') : t('player.addToList'),
      favoriteCaption: favorite ? t('player.inList') : t('player.myList'),
      share: t('player.share'),
      about: t('player.info.open'),
      shareCaption: t('player.shareCaption'),
    }),
    [t, language, playCount, episodeNumber, episodeCount, episodeTotal, favorite],
  );
  const playsLabel = text.plays;
  const fade = `transition-opacity duration-300 ${visible ? 'opacity-100' : 'opacity-0'}`;
  return (
    <div className="pointer-events-none absolute inset-0 z-20 flex flex-col" data-controls-visible={visible}>
      <div
        className={`flex items-center gap-1 bg-gradient-to-b from-black/60 to-transparent px-1.5 pt-[calc(env(safe-area-inset-top)+0.25rem)] pb-6 ${fade}`}
      >
        <BackButton />
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-white drop-shadow">{text.episodeOf}</p>
        {props.locked ? (
          <button
            type="button"
            aria-label={text.episodes}
            title={text.episodes}
            aria-haspopup="dialog"
            onClick={props.onEpisodes}
            className="pointer-events-auto inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <EpisodesIcon className="size-6" />
          </button>
        ) : (
          <button
            type="button"
            aria-label={text.settings}
            title={text.settings}
            aria-haspopup="dialog"
            onClick={props.onSettings}
            className="pointer-events-auto inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <SlidersIcon className="size-6" />
          </button>
        )}
      </div>

      {props.mutedByAutoplay ? (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={props.onUnmute}
            className="pointer-events-auto inline-flex min-h-10 items-center gap-2 rounded-full bg-black/60 px-4 text-sm font-semibold text-white ring-1 ring-white/20 backdrop-blur focus-visible:outline-2 focus-visible:outline-accent"
          >
            <MutedIcon className="size-5" />
            {text.unmute}
          </button>
        </div>
      ) : null}

      <div className="flex-1" />

      {props.cue ? (
        <p className="mx-6 mb-3 self-center rounded bg-black/55 px-2 py-1 text-center text-base leading-snug whitespace-pre-line text-white">
          {props.cue}
        </p>
      ) : null}

      {props.locked ? (
        <h1 className="sr-only">{seriesTitle}</h1>
      ) : (
        <>
          <div className="relative flex items-end gap-2 px-4">
            <div className={`min-w-0 flex-1 pb-1 ${fade}`}>
              <h1 className="text-base font-bold text-white drop-shadow">
                <button
                  type="button"
                  onClick={props.onInfo}
                  aria-haspopup="dialog"
                  title={text.about}
                  className="pointer-events-auto flex max-w-full items-center gap-1 rounded text-left focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span className="line-clamp-2">{seriesTitle}</span>
                  <ChevronRightIcon className="size-4 shrink-0" />
                </button>
              </h1>
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                <button
                  type="button"
                  onClick={props.onEpisodes}
                  aria-haspopup="dialog"
                  className="pointer-events-auto inline-flex min-h-8 items-center gap-1 rounded-full bg-white/15 px-3 text-xs font-semibold text-white backdrop-blur-sm focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <EpisodesIcon className="size-4" />
                  {text.allEpisodes}
                </button>
                {/* The play count, as the specification asks, as a label rather than the rail's first button. */}
                <span
                  className="flex items-center gap-1 text-xs font-medium text-white/80 drop-shadow"
                  title={playsLabel}
                >
                  <EyeIcon className="size-4" />
                  <span aria-hidden="true" data-testid="play-count">
                    {text.playCount}
                  </span>
                  <span className="sr-only">{playsLabel}</span>
                </span>
              </div>
            </div>
            <div className={`flex flex-col items-center gap-2 pb-1 ${fade}`}>
              {props.like}
              <RailButton label={text.favoriteLabel} caption={text.favoriteCaption} onClick={props.onFavorite}>
                {favorite ? <BookmarkFilledIcon className="size-6 text-accent" /> : <BookmarkIcon className="size-6" />}
              </RailButton>
              <RailButton label={text.episodes} caption={text.episodes} onClick={props.onEpisodes} haspopup>
                <EpisodesIcon className="size-6" />
              </RailButton>
              <RailButton label={text.share} caption={text.shareCaption} onClick={props.onShare}>
                <ShareIcon className="size-6" />
              </RailButton>
            </div>
          </div>

          <div className="px-3 pb-[calc(env(safe-area-inset-bottom)+0.5rem)]">
            {seek ? <SeekArea {...seek} visible={visible} fade={fade} /> : <div className="h-12" />}
          </div>
        </>
      )}
    </div>
  );
});

/** The big play / pause sign in the middle: steady while paused, a short flash after a tap. */
export function StateIcon({ kind }: { kind: 'play' | 'pause' }) {
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm">
        {kind === 'play' ? <PlayIcon className="size-10 translate-x-0.5" /> : <PauseIcon className="size-10" />}
      </span>
    </div>
  );
}
