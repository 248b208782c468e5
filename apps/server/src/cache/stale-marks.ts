import { LRUCache } from 'lru-cache';
import { CLOCK_ON_USE } from './memory-cache';

/**
 * Which cached values a write made stale, for caches whose correctness rests on invalidation: each
 * invalidation takes the next number of a counter and marks the keys it touched with it. A reader
 * notes `now()` before reading its rows, stores the value only if `fresh(keys, since)` (no write to
 * them came during the read), and serves it only while it stays fresh. A value read since the last
 * invalidation anywhere is fresh without a lookup.
 */
export interface StaleMarks {
  now(): number;
  /** Whether no write to `key` (nor `other`) was marked since `since`. */
  fresh(since: number, key: string, other?: string): boolean;
  /** A write to `keys`, or to everything (null). */
  mark(keys: readonly string[] | null): void;
}

/** Marks for values kept `ttlMs` at most, `max` per kind. */
export function createStaleMarks({ ttlMs, max }: { ttlMs: number; max: number }): StaleMarks {
  let seq = 0;
  // Values read before `floor` are all stale (a write that could not be narrowed, or a lost mark).
  let floor = 0;
  const marks = new LRUCache<string, number>({
    max: max * 4,
    // Outlives any value stored before the mark (values live ttlMs from their store).
    ttl: ttlMs * 2,
    ...CLOCK_ON_USE,
    dispose: (value, _key, reason) => {
      // A mark pushed out by newer ones before its time would let a stale value back: drop them all instead.
      if (reason === 'evict') floor = Math.max(floor, value);
    },
  });
  return {
    now: () => seq,
    fresh: (since, key, other) =>
      since === seq ||
      (floor <= since && (marks.get(key) ?? 0) <= since && (other === undefined || (marks.get(other) ?? 0) <= since)),
    mark(keys) {
      const at = ++seq;
      if (keys === null) floor = at;
      else for (const key of keys) marks.set(key, at);
    },
  };
}
