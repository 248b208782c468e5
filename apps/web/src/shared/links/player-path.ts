/** The router's player page (`videos/:id`): the addresses whose chunks index.html preloads as the player's. */
export const PLAYER_PAGE = /^\/videos\/[^/]+\/?$/;

import { PLAYER_SERIES_PAGE } from '@episodic/contract/constants';

/** A player page whose id is a series id (`/videos/{id}`): the ones index.html asks the API about early. */
export { PLAYER_SERIES_PAGE };

/** Whether an address is a player page (`/videos/{id}`), which covers the whole screen. */
export function isPlayerPath(pathname: string): boolean {
  return pathname.startsWith('/videos/');
}

/**
 * Whether an address shows video with its controls along the bottom: a player page, or the For You
 * feed (above the tab bar). Toasts show at the top there, clear of the seek bar.
 */
export function isVideoPath(pathname: string): boolean {
  return isPlayerPath(pathname) || /^\/forYou\/?$/.test(pathname);
}

/** The series of a player page address (`/videos/{id}`, the pattern index.html also matches), or null. */
export function playerSeriesId(pathname: string): number | null {
  const match = PLAYER_SERIES_PAGE.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The address of a series' player page. */
export function seriesPath(seriesId: number | string, episodeNumber?: number, startAt?: number): string {
  const search = new URLSearchParams();
  if (episodeNumber !== undefined) search.set('ep', String(episodeNumber));
  if (startAt !== undefined && startAt > 0) search.set('t', String(Math.floor(startAt)));
  const query = search.toString();
  return `/videos/${encodeURIComponent(String(seriesId))}${query ? `?${query}` : ''}`;
}
