import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** A guest's recent searches move to the account they sign in to (its unlocks move with its coins, in billing). */
export async function mergeCatalogData(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO search_history (user_id, query, searched_at)
    SELECT ${toUserId}::uuid, query, searched_at FROM search_history WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, query) DO UPDATE SET searched_at = greatest(search_history.searched_at, excluded.searched_at)`.execute(
    trx,
  );
}

/** The viewer's searches, for the data download. */
export async function exportCatalogData(db: Kysely<DB>, userId: string): Promise<{ searches: unknown[] }> {
  const searches = await db
    .selectFrom('search_history')
    .select(['query', 'searched_at'])
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .execute();
  return { searches };
}
