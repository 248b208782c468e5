import type Hls from 'hls.js';

export type HlsClass = typeof Hls;

let loading: Promise<HlsClass | null> | undefined;

/**
 * hls.js, loaded on first use so it only travels with the player; resolves to null where the browser
 * has no Media Source Extensions (the player then uses native HLS). Starting it early (while the
 * episode data loads) saves a round trip before the first frame.
 */
export function loadHls(): Promise<HlsClass | null> {
  // index.html's early player brought it (boot/early-player.ts): the same library, already here.
  const early = window.__episodicHls;
  if (early) loading ??= Promise.resolve(early.isSupported() ? early : null);
  loading ??= import('hls.js/light').then(
    (module) => (module.default.isSupported() ? module.default : null),
    (error: unknown) => {
      // A failed download (offline) may work on the next try.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the browser plays HLS itself (Safari, iOS before Managed Media Source). */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '';
}
