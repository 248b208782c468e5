import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A guest's recent searches, likes and counted searches move to the account they sign in to (its
 * unlocks move with its coins, in billing). What both liked or counted stays one row: the guest's
 * rows are deleted after the copy, so the like counts (kept by a trigger) and the distinct viewers of
 * a trending search stay exact.
 */
export async function mergeCatalogData(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO search_history (user_id, query, searched_at)
    SELECT ${toUserId}::uuid, query, searched_at FROM search_history WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, query) DO UPDATE SET searched_at = greatest(search_history.searched_at, excluded.searched_at)`.execute(
    trx,
  );
  await sql`
    INSERT INTO series_likes (user_id, series_id, created_at)
    SELECT ${toUserId}::uuid, series_id, created_at FROM series_likes WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, series_id) DO NOTHING`.execute(trx);
  await sql`DELETE FROM series_likes WHERE user_id = ${fromUserId}::uuid`.execute(trx);
  await sql`
    INSERT INTO daily_searches (day, language, query, user_id)
    SELECT day, language, query, ${toUserId}::uuid FROM daily_searches WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT DO NOTHING`.execute(trx);
  await sql`DELETE FROM daily_searches WHERE user_id = ${fromUserId}::uuid`.execute(trx);
}

/** The viewer's searches and likes, for the data download. */
export async function exportCatalogData(
  db: Kysely<DB>,
  userId: string,
): Promise<{ searches: unknown[]; counted: unknown[]; likes: unknown[] }> {
  const searches = await db
    .selectFrom('search_history')
    .select(['query', 'searched_at'])
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .execute();
  const counted = await db
    .selectFrom('daily_searches')
    .select(['day', 'language', 'query'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .execute();
  const likes = await db
    .selectFrom('series_likes')
    .select(['series_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return { searches, counted, likes };
}
