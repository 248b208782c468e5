import { useEffect, useEffectEvent } from 'react';
import { saveProgress, type Progress } from './player-api';
import type { PlayerEngine } from './player-engine';

/** Saves every this many milliseconds while playing. */
export const SAVE_INTERVAL_MS = 10_000;

/**
 * Keeps the viewer's place in the watch history: every ~10 s while playing, on pause, at the end, when
 * the episode changes, and when the page is hidden or goes away (then with `keepalive`).
 */
export function useProgressSaver(
  engine: PlayerEngine | null,
  onSaved?: () => void,
  /** Whether this episode's place is kept (the feed leaves a series the viewer is in as it is). */
  keeps: (episodeId: number) => boolean = () => true,
): void {
  const saved = useEffectEvent(() => {
    onSaved?.();
  });
  const kept = useEffectEvent((episodeId: number) => keeps(episodeId));

  useEffect(() => {
    if (!engine) return;
    let last: Progress | null = null;
    let lastSent: Progress | null = null;

    const send = (progress: Progress | null, keepalive = false) => {
      if (!progress || !kept(progress.episodeId)) return;
      if (
        lastSent &&
        lastSent.episodeId === progress.episodeId &&
        lastSent.finished === progress.finished &&
        Math.abs(lastSent.position - progress.position) < 0.5
      )
        return;
      lastSent = progress;
      void saveProgress(progress, keepalive).then((ok) => {
        if (ok) saved();
      });
    };
    const observe = (episodeId: number) => {
      const video = engine.video;
      if (!video) return;
      // A new episode on screen: first record where the previous one was left.
      if (last && last.episodeId !== episodeId) send(last);
      last = { episodeId, position: video.currentTime, finished: false };
    };

    const offs = [
      // Another episode on screen (or a locked one, where nothing plays): record where this one was left.
      engine.subscribe(() => {
        if (last && engine.getSnapshot().episodeId !== last.episodeId) send(last);
      }),
      engine.on('play', observe),
      engine.on('timeupdate', observe),
      engine.on('pause', (episodeId) => {
        observe(episodeId);
        send(last);
      }),
      engine.on('ended', (episodeId) => {
        const duration = engine.video?.duration;
        last = {
          episodeId,
          position: duration && Number.isFinite(duration) ? duration : (last?.position ?? 0),
          finished: true,
        };
        send(last);
      }),
    ];
    const timer = window.setInterval(() => {
      const video = engine.video;
      if (video && !video.paused && last) send({ ...last, position: video.currentTime });
    }, SAVE_INTERVAL_MS);
    const flush = () => {
      const video = engine.video;
      if (last && video && last.episodeId === engine.getSnapshot().episodeId && !last.finished)
        last = { ...last, position: video.currentTime };
      send(last, true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      for (const off of offs) off();
      window.clearInterval(timer);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the player (another page of the app): the last place, surviving the navigation.
      send(last, true);
    };
  }, [engine]);
}
