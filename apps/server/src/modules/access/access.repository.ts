import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface EpisodeAccessRow {
  id: number;
  free: boolean;
  unlock_cost: number;
  /** The user holds an unlock row for the episode (always false for no user). */
  unlocked: boolean;
}

/**
 * The episodes viewers may see (the episode and its series published), with the user's unlocks, in one
 * query. An archived episode, or one of an archived series, is seen only by a viewer who unlocked it:
 * what was paid for stays playable; everyone else (members too) finds it gone.
 */
export async function publishedEpisodes(
  db: Executor,
  episodeIds: readonly number[],
  userId: string | null,
): Promise<EpisodeAccessRow[]> {
  if (episodeIds.length === 0) return [];
  const rows = await db
    .selectFrom('episodes as e')
    .innerJoin('series as s', 's.id', 'e.series_id')
    .select(['e.id', 'e.free', 'e.unlock_cost'])
    .select(sql<boolean>`(e.status = 'archived' OR s.status = 'archived')`.as('archived'))
    .select((eb) =>
      userId
        ? eb
            .exists(
              eb
                .selectFrom('unlocks as u')
                .select(sql`1`.as('one'))
                .whereRef('u.episode_id', '=', 'e.id')
                .where('u.user_id', '=', userId),
            )
            .as('unlocked')
        : sql<boolean>`false`.as('unlocked'),
    )
    .where('e.id', 'in', [...episodeIds])
    // An item archived while a draft was not playable then, and does not become playable by archiving.
    .where(sql<boolean>`COALESCE(e.archived_from, e.status) = 'published'`)
    .where(sql<boolean>`COALESCE(s.archived_from, s.status) = 'published'`)
    .execute();
  return rows
    .filter((r) => !r.archived || Boolean(r.unlocked))
    .map((r) => ({ id: r.id, free: r.free, unlock_cost: r.unlock_cost, unlocked: Boolean(r.unlocked) }));
}

/**
 * The archived episodes the user keeps (unlocked, packaged, published before the episode or its series
 * was archived) among the given series, or the given episode.
 */
export async function keptEpisodes(
  db: Executor,
  userId: string,
  among: { seriesIds: readonly number[] } | { episodeId: number },
): Promise<{ id: number; series_id: number }[]> {
  const target =
    'episodeId' in among
      ? sql<boolean>`e.id = ${among.episodeId}`
      : sql<boolean>`e.series_id = ANY(${sql.val([...among.seriesIds])}::int[])`;
  if ('seriesIds' in among && among.seriesIds.length === 0) return [];
  const { rows } = await sql<{ id: number; series_id: number }>`
    SELECT e.id, e.series_id FROM episodes e JOIN series s ON s.id = e.series_id
    WHERE ${target}
      AND (e.status = 'archived' OR s.status = 'archived')
      AND COALESCE(e.archived_from, e.status) = 'published'
      AND COALESCE(s.archived_from, s.status) = 'published'
      AND e.media_status = 'ready'
      AND EXISTS (SELECT 1 FROM unlocks u WHERE u.episode_id = e.id AND u.user_id = ${userId})
    ORDER BY e.series_id, e.number`.execute(db);
  return rows;
}

/** Which of these episodes the user holds an unlock for. */
export async function unlockedIds(db: Executor, userId: string, episodeIds: readonly number[]): Promise<Set<number>> {
  if (episodeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('unlocks')
    .select('episode_id')
    .where('user_id', '=', userId)
    .where('episode_id', 'in', [...episodeIds])
    .execute();
  return new Set(rows.map((r) => r.episode_id));
}

/** Every episode the user holds an unlock for, with its series. */
export function unlocksWithSeries(db: Executor, userId: string): Promise<{ episode_id: number; series_id: number }[]> {
  return db
    .selectFrom('unlocks as u')
    .innerJoin('episodes as e', 'e.id', 'u.episode_id')
    .select(['u.episode_id', 'e.series_id'])
    .where('u.user_id', '=', userId)
    .execute();
}

export interface UnlockedSeriesRow {
  series_id: number;
  unlocked: number;
  last_number: number;
  last_at: Date;
}

/**
 * Series in which the user unlocked episodes, the latest unlock first: published ones, and archived ones
 * whose unlocked episodes the user keeps (unlocked while published).
 */
export async function unlockedSeries(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
): Promise<UnlockedSeriesRow[]> {
  const rows = await db
    .selectFrom('unlocks as u')
    .innerJoin('episodes as e', 'e.id', 'u.episode_id')
    .innerJoin('series as s', 's.id', 'e.series_id')
    .select((eb) => [
      'e.series_id',
      eb.fn.countAll<string | number>().as('unlocked'),
      eb.fn.max('e.number').as('last_number'),
      eb.fn.max('u.created_at').as('last_at'),
    ])
    .where('u.user_id', '=', userId)
    .where(sql<boolean>`COALESCE(s.archived_from, s.status) = 'published'`)
    .groupBy('e.series_id')
    .orderBy('last_at', 'desc')
    .orderBy('e.series_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    series_id: r.series_id,
    unlocked: Number(r.unlocked),
    last_number: Number(r.last_number),
    last_at: new Date(r.last_at),
  }));
}

/** The user's membership: its status and the end of its paid period (undefined without one). */
export function membershipPeriod(db: Executor, userId: string) {
  return db
    .selectFrom('memberships')
    .select(['status', 'current_period_end'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
