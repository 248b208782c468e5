import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface LikeRow {
  like_count: number;
  liked: boolean;
}

/** A series' like count and whether the viewer likes it; undefined for an unknown series. */
export async function likeState(db: Kysely<DB>, seriesId: number, userId: string | null): Promise<LikeRow | undefined> {
  const { rows } = await sql<LikeRow>`
    SELECT s.like_count,
      (${userId}::uuid IS NOT NULL AND EXISTS (
        SELECT 1 FROM series_likes l WHERE l.series_id = s.id AND l.user_id = ${userId}::uuid)) AS liked
    FROM series s WHERE s.id = ${seriesId}`.execute(db);
  return rows[0];
}

/** Adds a like; a second one is a no-op. The count follows through the table's trigger. */
export async function addLike(db: Kysely<DB>, userId: string, seriesId: number): Promise<void> {
  await db
    .insertInto('series_likes')
    .values({ user_id: userId, series_id: seriesId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes a like; removing an absent one is a no-op. */
export async function removeLike(db: Kysely<DB>, userId: string, seriesId: number): Promise<void> {
  await db.deleteFrom('series_likes').where('user_id', '=', userId).where('series_id', '=', seriesId).execute();
}
