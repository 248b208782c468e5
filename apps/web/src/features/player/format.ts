export { formatCompactCount, formatCount } from '../../shared/format/count';

/** Seconds as a clock: 75 -> "1:15", 3725 -> "1:02:05". */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${ss}` : `${String(m)}:${ss}`;
}

/** The address of an episode, as shared: `/videos/{id}?ep={n}` on this site. */
export function episodeUrl(seriesId: number, episodeNumber: number, origin = window.location.origin): string {
  return `${origin}/videos/${String(seriesId)}?ep=${String(episodeNumber)}`;
}

/** The plans page, coming back to this episode afterwards. */
export function shoppingPath(seriesId: number, episodeNumber: number): string {
  return `/shopping?returnTo=${encodeURIComponent(`/videos/${String(seriesId)}?ep=${String(episodeNumber)}`)}`;
}
