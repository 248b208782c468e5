import type { EpisodeListItem, HistoryEntry } from '@episodic/contract';

export interface EpisodeParams {
  /** `ep`: the episode number asked for, or null. */
  ep: number | null;
  /** `t`: seconds into the episode to start at, or null. */
  t: number | null;
}

export interface EpisodeTarget {
  number: number;
  /** Seconds to start at. */
  startAt: number;
  /** Where the choice came from. */
  source: 'url' | 'history' | 'first';
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads `ep` (a positive episode number) and `t` (seconds, decimals dropped) from a query string. */
export function parseEpisodeParams(search: URLSearchParams | string): EpisodeParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const ep = positiveInteger(params.get('ep'));
  const rawT = params.get('t');
  const t = rawT !== null && /^\d{1,6}(\.\d+)?$/.test(rawT.trim()) ? Math.floor(Number(rawT)) : null;
  return { ep, t };
}

type ResumeEntry = Pick<HistoryEntry, 'episodeNumber' | 'position' | 'finished'> & { series: { id: number } };

/** A saved position this close to the end starts the episode over rather than showing its last frame. */
const END_MARGIN_S = 2;

/**
 * Which episode to open and where: an `ep` in the address wins (at `t`, else from the start); without
 * one, the viewer's history of this series (the saved episode at its position, or the one after a
 * finished episode); otherwise the first episode. Numbers that do not exist fall back to the nearest
 * real episode.
 */
export function chooseEpisode(input: {
  params: EpisodeParams;
  episodes: readonly Pick<EpisodeListItem, 'number' | 'duration'>[];
  seriesId: number;
  history?: readonly ResumeEntry[] | undefined;
}): EpisodeTarget | null {
  const numbers = input.episodes.map((e) => e.number).sort((a, b) => a - b);
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  if (first === undefined || last === undefined) return null;
  const durationOf = (n: number) => input.episodes.find((e) => e.number === n)?.duration ?? 0;
  const clampStart = (n: number, at: number) => {
    const duration = durationOf(n);
    if (!(at > 0)) return 0;
    if (duration > 0 && at >= duration - END_MARGIN_S) return 0;
    return at;
  };
  const nearest = (n: number) => (numbers.includes(n) ? n : n > last ? last : (numbers.find((m) => m >= n) ?? first));

  const { ep, t } = input.params;
  if (ep !== null) {
    const number = nearest(ep);
    return { number, startAt: number === ep ? clampStart(number, t ?? 0) : 0, source: 'url' };
  }
  const entry = input.history?.find((h) => h.series.id === input.seriesId);
  if (entry) {
    if (entry.finished) {
      const after = numbers.find((n) => n > entry.episodeNumber);
      if (after !== undefined) return { number: after, startAt: 0, source: 'history' };
      return { number: nearest(entry.episodeNumber), startAt: 0, source: 'history' };
    }
    const number = nearest(entry.episodeNumber);
    return {
      number,
      startAt: number === entry.episodeNumber ? clampStart(number, entry.position) : 0,
      source: 'history',
    };
  }
  return { number: first, startAt: 0, source: 'first' };
}

/** The episode after / before `number` in the list (numbers may have gaps), or undefined. */
export function neighbours<T extends Pick<EpisodeListItem, 'number'>>(
  episodes: readonly T[],
  number: number,
): { previous: T | undefined; next: T | undefined } {
  const sorted = [...episodes].sort((a, b) => a.number - b.number);
  const index = sorted.findIndex((e) => e.number === number);
  if (index < 0) return { previous: undefined, next: undefined };
  return { previous: sorted[index - 1], next: sorted[index + 1] };
}

/**
 * The total of "EP n / total": the last episode's number, the count when the numbering has no gaps.
 * With gaps (an archived series lists for its buyer only the episodes they keep; an operator may
 * unpublish one) the count could be below the number shown ("EP 3 / 1"); the last number never is.
 */
export function episodeTotal(episodes: readonly Pick<EpisodeListItem, 'number'>[]): number {
  return episodes.reduce((last, e) => Math.max(last, e.number), episodes.length);
}
