import type { HistoryEntry } from '@episodic/contract';

/** How many series the home screen's "Continue watching" row shows. */
export const CONTINUE_WATCHING_COUNT = 10;

/** Whether the viewer finished the series: its last episode watched to the end. */
export function finishedSeries(entry: Pick<HistoryEntry, 'series' | 'episodeNumber' | 'finished'>): boolean {
  return entry.finished && entry.episodeNumber >= entry.series.episodeCount;
}

/** The history entries worth continuing, most recent first: series not finished yet. */
export function continueWatching(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.filter((entry) => !finishedSeries(entry)).slice(0, CONTINUE_WATCHING_COUNT);
}
