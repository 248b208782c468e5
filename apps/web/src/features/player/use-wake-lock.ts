import { useEffect } from 'react';

/** Keeps the screen on while `active` (playing and visible); released on pause or when hidden. */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock.request('screen').then(
        (lock) => {
          if (cancelled) void lock.release().catch(() => undefined);
          else sentinel = lock;
        },
        () => {
          // Refused (battery saver, no permission): the screen may dim; playback goes on.
        },
      );
    };
    // The browser drops the lock when the page is hidden; take it again on return.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') acquire();
    };
    acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, [active]);
}
