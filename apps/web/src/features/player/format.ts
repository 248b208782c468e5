import { htmlLangFor, type Language } from '../../shared/i18n/languages';

const compactFormatters = new Map<string, Intl.NumberFormat>();

/** A count in a few characters, in the interface language: 1234 -> "1.2K", 2500000 -> "2.5M". */
export function formatCompactCount(count: number, language: Language): string {
  const locale = htmlLangFor(language);
  let formatter = compactFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormatters.set(locale, formatter);
  }
  return formatter.format(Math.max(0, Math.floor(count)));
}

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
