import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A viewer's 20 latest searches, newest first. */
export function recentSearches(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('search_history')
    .select(['query', 'searched_at'])
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .limit(20)
    .execute();
}

/**
 * Records a search (a repeated one moves to the top). Both a new and a repeated search take the
 * database's clock to the microsecond: the server's own clock (milliseconds) could put a repeated
 * search behind one made after it.
 */
export async function upsertSearch(db: Kysely<DB>, userId: string, query: string): Promise<void> {
  const now = sql<Date>`clock_timestamp()`;
  await db
    .insertInto('search_history')
    .values({ user_id: userId, query, searched_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'query']).doUpdateSet({ searched_at: now }))
    .execute();
}

/** Forgets one search of a viewer, or all of them when no query is given. */
export async function deleteSearches(db: Kysely<DB>, userId: string, query: string | undefined): Promise<void> {
  let q = db.deleteFrom('search_history').where('user_id', '=', userId);
  if (query !== undefined) q = q.where('query', '=', query);
  await q.execute();
}
