import type { HistoryEntry } from '@episodic/contract';
import { seriesPath } from '../../shared/links/player-path';

export interface ResumeTarget {
  episodeNumber: number;
  /** Seconds into the episode to start at. */
  position: number;
  /** True when the entry's episode was finished and this is the one after it. */
  next: boolean;
  path: string;
}

/**
 * Where "continue watching" goes: the same episode at the saved position; after a finished episode,
 * the next one from its start (or the last one again when the series is over).
 */
export function resumeTarget(
  entry: Pick<HistoryEntry, 'series' | 'episodeNumber' | 'position' | 'finished'>,
): ResumeTarget {
  if (entry.finished) {
    const next = entry.episodeNumber < entry.series.episodeCount;
    const episodeNumber = next ? entry.episodeNumber + 1 : entry.episodeNumber;
    return { episodeNumber, position: 0, next, path: seriesPath(entry.series.id, episodeNumber) };
  }
  const position = Math.max(0, Math.floor(entry.position));
  return {
    episodeNumber: entry.episodeNumber,
    position,
    next: false,
    path: seriesPath(entry.series.id, entry.episodeNumber, position),
  };
}

/** How much of the episode was watched, from 0 to 1. */
export function watchedRatio(entry: Pick<HistoryEntry, 'position' | 'duration' | 'finished'>): number {
  if (entry.finished) return 1;
  if (!(entry.duration > 0)) return 0;
  return Math.min(1, Math.max(0, entry.position / entry.duration));
}
