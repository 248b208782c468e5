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

/** Like counts and the viewer's likes of several series, by series id (unknown series are absent). */
export async function likeStates(
  db: Kysely<DB>,
  seriesIds: readonly number[],
  userId: string | null,
): Promise<Map<number, LikeRow>> {
  if (seriesIds.length === 0) return new Map();
  const { rows } = await sql<LikeRow & { id: number }>`
    SELECT s.id, s.like_count,
      (${userId}::uuid IS NOT NULL AND EXISTS (
        SELECT 1 FROM series_likes l WHERE l.series_id = s.id AND l.user_id = ${userId}::uuid)) AS liked
    FROM series s WHERE s.id IN (${sql.join(seriesIds.map((id) => sql`${id}`))})`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), row]));
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
