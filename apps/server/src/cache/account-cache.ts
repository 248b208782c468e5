import { LRUCache } from 'lru-cache';
import { decodeKeys, type WrittenKeys } from '../db/write-watch';
import type { InvalidationBus } from './invalidation-bus';

/**
 * One value per account (what personalises a list: a viewer's hearts, unlocks, membership), kept in
 * memory by user id. As with the session cache, correctness rests on invalidation, not on the time
 * limit: every committed write to the account's rows is announced by the database layer
 * (db/write-watch.ts), on this instance before the write answers and on the others through Redis,
 * and drops the entry. The time limit only bounds the harm of a message lost with Redis down.
 *
 * Each invalidation takes the next number of a counter and is marked on the accounts it touched; a
 * value remembers the counter as it was before its rows were read, is stored only if no mark on its
 * account came meanwhile (a write during the read), and is served only while none came since.
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
  let seq = 0;
  // Values read before `floor` are all stale (a write that could not be narrowed, or a lost mark).
  let floor = 0;
  const marks = new LRUCache<string, number>({
    max: max * 4,
    // Outlives any value stored before the mark (values live ttlMs from their store).
    ttl: ttlMs * 2,
    dispose: (value, _key, reason) => {
      // A mark pushed out before its time would let a stale value back: drop them all instead.
      if (reason === 'evict') floor = Math.max(floor, value);
    },
  });
  const entries = new LRUCache<string, Entry<T>>({ max, ttl: ttlMs });
  const fresh = (userId: string, since: number) => floor <= since && (marks.get(userId) ?? 0) <= since;

  return {
    async get(userId, load) {
      const hit = entries.get(userId);
      if (hit && fresh(userId, hit.seq) && (sync === null || ((await sync()) && fresh(userId, hit.seq))))
        return hit.value;
      const since = seq;
      const value = await load();
      if (fresh(userId, since)) entries.set(userId, { value, seq: since });
      return value;
    },

    invalidate(keys) {
      const at = ++seq;
      if (keys.all) {
        floor = at;
        entries.clear();
        return;
      }
      for (const id of keys.users) {
        marks.set(id, at);
        entries.delete(id);
      }
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
