import { useQueryClient } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { usePageTitle } from '../../shared/ui/page';
import { useStableHandler } from '../../shared/ui/use-stable-handler';
import { episodeUrl } from './format';
import { ForYouChrome } from './for-you-chrome';
import { PlayerStage, useTapToggle } from './player-stage';
import { countPlay, playbackQuery, playerKey, type FeedEntry } from './player-api';
import { shareLink } from './share';
import { useAutoHide } from './use-auto-hide';
import { useAutoplayNext } from './use-autoplay-next';
import { sourceOf, useEpisodePlayback, usePosterMayLoad } from './use-episode-playback';
import { useFeedGestures, type Direction } from './use-feed-gestures';
import { usePageScrollLock } from './use-page-scroll-lock';
import { usePlayerEngine, usePlayerSnapshot } from './use-player-engine';
import { usePlayerKeys } from './use-player-keys';
import { useProgressSaver } from './use-progress-saver';
import { useSlide } from './use-slide';
import { useWakeLock } from './use-wake-lock';
import { markHistoryStale } from './library-sync';

export interface ForYouFeedProps {
  /** The feed so far (at least one item). */
  items: readonly FeedEntry[];
  /** Near the end of what is loaded: the page asks for the next page. */
  onNearEnd: () => void;
  /** An item's like button (the page composes the catalog's), first in its side rail. */
  renderLike?: (item: FeedEntry) => ReactNode;
}

/** How many items before the end the next page is asked for. */
const NEAR_END = 3;

/**
 * The For You feed: each series' first episode, full screen, one after the other. The player's own
 * engine and parts: two `<video>` slots, the next item preloaded once the one on screen shows its first
 * frame, the same swipes, keys and slide. Each item has a button that continues its series.
 */
