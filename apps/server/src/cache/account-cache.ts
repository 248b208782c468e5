import { LRUCache } from 'lru-cache';
import { CLOCK_ON_USE } from './memory-cache';
import { decodeKeys, type WrittenKeys } from '../db/write-watch';
import type { InvalidationBus } from './invalidation-bus';
import { createStaleMarks } from './stale-marks';

/**
 * One value per account (what personalises a list: a viewer's hearts, unlocks, membership), kept in
 * memory by user id. As with the session cache, correctness rests on invalidation, not on the time
 * limit: every committed write to the account's rows is announced by the database layer
 * (db/write-watch.ts), on this instance before the write answers and on the others through Redis,
 * and drops the entry. The time limit only bounds the harm of a message lost with Redis down.
 * What a write made stale is told by `createStaleMarks` (stale-marks.ts), by account.
 */
export interface AccountCache<T> {
  /** The account's value, from memory when no write to its rows was announced since it was read. */
  get(userId: string, load: () => Promise<T>): Promise<T>;
  invalidate(keys: WrittenKeys): void;
}

export interface AccountCacheOptions {
  ttlMs: number;
  /** Accounts kept; the least recently used go first. */
  max: number;
  /**
   * Resolves once every invalidation announced anywhere before the call has reached this instance
   * (false when it cannot tell: the database is read instead). Null for a lone instance, where every
   * invalidation is applied before the write answers.
   */
  sync: (() => Promise<boolean>) | null;
}

interface Entry<T> {
  value: T;
  seq: number;
}

export function createAccountCache<T extends object>({ ttlMs, max, sync }: AccountCacheOptions): AccountCache<T> {
  const marks = createStaleMarks({ ttlMs, max });
  const entries = new LRUCache<string, Entry<T>>({ max, ttl: ttlMs, ...CLOCK_ON_USE });
  const fresh = (userId: string, since: number) => marks.fresh(since, userId);

  return {
    async get(userId, load) {
      const hit = entries.get(userId);
      if (hit && fresh(userId, hit.seq) && (sync === null || ((await sync()) && fresh(userId, hit.seq))))
        return hit.value;
      const since = marks.now();
      const value = await load();
      if (fresh(userId, since)) entries.set(userId, { value, seq: since });
      return value;
    },

    invalidate(keys) {
      if (keys.all) {
        marks.mark(null);
        entries.clear();
        return;
      }
      marks.mark(keys.users);
      for (const id of keys.users) entries.delete(id);
    },
  };
}

/**
 * A cache of `T` per account invalidated by the writes the database announces on the bus's `sessions`
 * channel; null where writes are not announced (a cache nobody invalidates would outlive a refund).
 */
export function announcedAccountCache<T extends object>(
  host: { bus: InvalidationBus; sessionWritesAnnounced: boolean },
  options: Omit<AccountCacheOptions, 'sync'>,
): AccountCache<T> | null {
  if (!host.sessionWritesAnnounced) return null;
  const { bus } = host;
  const cache = createAccountCache<T>({ ...options, sync: bus.shared ? () => bus.sync() : null });
  bus.subscribe('sessions', (message) => cache.invalidate(decodeKeys(message)));
  return cache;
}
