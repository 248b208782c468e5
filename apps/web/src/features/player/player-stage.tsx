import { useCallback, useLayoutEffect, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { adoptEarlyVideo, hasEarlyVideo } from './early-handoff';
import { FeedPane, PlayerOverlay } from './feed-pane';
import type { PlaybackErrorKind } from './media-slot';
import type { PlayerEngine } from './player-engine';
import type { PlayerSnapshot } from './player-snapshot';
import type { useFeedGestures } from './use-feed-gestures';
import { useTapFlash, type TapFlash } from './use-tap-flash';

/**
 * What a tap on the picture does, with the play / pause sign it leaves. Playing muted because the
 * browser refused sound: the first tap brings the sound, it does not pause.
 */
export function useTapToggle(
  engine: PlayerEngine | null,
  snapshot: PlayerSnapshot,
  onScreen: boolean,
  onActivity: () => void,
) {
  const [flash, setFlash] = useTapFlash();
  const toggle = () => {
    if (!engine || !onScreen) return;
    if (snapshot.mutedByAutoplay && !snapshot.paused) {
      engine.setMuted(false);
      onActivity();
      return;
    }
    const nowPlaying = engine.toggle();
    setFlash({ kind: nowPlaying ? 'play' : 'pause', key: Date.now() });
    onActivity();
  };
  return { flash, toggle };
}

/** A neighbour's or the current item's place in the feed: its poster, and whether it is drawn locked. */
export interface StagePane {
  poster: string | null;
  locked: boolean;
}

export interface PlayerStageProps {
  stageRef: RefObject<HTMLDivElement | null>;
  trackRef: RefObject<HTMLDivElement | null>;
  gestures: ReturnType<typeof useFeedGestures>;
  /** The engine's two `<video>` slots. */
  videos: readonly [RefObject<HTMLVideoElement | null>, RefObject<HTMLVideoElement | null>];
  snapshot: PlayerSnapshot;
  /** The engine shows the episode this stage is for (its picture may be drawn at 0). */
  onScreen: boolean;
  /** Episode ids of the neighbours, whose preloaded slots wait above and below. */
  previousId: number | null;
  nextId: number | null;
  panes: { previous: StagePane; current: StagePane; next: StagePane };
  loading: boolean;
  error: PlaybackErrorKind | null;
  onRetry: () => void;
  scrubbing: boolean;
  flash: TapFlash;
  /** A tap on the picture (not the end of a drag). */
  onToggle: () => void;
  /** Any sign of the viewer (focus inside): the controls show. */
  onActivity: () => void;
  /** Over the picture at its foot: the paywall's button of a locked episode. */
  overlay?: ReactNode;
  /** The controls over the stage (the player's or the feed's). */
  children: ReactNode;
}

/**
 * The stage both the series player and the For You feed draw: the previous, current and next posters on
 * a track that slides, the engine's two `<video>` slots placed where their episodes are, the tap surface,
 * the play state, spinner and error over the current one, and the controls on top.
 */
export function PlayerStage({
  stageRef,
  trackRef,
  gestures,
  videos,
  snapshot,
  onScreen,
  previousId,
  nextId,
  panes,
  loading,
  error,
  onRetry,
  scrubbing,
  flash,
  onToggle,
  onActivity,
  overlay,
  children,
}: PlayerStageProps) {
  const { t } = useTranslation();
  // The episode index.html started plays on in the first slot, on screen until the engine shows it.
  const [earlyVideo] = useState(hasEarlyVideo);
  const videoPosition = (slot: number): string | null => {
    if (slot === snapshot.currentSlot && onScreen) return '0';
    if (earlyVideo && slot === 0 && snapshot.currentSlot < 0) return '0';
    const held = snapshot.slotEpisodes[slot];
    if (held !== null && held !== undefined && held === nextId) return '100%';
    if (held !== null && held !== undefined && held === previousId) return '-100%';
    return null;
  };
  return (
    <div
      ref={stageRef}
      className="absolute inset-0 touch-none overflow-hidden select-none"
      onFocus={onActivity}
      {...gestures.handlers}
    >
      <div ref={trackRef} className="absolute inset-0 will-change-transform">
        <FeedPane offset={-1} poster={panes.previous.poster} locked={panes.previous.locked} />
        <FeedPane offset={0} poster={panes.current.poster} locked={panes.current.locked} />
        <FeedPane offset={1} poster={panes.next.poster} locked={panes.next.locked} />
        {videos.map((ref, slot) => {
          const position = videoPosition(slot);
          return (
            <SlotVideo
              key={slot}
              videoRef={ref}
              slot={slot}
              current={position === '0'}
              style={{
                transform: `translateY(${position ?? '0'})`,
                visibility: position === null ? 'hidden' : 'visible',
              }}
            />
          );
        })}
        <PlayerOverlay
          loading={loading || (onScreen && snapshot.buffering)}
          error={error}
          onRetry={onRetry}
          paused={onScreen && snapshot.ready && snapshot.paused && !scrubbing}
          flash={flash}
          surface={
            onScreen ? (
              <button
                type="button"
                data-surface
                aria-label={
                  snapshot.paused ? t('player.play') : snapshot.mutedByAutoplay ? t('player.unmute') : t('player.pause')
                }
                onClick={() => {
                  if (!gestures.wasDrag()) onToggle();
                }}
                className="absolute inset-0 h-full w-full cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-accent"
              />
            ) : null
          }
        >
          {overlay}
        </PlayerOverlay>
      </div>
      {children}
    </div>
  );
}

/**
 * One of the engine's `<video>` elements, in a box the stage places. The element is made here rather
 * than by React so that the first slot can take over the `<video>` index.html already plays the opened
 * episode in (early-handoff.ts): moved into place in the same task, it plays on.
 */
function SlotVideo({
  videoRef,
  slot,
  current,
  style,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  slot: number;
  current: boolean;
  style: CSSProperties;
}) {
  const box = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || node.firstChild) return;
      // The engine holds its elements for the player's lifetime: a box drawn again gets the same one.
      const existing = videoRef.current;
      const early = !existing && slot === 0 ? adoptEarlyVideo() : null;
      const video = existing ?? early?.video ?? document.createElement('video');
      video.removeAttribute('style');
      video.setAttribute('playsinline', '');
      video.preload = 'auto';
      video.dataset.slot = String(slot);
      video.className = 'absolute inset-0 h-full w-full bg-transparent object-cover';
      node.appendChild(video);
      early?.done();
      videoRef.current = video;
    },
    [videoRef, slot],
  );
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (current) video.dataset.current = 'true';
    else delete video.dataset.current;
  }, [videoRef, current]);
  return <div ref={box} className="absolute inset-0" style={style} />;
}
