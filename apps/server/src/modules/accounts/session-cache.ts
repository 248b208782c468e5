import { LRUCache } from 'lru-cache';
import { CLOCK_ON_USE } from '../../cache/memory-cache';
import type { User } from '@episodic/contract';
import { createStaleMarks } from '../../cache/stale-marks';
import type { WrittenKeys } from '../../db/write-watch';
import type { LiveSession } from './sessions.repository';

/**
 * What a signed-in request reads on every call (its session, and for GET /api/user the user with
 * coins and membership), kept in memory by token and user id. Keyed by the token itself, a hit
 * costs no SHA-256 (the database is still asked by the token's hash only); a lookup compares the
 * token with a kept one only once their seeded string hashes match, which a guesser cannot aim at.
 * Correctness rests on invalidation, not on the time limit: every committed write to sessions, users, coins, memberships
 * or plans is announced by the database layer (db/write-watch.ts), on this instance directly and on
 * the others through Redis, and drops what it touched. The time limit only bounds the harm of a
 * message lost with Redis down.
 * What a write made stale is told by `createStaleMarks` (cache/stale-marks.ts), by user and session.
 */
export interface SessionCache {
  /**
   * A point in the order of this cache's syncs, taken when a request starts its reads: a sync that
   * began after it and came back proves every invalidation announced before it has arrived, so a
   * later read of the same request (GET /api/user's user, after its session) waits on no new marker.
   * Undefined for a lone instance, which never waits on a sync.
   */
  ticket(): number | undefined;
  session(token: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined>;
  /** The user; `ticket`, taken at the start of the request's reads, spares a sync already made. */
  user(userId: string, load: () => Promise<User | null>, ticket?: number): Promise<User | null>;
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
  /** The stale marks' keys of its account and session (null for a user), made once per entry. */
  userKey: string;
  sessionKey: string | undefined;
  seq: number;
}

export function createSessionCache({ ttlMs, max, sync }: SessionCacheOptions): SessionCache {
  const marks = createStaleMarks({ ttlMs, max });
  const sessions = new LRUCache<string, Entry<LiveSession>>({ max, ttl: ttlMs, ...CLOCK_ON_USE });
  const users = new LRUCache<string, Entry<User>>({ max, ttl: ttlMs, ...CLOCK_ON_USE });

  const fresh = (e: Entry<unknown>, since: number) => marks.fresh(since, e.userKey, e.sessionKey);
  // Syncs are numbered as they begin; `covered` is the latest one that came back true.
  let begun = 0;
  let covered = 0;
  const synced = async () => {
    const n = ++begun;
    const ok = await sync!();
    if (ok && n > covered) covered = n;
    return ok;
  };

  return {
    async session(token, load) {
      const hit = sessions.get(token);
      if (
        hit &&
        fresh(hit, hit.seq) &&
        hit.value.expiresAt.getTime() > Date.now() &&
        (sync === null || ((await synced()) && fresh(hit, hit.seq)))
      )
        return hit.value;
      const since = marks.now();
      const found = await load();
      if (found) {
        const entry = { value: found, userKey: `u:${found.userId}`, sessionKey: `s:${found.sessionId}`, seq: since };
        if (fresh(entry, since)) sessions.set(token, entry);
      } else sessions.delete(token);
      return found;
    },

    ticket: () => (sync === null ? undefined : begun),

    async user(userId, load, ticket) {
      const hit = users.get(userId);
      if (
        hit &&
        fresh(hit, hit.seq) &&
        (sync === null || (ticket !== undefined && covered > ticket) || ((await synced()) && fresh(hit, hit.seq)))
      )
        return hit.value;
      const since = marks.now();
      const found = await load();
      if (!found) return null;
      const entry = { value: found, userKey: `u:${userId}`, sessionKey: undefined, seq: since };
      // A membership ends by the clock, with no write: the entry goes with it.
      const ends = found.membership.active && found.membership.endsAt ? Date.parse(found.membership.endsAt) : Infinity;
      const ttl = Math.min(ttlMs, ends - Date.now());
      if (ttl > 0 && fresh(entry, since)) users.set(userId, entry, { ttl });
      return found;
    },

    invalidate(keys) {
      if (keys.all) {
        marks.mark(null);
        sessions.clear();
        users.clear();
        return;
      }
      marks.mark([...keys.users.map((id) => `u:${id}`), ...keys.sessions.map((id) => `s:${id}`)]);
      for (const id of keys.users) users.delete(id);
    },
  };
}
