import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The like counts of these series (a series not found is absent). */
export async function likeCounts(db: Kysely<DB>, seriesIds: readonly number[]): Promise<Map<number, number>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('series')
    .select(['id', 'like_count'])
    .where('id', 'in', [...seriesIds])
    .execute();
  return new Map(rows.map((row) => [row.id, Math.max(0, Number(row.like_count))]));
}

/** Every series the viewer likes. */
export async function likedSeriesOf(db: Kysely<DB>, userId: string): Promise<ReadonlySet<number>> {
  const rows = await db.selectFrom('series_likes').select('series_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.series_id));
}

/** Which of these series the viewer likes. */
export async function likedSeriesAmong(
  db: Kysely<DB>,
  userId: string,
  seriesIds: readonly number[],
): Promise<ReadonlySet<number>> {
  const { rows } = await sql<{ series_id: number }>`
    SELECT series_id FROM series_likes
    WHERE user_id = ${userId}::uuid AND series_id = ANY(${sql.val([...seriesIds])}::int[])`.execute(db);
  return new Set(rows.map((r) => r.series_id));
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
