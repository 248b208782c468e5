import type { Kysely } from 'kysely';
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

/** Records a search (a repeated one moves to the top). */
export async function upsertSearch(db: Kysely<DB>, userId: string, query: string): Promise<void> {
  await db
    .insertInto('search_history')
    .values({ user_id: userId, query })
    .onConflict((oc) => oc.columns(['user_id', 'query']).doUpdateSet({ searched_at: new Date() }))
    .execute();
}

/** Forgets one search of a viewer, or all of them when no query is given. */
export async function deleteSearches(db: Kysely<DB>, userId: string, query: string | undefined): Promise<void> {
  let q = db.deleteFrom('search_history').where('user_id', '=', userId);
  if (query !== undefined) q = q.where('query', '=', query);
  await q.execute();
}
