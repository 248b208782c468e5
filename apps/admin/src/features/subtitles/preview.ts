import type Hls from 'hls.js';

export type HlsClass = typeof Hls;

/**
 * The episode's master playlist for the console's preview: under /api/admin so the operator's cookie
 * (scoped to that path) goes with every playlist and key request, whatever the episode's status.
 */
export const previewPlaylistPath = (episodeId: number) =>
  `/api/admin/episodes/${String(episodeId)}/preview/master.m3u8`;

let loading: Promise<HlsClass | null> | undefined;

/**
 * hls.js, loaded when a preview first plays so the console's first load stays the same size; null
 * where the browser has no Media Source Extensions (the video then plays HLS itself, or not at all).
 */
export function loadHls(): Promise<HlsClass | null> {
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
