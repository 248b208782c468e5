/**
 * The landing pages whose first API answers are asked for before the app's code runs: by the document's
 * own script (apps/web/src/boot/early-start.ts), or put into the document by the server
 * (apps/server/src/http/landing-data.ts). Both build the same addresses from here, which are the
 * addresses the app's API client asks for (its answers are then taken over by address).
 */

/** A player page whose id is a series id (`/videos/{id}`). */
export const PLAYER_SERIES_PAGE = /^\/videos\/([1-9][0-9]{0,8})\/?$/;
/** The For You feed. */
export const FOR_YOU_PAGE = /^\/forYou\/?$/;
/** Items per page of the For You feed. */
export const FEED_PAGE_SIZE = 10;

/** The `ep` of a player page's address when it is a plain episode number, else 0. */
export function landingEpisodeNumber(ep: string | null | undefined): number {
  return /^[1-9][0-9]{0,5}$/.test(ep ?? '') ? Number(ep) : 0;
}

/**
 * The URI of the variant with the lowest BANDWIDTH in a master playlist: where hls.js starts
 * (apps/web/src/features/player/hls-setup.ts), so the first second is asked for from there.
 */
export function lightestVariant(master: string): string | null {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  let lightest: string | null = null;
  let rate = Infinity;
  lines.forEach((line, i) => {
    const bandwidth = /^#EXT-X-STREAM-INF:(?:.*,)?BANDWIDTH=(\d+)/.exec(line)?.[1];
    const uri = lines[i + 1];
    if (bandwidth && Number(bandwidth) < rate && uri && !uri.startsWith('#')) {
      rate = Number(bandwidth);
      lightest = uri;
    }
  });
  return lightest;
}

export const landingAddress = {
  series: (seriesId: number | string) => `/api/video?id=${String(seriesId)}`,
  episodes: (seriesId: number | string) => `/api/video/episode?seriesId=${String(seriesId)}`,
  playback: (episodeId: number | string) => `/api/video/episode?id=${String(episodeId)}`,
  feed: () => `/api/video/feed?page=1&pageSize=${String(FEED_PAGE_SIZE)}`,
  homepage: () => '/api/homepage',
};

/** The id of the document's data block with the answers the server put into it. */
export const LANDING_DATA_ID = 'landing-data';

/**
 * The answers a document carries: whole envelopes by address, as the API answered them for `viewer`
 * (the session's user id, null without a session) in `language`. The page's script takes them only when
 * it would ask as that viewer in that language.
 */
export interface LandingData {
  language: string;
  viewer: string | null;
  answers: Record<string, unknown>;
  /**
   * `inline`: the document also carries the early player's code (a first visit to an episode that
   * plays), so the page does not ask for its file.
   */
  player?: 'inline';
}
