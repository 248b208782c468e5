import type { Kysely } from 'kysely';
import type { LikeState } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import { addLike, likeState, removeLike } from './likes.repository';

/**
 * Series likes: one per viewer per series. Liking twice, or unliking what is not liked, changes
 * nothing and answers the same state, so a retried or doubled tap is harmless.
 */
export function createLikes(db: Kysely<DB>, isVisible: (seriesId: number) => Promise<boolean>) {
  async function state(seriesId: number, userId: string): Promise<LikeState> {
    const row = await likeState(db, seriesId, userId);
    return { seriesId, liked: row?.liked ?? false, likeCount: Math.max(0, Number(row?.like_count ?? 0)) };
  }

  return {
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
