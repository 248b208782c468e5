import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The series an ingestion fills: an existing one by id, or a new draft titled (in English) as given. */
export async function findOrCreateSeries(
  db: Kysely<DB>,
  idOrTitle: string,
): Promise<{ id: number; created: boolean; title: string }> {
  if (/^\d+$/.test(idOrTitle)) {
    const id = Number(idOrTitle);
    const found = await db
      .selectFrom('series as s')
      .leftJoin('series_translations as t', (join) =>
        join.onRef('t.series_id', '=', 's.id').on('t.language', '=', 'en'),
      )
      .select(['s.id', 't.title'])
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!found) throw new Error(`There is no series ${id}: give an existing id, or a title to create a new series`);
    return { id, created: false, title: found.title ?? `#${id}` };
  }
  const title = idOrTitle.trim();
  if (title.length === 0 || title.length > 200) throw new Error('A series title is 1 to 200 characters');
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('series').values({ status: 'draft' }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('series_translations').values({ series_id: id, language: 'en', title }).execute();
    return { id, created: true, title };
  });
}

/** The episode with this number in the series, created when missing; price settings applied when given. */
export async function upsertEpisode(
  db: Kysely<DB>,
  seriesId: number,
  number: number,
  pricing: { free?: boolean; unlockCost?: number },
): Promise<number> {
  const changes = {
    ...(pricing.free !== undefined ? { free: pricing.free } : {}),
    ...(pricing.unlockCost !== undefined ? { unlock_cost: pricing.unlockCost } : {}),
  };
  const existing = await db
    .selectFrom('episodes')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (existing) {
    if (Object.keys(changes).length > 0)
      await db
        .updateTable('episodes')
        .set({ ...changes, updated_at: sql`now()` })
        .where('id', '=', existing.id)
        .execute();
    return existing.id;
  }
  const { id } = await db
    .insertInto('episodes')
    .values({ series_id: seriesId, number, ...changes })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Publishes the episodes and, when still a draft, their series. */
export async function publishEpisodes(db: Kysely<DB>, seriesId: number, episodeIds: readonly number[]): Promise<void> {
  if (episodeIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('episodes')
      .set({ status: 'published', updated_at: sql`now()` })
      .where('id', 'in', episodeIds)
      .execute();
    await trx
      .updateTable('series')
      .set({ status: 'published', published_at: sql`coalesce(published_at, now())`, updated_at: sql`now()` })
      .where('id', '=', seriesId)
      .execute();
  });
}
