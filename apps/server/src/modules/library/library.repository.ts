import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function addFavorite(db: Kysely<DB>, userId: string, seriesId: number): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, series_id: seriesId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeFavorite(db: Kysely<DB>, userId: string, seriesId: number): Promise<void> {
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('series_id', '=', seriesId).execute();
}

export interface HistoryRow {
  series_id: number;
  episode_id: number;
  position_ms: number;
  finished: boolean;
  updated_at: Date;
}

/** Saves where a viewer is in a series: one entry per series, the latest write wins. */
export async function upsertHistory(
  db: Kysely<DB>,
  row: { userId: string; seriesId: number; episodeId: number; positionMs: number; finished: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('watch_history')
    .values({
      user_id: row.userId,
      series_id: row.seriesId,
      episode_id: row.episodeId,
      position_ms: row.positionMs,
      finished: row.finished,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'series_id']).doUpdateSet({
        episode_id: row.episodeId,
        position_ms: row.positionMs,
        finished: row.finished,
        updated_at: now,
      }),
    )
    .execute();
}

export function historyPage(db: Kysely<DB>, userId: string, offset: number, limit: number): Promise<HistoryRow[]> {
  return (
    db
      .selectFrom('watch_history as h')
      .innerJoin('series as s', 's.id', 'h.series_id')
      .select(['h.series_id', 'h.episode_id', 'h.position_ms', 'h.finished', 'h.updated_at'])
      .where('h.user_id', '=', userId)
      // Archived series once published stay in: the service shows them only to a viewer who keeps the episode.
      .where((eb) =>
        eb.or([
          eb('s.status', '=', 'published'),
          eb.and([eb('s.status', '=', 'archived'), eb('s.archived_from', '=', 'published')]),
        ]),
      )
      .orderBy('h.updated_at', 'desc')
      .orderBy('h.series_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
  );
}
