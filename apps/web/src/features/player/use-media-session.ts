import { useEffect, useEffectEvent } from 'react';

interface MediaSessionInput {
  title: string;
  series: string;
  artwork: string | null;
  /** Whether something plays (the lock screen shows play or pause). */
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
  onSeek: (seconds: number) => void;
}

/** Lock-screen and headset controls: "EP n · Series" with its poster, play/pause, next and previous episode. */
export function useMediaSession({
  title,
  series,
  artwork,
  playing,
  onPlay,
  onPause,
  onNext,
  onPrevious,
  onSeek,
}: MediaSessionInput): void {
  const play = useEffectEvent(onPlay);
  const pause = useEffectEvent(onPause);
  const seek = useEffectEvent(onSeek);
  const next = useEffectEvent(() => onNext?.());
  const previous = useEffectEvent(() => onPrevious?.());
  const hasNext = onNext !== null;
  const hasPrevious = onPrevious !== null;

  useEffect(() => {
    const session = navigator.mediaSession as MediaSession | undefined;
    if (!session || typeof MediaMetadata === 'undefined') return;
    const absolute = artwork ? new URL(artwork, window.location.href).href : null;
    session.metadata = new MediaMetadata({
      title,
      artist: series,
      artwork: absolute ? [{ src: absolute, sizes: '720x1280', type: 'image/jpeg' }] : [],
    });
  }, [title, series, artwork]);

  useEffect(() => {
    const session = navigator.mediaSession as MediaSession | undefined;
    if (!session) return;
    session.playbackState = playing ? 'playing' : 'paused';
  }, [playing]);

  useEffect(() => {
    const session = navigator.mediaSession as MediaSession | undefined;
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => play()],
      ['pause', () => pause()],
      ['nexttrack', hasNext ? () => next() : null],
      ['previoustrack', hasPrevious ? () => previous() : null],
      [
        'seekto',
        (details) => {
          if (typeof details.seekTime === 'number') seek(details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Same as above.
        }
      }
    };
  }, [hasNext, hasPrevious]);

  useEffect(
    () => () => {
      const session = navigator.mediaSession as MediaSession | undefined;
      if (session) session.metadata = null;
    },
    [],
  );
}
