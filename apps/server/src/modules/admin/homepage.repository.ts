import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminSection, Language } from '@episodic/contract';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface SectionRow {
  id: number;
  slug: string;
  kind: AdminSection['kind'];
  active: boolean;
  position: number;
}

export function sectionRows(db: Executor): Promise<SectionRow[]> {
  return db
    .selectFrom('homepage_sections')
    .select(['id', 'slug', 'kind', 'active', 'position'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function allSectionTitles(db: Executor) {
  return db.selectFrom('homepage_section_translations').select(['section_id', 'language', 'title']).execute();
}

/** Every section's hand-picked series in order, with an English (or any) title and whether viewers see it. */
export async function allSectionItems(db: Executor) {
  const { rows } = await sql<{
    section_id: number;
    id: number;
    title: string;
    cover_key: string | null;
    visible: boolean;
  }>`
    SELECT i.section_id, s.id, s.cover_key,
      COALESCE(en.title, (SELECT x.title FROM series_translations x WHERE x.series_id = s.id ORDER BY x.language LIMIT 1), '(untitled)') AS title,
      (s.status = 'published' AND EXISTS (SELECT 1 FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready')) AS visible
    FROM homepage_section_items i JOIN series s ON s.id = i.series_id
    LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
    ORDER BY i.section_id, i.position, s.id`.execute(db);
  return rows;
}

/** Every section's tabs (tags) in order, named in English or by slug. */
export async function allSectionTags(db: Executor) {
  const { rows } = await sql<{ section_id: number; id: number; name: string }>`
    SELECT h.section_id, t.id, COALESCE(en.name, t.slug) AS name
    FROM homepage_section_tags h JOIN tags t ON t.id = h.tag_id
    LEFT JOIN tag_translations en ON en.tag_id = t.id AND en.language = 'en'
    ORDER BY h.section_id, h.position, t.id`.execute(db);
  return rows;
}

export function lockSectionRow(trx: Transaction<DB>, id: number): Promise<SectionRow | undefined> {
  return trx
    .selectFrom('homepage_sections')
    .select(['id', 'slug', 'kind', 'active', 'position'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function sectionTitles(db: Executor, id: number) {
  return db
    .selectFrom('homepage_section_translations')
    .select(['language', 'title'])
    .where('section_id', '=', id)
    .execute();
}

export async function replaceSectionTitles(
  db: Executor,
  id: number,
  titles: Partial<Record<Language, string>>,
): Promise<void> {
  await db.deleteFrom('homepage_section_translations').where('section_id', '=', id).execute();
  const rows = Object.entries(titles).map(([language, title]) => ({
    section_id: id,
    language: language as Language,
    title,
  }));
  if (rows.length) await db.insertInto('homepage_section_translations').values(rows).execute();
}

/** Serializes section creation until the transaction ends. */
export async function lockSectionCreation(trx: Transaction<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7461301)`.execute(trx);
}

export async function hasFeaturedSection(db: Executor): Promise<boolean> {
  return !!(await db.selectFrom('homepage_sections').select('id').where('kind', '=', 'featured').executeTakeFirst());
}

/** Adds a section at the bottom; returns its id. */
export async function insertSectionLast(
  db: Executor,
  section: { slug: string; kind: SectionRow['kind']; active: boolean },
): Promise<number> {
  const { rows } = await sql<{
    next: number;
  }>`SELECT COALESCE(max(position), 0) + 1 AS next FROM homepage_sections`.execute(db);
  const { id } = await db
    .insertInto('homepage_sections')
    .values({ ...section, position: rows[0]!.next })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSectionRow(
  db: Executor,
  id: number,
  changes: { slug?: string; active?: boolean },
): Promise<void> {
  await db.updateTable('homepage_sections').set(changes).where('id', '=', id).execute();
}

/** Replaces a section's series with the ones given, in order; returns the ones it held. */
export async function replaceSectionItems(db: Executor, id: number, seriesIds: number[]): Promise<number[]> {
  const before = await db
    .selectFrom('homepage_section_items')
    .select('series_id')
    .where('section_id', '=', id)
    .orderBy('position')
    .execute();
  await db.deleteFrom('homepage_section_items').where('section_id', '=', id).execute();
  if (seriesIds.length)
    await db
      .insertInto('homepage_section_items')
      .values(seriesIds.map((series_id, position) => ({ section_id: id, series_id, position })))
      .execute();
  return before.map((b) => b.series_id);
}

/** Replaces a section's tabs with the tags given, in order; returns the ones it held. */
export async function replaceSectionTags(db: Executor, id: number, tagIds: number[]): Promise<number[]> {
  const before = await db
    .selectFrom('homepage_section_tags')
    .select('tag_id')
    .where('section_id', '=', id)
    .orderBy('position')
    .execute();
  await db.deleteFrom('homepage_section_tags').where('section_id', '=', id).execute();
  if (tagIds.length)
    await db
      .insertInto('homepage_section_tags')
      .values(tagIds.map((tag_id, position) => ({ section_id: id, tag_id, position })))
      .execute();
  return before.map((b) => b.tag_id);
}

/** Every section's id in order, locked. */
export function lockSectionOrder(trx: Transaction<DB>) {
  return trx.selectFrom('homepage_sections').select('id').orderBy('position').orderBy('id').forUpdate().execute();
}

/** Numbers the sections 1, 2, … in the order given. */
export async function setSectionOrder(db: Executor, ids: number[]): Promise<void> {
  await sql`UPDATE homepage_sections h SET position = o.n FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, n) WHERE h.id = o.id`.execute(
    db,
  );
}

export async function deleteSectionRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('homepage_sections').where('id', '=', id).execute();
}
