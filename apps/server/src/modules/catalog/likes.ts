import type { Kysely } from 'kysely';
import type { LikeState } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { AccountCache } from '../../cache/account-cache';
import type { InvalidationBus } from '../../cache/invalidation-bus';
import { MemoryCache } from '../../cache/memory-cache';
import { notFound } from '../../http/errors';
import { addLike, likeCounts, likedSeriesAmong, likedSeriesOf, removeLike } from './likes.repository';

export interface LikesDeps {
  db: Kysely<DB>;
  isVisible: (seriesId: number) => Promise<boolean>;
  bus: InvalidationBus;
  /** Each viewer's liked series, kept until a write to their likes is announced (null: read each time). */
  liked?: AccountCache<ReadonlySet<number>> | null;
  cacheTtlMs?: number;
}

/**
 * Series likes: one per viewer per series. Liking twice, or unliking what is not liked, changes
 * nothing and answers the same state, so a retried or doubled tap is harmless.
 *
 * Series pages and the feed show likes on every answer, so both halves are kept in memory: a series'
 * count until a like or unlike of it (dropped on every instance through the bus, and not trusted past
 * an invalidation still on its way: `bus.sync()`), a viewer's own likes until a write to them (the
 * database layer announces it). A viewer who just liked sees their like counted everywhere. Likes an
 * account merge or deletion moves or removes reach the counts within the cache's time limit (30 s).
 */
export function createLikes({ db, isVisible, bus, liked = null, cacheTtlMs = 30_000 }: LikesDeps) {
  const counts = new MemoryCache(cacheTtlMs, 20_000);
  bus.subscribe('series-likes', (seriesId) => counts.delete(seriesId));

  async function countsOf(ids: readonly number[]): Promise<Map<number, number>> {
    // Another instance's like may still be on its way: without the proof that it arrived, read.
    if (bus.shared && !(await bus.sync())) return likeCounts(db, ids);
    const found = await counts.getMany(
      ids.map((id) => String(id)),
      async (missing) => {
        const loaded = await likeCounts(db, missing.map(Number));
        return new Map([...loaded].map(([id, n]) => [String(id), n]));
      },
    );
    return new Map(ids.map((id) => [id, found.get(String(id)) ?? 0]));
  }

  function likedAmong(userId: string | null, ids: readonly number[]): Promise<ReadonlySet<number>> {
    if (!userId || ids.length === 0) return Promise.resolve(new Set());
    return liked ? liked.get(userId, () => likedSeriesOf(db, userId)) : likedSeriesAmong(db, userId, ids);
  }

  /** Each series' like count and whether the viewer likes it (a series not found counts 0). */
  async function states(ids: readonly number[], userId: string | null): Promise<Map<number, LikeState>> {
    if (ids.length === 0) return new Map();
    const [count, mine] = await Promise.all([countsOf(ids), likedAmong(userId, ids)]);
    return new Map(ids.map((id) => [id, { seriesId: id, liked: mine.has(id), likeCount: count.get(id) ?? 0 }]));
  }

  async function state(seriesId: number, userId: string): Promise<LikeState> {
    // Every bus delivers to this instance before `publish` settles: the answer below counts this write.
    await bus.publish('series-likes', String(seriesId));
    return (await states([seriesId], userId)).get(seriesId)!;
  }

  return {
    states,
    async like(userId: string, seriesId: number): Promise<LikeState> {
      if (!(await isVisible(seriesId))) throw notFound('series_unavailable', 'This series is not available.');
      await addLike(db, userId, seriesId);
      return state(seriesId, userId);
    },
    /** Unliking stays possible for a series taken down since. */
    async unlike(userId: string, seriesId: number): Promise<LikeState> {
      await removeLike(db, userId, seriesId);
      return state(seriesId, userId);
    },
  };
}

export type Likes = ReturnType<typeof createLikes>;
