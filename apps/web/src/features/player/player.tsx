import type { EpisodeListItem, SeriesDetail, User } from '@episodic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { memo, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useLanguage } from '../../shared/i18n/use-language';
import { usePageTitle } from '../../shared/ui/page';
import { useStableHandler } from '../../shared/ui/use-stable-handler';
import { episodeTotal, neighbours } from './episode-selection';
import { episodeUrl, shoppingPath } from './format';
import { markHistoryStale } from './library-sync';
import type { OneTapPurchase } from './one-tap';
import { OneTapPaywall } from './one-tap-offers';
import { countPlay, playbackQuery, playerKey } from './player-api';
import { sourceOf, useEpisodePlayback, usePosterMayLoad } from './use-episode-playback';
import { PlayerChrome, PlayerFrame } from './player-chrome';
import { PlayerStage, useTapToggle } from './player-stage';
import { shareLink } from './share';
import { EpisodeSheet, InfoSheet, LockedPanel, SettingsSheet, preloadSheets } from './sheets';
import { LockIcon } from '../../shared/ui/icons/lock';
import { useAutoHide } from './use-auto-hide';
import { useAutoplayNext } from './use-autoplay-next';
import { useFavoriteToggle } from './use-favorite-toggle';
import { useFeedGestures, type Direction } from './use-feed-gestures';
import { useMediaSession } from './use-media-session';
import { usePageScrollLock } from './use-page-scroll-lock';
import { usePlayerEngine, usePlayerSnapshot } from './use-player-engine';
import { usePaywall } from './use-paywall';
import { usePlayerKeys } from './use-player-keys';
import { useProgressSaver } from './use-progress-saver';
import { useSlide } from './use-slide';
import { useSubtitleChoice } from './use-subtitle-choice';
import { useWakeLock } from './use-wake-lock';

export type EpisodeChange = 'swipe' | 'select';

export interface PlayerProps {
  series: SeriesDetail;
  /** Every episode of the series (at least one). */
  episodes: readonly EpisodeListItem[];
  /** The episode the address asks for. */
  number: number;
  /** Seconds to start the first episode at. */
  startAt: number;
  user: User | undefined;
  /** The episode on screen changed: the page updates its address. */
  onEpisodeChange: (number: number, how: EpisodeChange) => void;
  /** The viewer added the series to their list. */
  onAddedToList?: (series: Pick<SeriesDetail, 'id' | 'title'>) => void;
  /** A one-tap purchase's step (checkout started, card given, paid), for tracking. */
  onPurchase?: (purchase: OneTapPurchase) => void;
  /** The series' like button (the catalog's), first in the side rail. */
  like?: ReactNode;
}

/**
 * The vertical player of one series: the episode on screen, the next one preloaded below it, swipes
 * and keys to move between them, and every control of the page. Memoised: the page's other queries
 * answering do not draw it again.
 */
