import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A guest's list and history move to the account they sign in to: the lists are united, and for a
 * series both watched, the more recent position wins.
 */
export async function mergeLibrary(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO favorites (user_id, series_id, created_at)
    SELECT ${toUserId}::uuid, series_id, created_at FROM favorites WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, series_id) DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO watch_history (user_id, series_id, episode_id, position_ms, finished, updated_at)
    SELECT ${toUserId}::uuid, series_id, episode_id, position_ms, finished, updated_at FROM watch_history WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, series_id) DO UPDATE
      SET episode_id = excluded.episode_id, position_ms = excluded.position_ms, finished = excluded.finished, updated_at = excluded.updated_at
      WHERE watch_history.updated_at < excluded.updated_at`.execute(trx);
}

/** The viewer's list and history, for the data download. */
export async function exportLibrary(
  db: Kysely<DB>,
  userId: string,
): Promise<{ favorites: unknown[]; history: unknown[] }> {
  const favorites = await db
    .selectFrom('favorites')
    .select(['series_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const history = await db
    .selectFrom('watch_history')
    .select(['series_id', 'episode_id', 'position_ms', 'finished', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  return { favorites, history };
}
