import { LRUCache } from 'lru-cache';
import type { User } from '@episodic/contract';
import type { WrittenKeys } from '../../db/write-watch';
import type { LiveSession } from './sessions.repository';

/**
 * What a signed-in request reads on every call (its session, and for GET /api/user the user with
 * coins and membership), kept in memory by token hash and user id. Correctness rests on
 * invalidation, not on the time limit: every committed write to sessions, users, coins, memberships
 * or plans is announced by the database layer (db/write-watch.ts), on this instance directly and on
 * the others through Redis, and drops what it touched. The time limit only bounds the harm of a
 * message lost with Redis down.
 *
 * Each invalidation takes the next number of a counter and is marked on the keys it touched; an
 * entry remembers the counter as it was before its rows were read, is stored only if no mark on its
 * keys came meanwhile, and is served only while none came since.
 */
export interface SessionCache {
  session(tokenHash: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined>;
  user(userId: string, load: () => Promise<User | null>): Promise<User | null>;
  invalidate(keys: WrittenKeys): void;
}

export interface SessionCacheOptions {
  ttlMs: number;
  /** Entries kept per kind; the least recently used go first. */
  max: number;
  /**
   * Resolves once every invalidation announced anywhere before the call has reached this instance
   * (false when it cannot tell): a hit is served only after it, so a session revoked through another
   * instance, whose answer has gone out, is never served from here. Null for a lone instance, where
   * every invalidation is applied before the write's answer (no promise to wait on per hit).
   */
  sync: (() => Promise<boolean>) | null;
}

interface Entry<T> {
  value: T;
  userId: string;
  sessionId: string | null;
  seq: number;
}

export function createSessionCache({ ttlMs, max, sync }: SessionCacheOptions): SessionCache {
  let seq = 0;
  // Entries read before `floor` are all stale (a write that could not be narrowed, or a lost mark).
  let floor = 0;
  const marks = new LRUCache<string, number>({
    max: max * 4,
    // Outlives any entry stored before the mark (entries live ttlMs from their store).
    ttl: ttlMs * 2,
    dispose: (value, _key, reason) => {
      // A mark pushed out by newer ones before its time would let a stale entry back: drop them all instead.
      if (reason === 'evict') floor = Math.max(floor, value);
    },
  });
  const sessions = new LRUCache<string, Entry<LiveSession>>({ max, ttl: ttlMs });
  const users = new LRUCache<string, Entry<User>>({ max, ttl: ttlMs });

  const markOf = (key: string) => marks.get(key) ?? 0;
  const fresh = (e: { userId: string; sessionId: string | null }, since: number) =>
    floor <= since && markOf(`u:${e.userId}`) <= since && (e.sessionId === null || markOf(`s:${e.sessionId}`) <= since);

  return {
    async session(tokenHash, load) {
      const hit = sessions.get(tokenHash);
      if (
        hit &&
        fresh(hit, hit.seq) &&
        hit.value.expiresAt.getTime() > Date.now() &&
        (sync === null || ((await sync()) && fresh(hit, hit.seq)))
      )
        return hit.value;
      const since = seq;
      const found = await load();
      if (found) {
        const entry = { value: found, userId: found.userId, sessionId: found.sessionId, seq: since };
        if (fresh(entry, since)) sessions.set(tokenHash, entry);
      } else sessions.delete(tokenHash);
      return found;
    },

    async user(userId, load) {
      const hit = users.get(userId);
      if (hit && fresh(hit, hit.seq) && (sync === null || ((await sync()) && fresh(hit, hit.seq)))) return hit.value;
      const since = seq;
      const found = await load();
      if (!found) return null;
      const entry = { value: found, userId, sessionId: null, seq: since };
      // A membership ends by the clock, with no write: the entry goes with it.
      const ends = found.membership.active && found.membership.endsAt ? Date.parse(found.membership.endsAt) : Infinity;
      const ttl = Math.min(ttlMs, ends - Date.now());
      if (ttl > 0 && fresh(entry, since)) users.set(userId, entry, { ttl });
      return found;
    },

    invalidate(keys) {
      const at = ++seq;
      if (keys.all) {
        floor = at;
        sessions.clear();
        users.clear();
        return;
      }
      for (const id of keys.users) {
        marks.set(`u:${id}`, at);
        users.delete(id);
      }
      for (const id of keys.sessions) marks.set(`s:${id}`, at);
    },
  };
}