export const Player = memo(function Player({
  series,
  episodes,
  number,
  startAt,
  user,
  onEpisodeChange,
  onAddedToList,
  onPurchase,
  like,
}: PlayerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();

  // The episode on screen follows the address, but a swipe changes it at once (the address follows).
  const [shown, setShown] = useState(number);
  const [addressed, setAddressed] = useState(number);
  if (number !== addressed) {
    setAddressed(number);
    setShown(number);
  }
  const item = episodes.find((e) => e.number === shown) ?? episodes[0];
  if (!item) throw new Error('A player needs at least one episode');
  const { previous, next } = neighbours(episodes, item.number);
  const total = episodeTotal(episodes);

  // Sticky: once the first episode has started (or cannot), the neighbours load and keep loading (no flicker
  // of their posters). Before, their playback answers and posters would only compete with the first frame
  // (and a query starting as the page mounts draws the whole player a second time, in one long task).
  const [neighboursMayLoad, setNeighboursMayLoad] = useState(false);
  const { currentQuery, nextQuery, previousQuery, playback, currentSource, nextSource, locked } = useEpisodePlayback(
    item,
    { previous, next },
    language,
    neighboursMayLoad,
  );

  const videoA = useRef<HTMLVideoElement>(null);
  const videoB = useRef<HTMLVideoElement>(null);
  const videos = useMemo(() => [videoA, videoB] as const, []);
  const engine = usePlayerEngine(videos);
  const snapshot = usePlayerSnapshot(engine);
  const onScreen = snapshot.episodeId === item.id && currentSource !== null;
  const playing = onScreen && !snapshot.paused;

  // The start position of the address applies to the first episode only.
  const start = useRef<{ number: number; at: number } | null>({ number, at: startAt });
  useEffect(() => {
    if (!engine || !playback) return;
    const at = start.current?.number === item.number ? start.current.at : 0;
    // Kept through a paywall: unlocking the first episode still starts it at `t`.
    if (currentSource || start.current?.number !== item.number) start.current = null;
    engine.show(currentSource, { startAt: at, keep: next?.id ?? null });
  }, [engine, playback, currentSource, item.number, next?.id]);

  // Preload the next episode once this one shows its first frame (it must not slow the start down).
  const [framed, setFramed] = useState<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const { sliding, slideFrom } = useSlide(trackRef, shown);
  useEffect(() => {
    if (!engine) return;
    const offFrame = engine.on('firstframe', (episodeId) => {
      setFramed(episodeId);
      void countPlay(episodeId);
    });
    return offFrame;
  }, [engine]);
  const started = framed === item.id || (onScreen && snapshot.ready && snapshot.paused);
  useEffect(() => {
    if (engine && started && !sliding) engine.preload(nextSource);
  }, [engine, started, sliding, nextSource]);
  useEffect(() => {
    if (started || locked) preloadSheets();
  }, [started, locked]);

  // Moving between episodes.
  const stageRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // After the last episode the viewer flows into the For You feed (without this series), not a still frame.
  const toFeed = () => void navigate(`/forYou?after=${String(series.id)}`);
  const go = (direction: Direction, offset = 0) => {
    if (direction === 'next' && !next && engine) {
      toFeed();
      return;
    }
    const target = direction === 'next' ? next : previous;
    if (!target || !engine) return;
    const data = queryClient.getQueryData(playbackQuery(target.id, language).queryKey);
    // Straight from the gesture: a preloaded episode starts now, with the tap's permission to play sound.
    engine.show(sourceOf(data), { keep: direction === 'previous' ? item.id : null });
    const height = stageRef.current?.clientHeight ?? window.innerHeight;
    slideFrom((direction === 'next' ? height : -height) + offset);
    // The page's new render yields to the browser: the episode's first frames do not wait for it.
    startTransition(() => {
      setShown(target.number);
      onEpisodeChange(target.number, 'swipe');
    });
  };
  const select = (episodeNumber: number) => {
    const target = episodes.find((e) => e.number === episodeNumber);
    if (!target || !engine || target.number === item.number) return;
    const data = queryClient.getQueryData(playbackQuery(target.id, language).queryKey);
    engine.show(sourceOf(data), { keep: next?.id ?? null });
    setShown(target.number);
    onEpisodeChange(target.number, 'select');
  };

  const { visible: controlsVisible, reveal } = useAutoHide(playing);
  const [scrubbing, setScrubbing] = useState(false);
  const gestures = useFeedGestures({
    stage: stageRef,
    track: trackRef,
    canNext: true,
    canPrevious: previous !== undefined,
    onCommit: go,
    onActivity: reveal,
  });

  useAutoplayNext(engine, item.id, () => {
    go('next');
  });

  const { flash, toggle } = useTapToggle(engine, snapshot, onScreen, reveal);

  usePlayerKeys({
    onEpisode: (direction) => {
      reveal();
      go(direction);
    },
    onToggle: toggle,
    onMute: () => engine?.setMuted(!snapshot.muted),
  });

  usePageScrollLock();

  useProgressSaver(engine, () => {
    markHistoryStale(queryClient);
    void queryClient.invalidateQueries({ queryKey: [...playerKey, 'history'], refetchType: 'none' });
  });
  useWakeLock(playing);
  const title = t('player.title', { number: item.number, series: series.title });
  usePageTitle(title);
  useMediaSession({
    title,
    series: series.title,
    artwork: playback?.poster ?? series.cover,
    playing,
    onPlay: () => engine?.play(),
    onPause: () => engine?.pause(),
    onNext: next
      ? () => {
          go('next');
        }
      : null,
    onPrevious: previous
      ? () => {
          go('previous');
        }
      : null,
    onSeek: (seconds) => engine?.seek(seconds),
  });

  const subtitles = useSubtitleChoice(engine, playback, language, snapshot.episodeId);

  const paywall = usePaywall({ seriesId: series.id, episodes, item, locked, user });

  const favorite = useFavoriteToggle(series, onAddedToList);
  const [sheet, setSheet] = useState<'episodes' | 'settings' | 'info' | null>(null);
  // The paywall sheet of this episode was closed by the viewer (a button on the picture opens it again).
  const [paywallClosed, setPaywallClosed] = useState<number | null>(null);

  // Stable handlers and seek props: the chrome (memoised) draws again only when what it shows changes,
  // not at each of the engine's changes while an episode starts.
  const share = useStableHandler(() => {
    void shareLink({
      url: episodeUrl(series.id, item.number),
      title,
      text: t('player.shareText', { number: item.number, series: series.title }),
    });
  });
  const openEpisodes = useStableHandler(() => {
    setSheet('episodes');
  });
  const openSettings = useStableHandler(() => {
    setSheet('settings');
  });
  const openInfo = useStableHandler(() => {
    setSheet('info');
  });
  const unmute = useStableHandler(() => engine?.setMuted(false));
  const seekTo = useStableHandler((seconds: number) => {
    engine?.seek(seconds);
  });

  const poster = playback?.poster ?? null;
  if (!neighboursMayLoad && (started || locked || currentQuery.isError || snapshot.error !== null))
    setNeighboursMayLoad(true);
  const posterMayLoad = usePosterMayLoad(neighboursMayLoad);
  const loading = !locked && !currentQuery.isError && !(onScreen && snapshot.ready && !snapshot.error);
  const error = onScreen ? snapshot.error : null;
  const seekDuration = snapshot.duration || item.duration;
  const seek = useMemo(
    () => (onScreen ? { engine, duration: seekDuration, onSeek: seekTo, onScrub: setScrubbing } : null),
    [onScreen, engine, seekDuration, seekTo],
  );
  return (
    <PlayerFrame accent={series.accentColor}>
      <PlayerStage
        stageRef={stageRef}
        trackRef={trackRef}
        gestures={gestures}
        videos={videos}
        snapshot={snapshot}
        onScreen={onScreen}
        previousId={previous?.id ?? null}
        nextId={next?.id ?? null}
        panes={{
          // The neighbours' posters wait for this episode's start: they must not compete with its first segment.
          previous: {
            poster: previous && neighboursMayLoad ? (previousQuery.data?.poster ?? null) : null,
            locked: previousQuery.data?.playable === false,
          },
          current: { poster: posterMayLoad ? (poster ?? series.cover) : null, locked: locked || !poster },
          next: {
            poster: next && neighboursMayLoad ? (nextQuery.data?.poster ?? null) : null,
            locked: nextQuery.data?.playable === false,
          },
        }}
        loading={loading}
        error={currentQuery.isError ? 'network' : (error?.kind ?? null)}
        onRetry={() => {
          if (currentQuery.isError) void currentQuery.refetch();
          else engine?.retry();
        }}
        scrubbing={scrubbing}
        flash={flash}
        onToggle={toggle}
        onActivity={reveal}
        overlay={
          locked && playback ? (
            <button
              type="button"
              data-no-swipe
              aria-haspopup="dialog"
              onClick={() => {
                setPaywallClosed(null);
              }}
              className="pointer-events-auto inline-flex min-h-12 items-center gap-2 rounded-full bg-accent px-5 text-sm font-bold text-black shadow-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <LockIcon className="size-5" />
              {t('player.locked.open', { number: item.number })}
            </button>
          ) : null
        }
      >
        <PlayerChrome
          visible={controlsVisible || scrubbing || sheet !== null}
          locked={locked}
          seriesTitle={series.title}
          episodeNumber={item.number}
          episodeCount={episodes.length}
          episodeTotal={total}
          playCount={series.playCount}
          favorite={favorite.inList}
          onFavorite={favorite.toggle}
          onShare={share}
          like={like}
          onEpisodes={openEpisodes}
          onSettings={openSettings}
          onInfo={openInfo}
          seek={seek}
          mutedByAutoplay={onScreen && snapshot.mutedByAutoplay}
          onUnmute={unmute}
          cue={onScreen ? snapshot.cue : ''}
        />
      </PlayerStage>
      <Suspense fallback={null}>
        {locked && playback && paywallClosed !== item.id && sheet === null ? (
          <LockedPanel
            episodeNumber={item.number}
            seriesTitle={series.title}
            cost={playback.cost || item.cost}
            balance={user?.coins}
            seriesPrice={series.seriesPrice}
            lockedTotal={series.lockedTotal}
            state={paywall.state}
            shoppingHref={shoppingPath(series.id, item.number)}
            onUnlock={paywall.unlock}
            onUnlockSeries={paywall.unlockSeries}
            favorite={favorite.inList}
            onFavorite={favorite.toggle}
            onShare={share}
            onClose={() => {
              setPaywallClosed(item.id);
            }}
            oneTap={
              <OneTapPaywall
                seriesId={series.id}
                episodeNumber={item.number}
                cost={playback.cost || item.cost}
                balance={user?.coins}
                unlock={paywall.unlock}
                shoppingHref={shoppingPath(series.id, item.number)}
                disabled={paywall.state.status === 'pending'}
                onPurchase={onPurchase}
              />
            }
          />
        ) : null}
        {sheet === 'episodes' ? (
          <EpisodeSheet
            title={series.title}
            archived={series.archived === true}
            episodes={episodes}
            current={item.number}
            onSelect={(episodeNumber) => {
              setSheet(null);
              select(episodeNumber);
            }}
            onClose={() => {
              setSheet(null);
            }}
          />
        ) : null}
        {sheet === 'info' ? (
          <InfoSheet
            series={series}
            episodes={episodes}
            onClose={() => {
              setSheet(null);
            }}
          />
        ) : null}
        {sheet === 'settings' ? (
          <SettingsSheet
            rate={snapshot.rate}
            onRate={(rate) => engine?.setRate(rate)}
            qualities={snapshot.qualities}
            quality={snapshot.quality}
            activeHeight={snapshot.activeHeight}
            onQuality={(height) => engine?.setQuality(height)}
            subtitleLanguages={subtitles.languages}
            subtitles={subtitles.subtitles}
            onSubtitles={subtitles.choose}
            uiLanguage={language}
            onClose={() => {
              setSheet(null);
            }}
          />
        ) : null}
      </Suspense>
    </PlayerFrame>
  );
});
