import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { DEMO_SECTIONS, DEMO_SERIES, DEMO_TAGS, type Lang } from './demo-catalog';
import { hueColor } from './demo-artwork';

const LANGS: Lang[] = ['en', 'es', 'fy', 'dy', 'pt'];
const STATE_KEY = 'demo_catalog';

export interface DemoState {
  seriesIds: number[];
  complete: boolean;
}

export async function readState(db: Kysely<DB>): Promise<DemoState | null> {
  const row = await db.selectFrom('system_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst();
  return (row?.value as DemoState | undefined) ?? null;
}

export async function writeState(db: Kysely<DB>, state: DemoState): Promise<void> {
  await db
    .insertInto('system_state')
    .values({ key: STATE_KEY, value: JSON.stringify(state) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(state), updated_at: new Date() }))
    .execute();
}

/** Writes the demo catalog's rows (published, media pending) in one transaction; returns the series ids. */
export async function insertDemoRows(db: Kysely<DB>, episodesPerSeries: number | undefined): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // Several instances may start together on an empty PostgreSQL: one seeds, the others see its rows.
    await sql`SELECT pg_advisory_xact_lock(7461203)`.execute(trx);
    if (await trx.selectFrom('series').select('id').limit(1).executeTakeFirst()) return [];
    const tagIds = new Map<string, number>();
    for (const [position, tag] of DEMO_TAGS.entries()) {
      const { id } = await trx
        .insertInto('tags')
        .values({ slug: tag.slug, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(tag.slug, id);
      await trx
        .insertInto('tag_translations')
        .values(LANGS.map((language) => ({ tag_id: id, language, name: tag.name[language] })))
        .execute();
    }
    const seriesIds = new Map<string, number>();
    for (const [index, series] of DEMO_SERIES.entries()) {
      const { id } = await trx
        .insertInto('series')
        .values({
          status: 'published',
          accent_color: hueColor(series.hue, 0.5),
          published_at: new Date(Date.now() - index * 36 * 3600 * 1000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      seriesIds.set(series.slug, id);
      await trx
        .insertInto('series_translations')
        .values(
          LANGS.map((language) => ({
            series_id: id,
            language,
            title: series.title[language],
            synopsis: series.synopsis[language],
          })),
        )
        .execute();
      await trx
        .insertInto('series_tags')
        .values(series.tags.map((slug, position) => ({ series_id: id, tag_id: tagIds.get(slug)!, position })))
        .execute();
      const count = Math.min(series.episodes, episodesPerSeries ?? series.episodes);
      await trx
        .insertInto('episodes')
        .values(
          Array.from({ length: count }, (_, i) => ({
            series_id: id,
            number: i + 1,
            status: 'published' as const,
            free: i < series.freeEpisodes,
            unlock_cost: series.unlockCost,
          })),
        )
        .execute();
    }
    for (const [position, section] of DEMO_SECTIONS.entries()) {
      const { id } = await trx
        .insertInto('homepage_sections')
        .values({ slug: section.slug, kind: section.kind, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('homepage_section_translations')
        .values(LANGS.map((language) => ({ section_id: id, language, title: section.title[language] })))
        .execute();
      if (section.series?.length) {
        await trx
          .insertInto('homepage_section_items')
          .values(section.series.map((slug, i) => ({ section_id: id, series_id: seriesIds.get(slug)!, position: i })))
          .execute();
      }
      if (section.tags?.length) {
        await trx
          .insertInto('homepage_section_tags')
          .values(section.tags.map((slug, i) => ({ section_id: id, tag_id: tagIds.get(slug)!, position: i })))
          .execute();
      }
    }
    const ids = [...seriesIds.values()];
    await writeState(trx as unknown as Kysely<DB>, { seriesIds: ids, complete: false });
    return ids;
  });
}

/** The demo series with their artwork keys and English titles. */
export function demoSeries(db: Kysely<DB>, seriesIds: number[]) {
  return db
    .selectFrom('series as s')
    .innerJoin('series_translations as t', (j) => j.onRef('t.series_id', '=', 's.id').on('t.language', '=', 'en'))
    .select(['s.id', 's.cover_key', 's.banner_key', 't.title'])
    .where('s.id', 'in', seriesIds)
    .execute();
}

export async function setArtworkKeys(
  db: Kysely<DB>,
  seriesId: number,
  coverKey: string,
  bannerKey: string,
): Promise<void> {
  await db
    .updateTable('series')
    .set({ cover_key: coverKey, banner_key: bannerKey })
    .where('id', '=', seriesId)
    .execute();
}

/** The series' episodes whose video is not ready, first episodes of every series first. */
export function episodesNotReady(db: Kysely<DB>, seriesIds: number[]) {
  return db
    .selectFrom('episodes')
    .select(['id', 'series_id', 'number'])
    .where('series_id', 'in', seriesIds)
    .where('media_status', '!=', 'ready')
    .orderBy('number')
    .orderBy('series_id')
    .execute();
}

export async function countEpisodes(db: Kysely<DB>, seriesIds: number[]): Promise<number> {
  const total = await db
    .selectFrom('episodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_id', 'in', seriesIds)
    .executeTakeFirstOrThrow();
  return Number(total.n);
}
