import { sql, type Kysely } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';

/** Counts a submitted search once per viewer, language, query and day. */
export async function countSearch(db: Kysely<DB>, userId: string, lang: Language, query: string): Promise<void> {
  await db
    .insertInto('daily_searches')
    .values({ user_id: userId, language: lang, query })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** How many different viewers searched `query` in `lang` over the last `days` days. */
export async function searchViewers(db: Kysely<DB>, lang: Language, query: string, days: number): Promise<number> {
  const { rows } = await sql<{ viewers: number }>`
    SELECT count(DISTINCT user_id)::int AS viewers FROM daily_searches
    WHERE day > current_date - ${days}::int AND language = ${lang} AND query = ${query}`.execute(db);
  return rows[0]?.viewers ?? 0;
}

/**
 * The searches most viewers made in a language over the last `days` days, only those at least
 * `minViewers` different viewers made (one viewer, or a few, cannot put a query on everyone's screen).
 */
export async function trendingQueries(
  db: Kysely<DB>,
  lang: Language,
  { days, minViewers, limit }: { days: number; minViewers: number; limit: number },
): Promise<string[]> {
  const { rows } = await sql<{ query: string }>`
    SELECT query FROM daily_searches
    WHERE day > current_date - ${days}::int AND language = ${lang}
    GROUP BY query
    HAVING count(DISTINCT user_id) >= ${minViewers}::int
    ORDER BY count(DISTINCT user_id) DESC, max(day) DESC, query
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.query);
}

/** Forgets counted searches older than `days` days. */
export async function pruneSearchCounts(db: Kysely<DB>, days: number): Promise<void> {
  await sql`DELETE FROM daily_searches WHERE day <= current_date - ${days}::int`.execute(db);
}