export const ForYouFeed = memo(function ForYouFeed({ items, onNearEnd, renderLike }: ForYouFeedProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const shownIndex = Math.min(index, items.length - 1);
  const item = items[shownIndex];
  if (!item) throw new Error('The feed needs at least one item');
  const previous = items[shownIndex - 1];
  const next = items[shownIndex + 1];

  useEffect(() => {
    if (shownIndex >= items.length - NEAR_END) onNearEnd();
  }, [shownIndex, items.length, onNearEnd]);

  const [neighboursMayLoad, setNeighboursMayLoad] = useState(false);
  const { currentQuery, nextQuery, previousQuery, playback, currentSource, nextSource, locked } = useEpisodePlayback(
    item.episode,
    { previous: previous?.episode, next: next?.episode },
    language,
    neighboursMayLoad,
  );

  const videoA = useRef<HTMLVideoElement>(null);
  const videoB = useRef<HTMLVideoElement>(null);
  const videos = useMemo(() => [videoA, videoB] as const, []);
  const engine = usePlayerEngine(videos);
  const snapshot = usePlayerSnapshot(engine);
  const onScreen = snapshot.episodeId === item.episode.id && currentSource !== null;
  const playing = onScreen && !snapshot.paused;
  const nextId = next?.episode.id ?? null;

  useEffect(() => {
    if (engine && playback) engine.show(currentSource, { startAt: 0, keep: nextId });
  }, [engine, playback, currentSource, nextId]);

  const [framed, setFramed] = useState<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const { sliding, slideFrom } = useSlide(trackRef, shownIndex);
  useEffect(() => {
    if (!engine) return;
    return engine.on('firstframe', (episodeId) => {
      setFramed(episodeId);
      void countPlay(episodeId);
    });
  }, [engine]);
  const started = framed === item.episode.id || (onScreen && snapshot.ready && snapshot.paused);
  // The next item loads its first segment once this one shows its first frame: a swipe starts it at once.
  useEffect(() => {
    if (engine && started && !sliding) engine.preload(nextSource);
  }, [engine, started, sliding, nextSource]);
  if (!neighboursMayLoad && (started || locked || currentQuery.isError || snapshot.error !== null))
    setNeighboursMayLoad(true);
  const posterMayLoad = usePosterMayLoad(neighboursMayLoad);

  const stageRef = useRef<HTMLDivElement>(null);
  const go = (direction: Direction, offset = 0) => {
    const target = direction === 'next' ? next : previous;
    if (!target || !engine) return;
    const data = queryClient.getQueryData(playbackQuery(target.episode.id, language).queryKey);
    // Straight from the gesture: a preloaded item starts now, with the tap's permission to play sound.
    engine.show(sourceOf(data), { keep: direction === 'previous' ? item.episode.id : null });
    const height = stageRef.current?.clientHeight ?? window.innerHeight;
    slideFrom((direction === 'next' ? height : -height) + offset);
    // The feed's new render yields to the browser: the item's first frames do not wait for it.
    startTransition(() => {
      setIndex(shownIndex + (direction === 'next' ? 1 : -1));
    });
  };

  const { visible: controlsVisible, reveal } = useAutoHide(playing);
  const [scrubbing, setScrubbing] = useState(false);
  const gestures = useFeedGestures({
    stage: stageRef,
    track: trackRef,
    canNext: next !== undefined,
    canPrevious: previous !== undefined,
    onCommit: go,
    onActivity: reveal,
  });
  useAutoplayNext(engine, item.episode.id, next ? () => go('next') : null);

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
  useWakeLock(playing);
  usePageTitle(t('feed.title'));

  // A first episode watched here is the viewer's place in that series, unless they already have one
  // (the feed must not move someone back to episode 1 of a series they are in the middle of).
  const fresh = useMemo(() => new Set(items.filter((i) => !i.continueAt.saved).map((i) => i.episode.id)), [items]);
  useProgressSaver(
    engine,
    () => {
      markHistoryStale(queryClient);
      void queryClient.invalidateQueries({ queryKey: [...playerKey, 'history'], refetchType: 'none' });
    },
    (episodeId) => fresh.has(episodeId),
  );

  const share = useStableHandler(() => {
    void shareLink({
      url: episodeUrl(item.series.id, item.episode.number),
      title: item.series.title,
      text: t('player.shareText', { number: item.episode.number, series: item.series.title }),
    });
  });
  // One element per item: the memoised chrome is not drawn again at each of the engine's changes.
  const like = useMemo(() => renderLike?.(item), [renderLike, item]);
  const unmute = useStableHandler(() => engine?.setMuted(false));
  const seekTo = useStableHandler((seconds: number) => {
    engine?.seek(seconds);
  });
  const seekDuration = snapshot.duration || item.episode.duration;
  const seek = useMemo(
    () => (onScreen ? { engine, duration: seekDuration, onSeek: seekTo, onScrub: setScrubbing } : null),
    [onScreen, engine, seekDuration, seekTo],
  );
  const loading = !locked && !currentQuery.isError && !(onScreen && snapshot.ready && !snapshot.error);
  const error = onScreen ? snapshot.error : null;

  return (
    // Over the header, beside the tab bar: the feed is one of the app's tabs.
    <div
      data-page="for-you"
      className="fixed inset-x-0 top-0 bottom-[calc(var(--tabbar-height)+env(safe-area-inset-bottom))] z-[35] flex justify-center bg-black"
    >
      <div className="relative h-full w-full max-w-[480px] overflow-hidden bg-black">
        <PlayerStage
          stageRef={stageRef}
          trackRef={trackRef}
          gestures={gestures}
          videos={videos}
          snapshot={snapshot}
          onScreen={onScreen}
          previousId={previous?.episode.id ?? null}
          nextId={nextId}
          panes={{
            previous: {
              poster: previous && neighboursMayLoad ? (previousQuery.data?.poster ?? previous.series.cover) : null,
              locked: previousQuery.data?.playable === false,
            },
            current: {
              poster: posterMayLoad ? (playback?.poster ?? item.series.cover) : null,
              locked: locked || !playback?.poster,
            },
            next: {
              poster: next && neighboursMayLoad ? (nextQuery.data?.poster ?? next.series.cover) : null,
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
        >
          <ForYouChrome
            key={item.series.id}
            item={item}
            visible={controlsVisible || scrubbing}
            seek={seek}
            mutedByAutoplay={onScreen && snapshot.mutedByAutoplay}
            onUnmute={unmute}
            onShare={share}
            like={like}
            cue={onScreen ? snapshot.cue : ''}
          />
        </PlayerStage>
      </div>
    </div>
  );
});
