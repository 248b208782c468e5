import { sql, type Kysely, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface TagRow {
  id: number;
  slug: string;
  position: number;
  series: number;
}

/** Every tag in order, with how many series carry it. */
export async function tagRows(db: Executor): Promise<TagRow[]> {
  const { rows } = await sql<TagRow>`
    SELECT t.id, t.slug, t.position, (SELECT count(*) FROM series_tags st WHERE st.tag_id = t.id) AS series
    FROM tags t ORDER BY t.position, t.id`.execute(db);
  return rows;
}

export function allTagNames(db: Executor) {
  return db.selectFrom('tag_translations').select(['tag_id', 'language', 'name']).execute();
}

export function lockTag(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('tags').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function tagNames(db: Executor, id: number) {
  return db.selectFrom('tag_translations').select(['language', 'name']).where('tag_id', '=', id).execute();
}

export async function replaceTagNames(
  db: Executor,
  id: number,
  names: Partial<Record<Language, string>>,
): Promise<void> {
  await db.deleteFrom('tag_translations').where('tag_id', '=', id).execute();
  const rows = Object.entries(names).map(([language, name]) => ({ tag_id: id, language: language as Language, name }));
  if (rows.length) await db.insertInto('tag_translations').values(rows).execute();
}

/** Adds a tag at the end of the list; returns its id. */
export async function insertTagLast(db: Executor, slug: string): Promise<number> {
  const { rows } = await sql<{ next: number }>`SELECT COALESCE(max(position), 0) + 1 AS next FROM tags`.execute(db);
  const { id } = await db
    .insertInto('tags')
    .values({ slug, position: rows[0]!.next })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setTagSlug(db: Executor, id: number, slug: string): Promise<void> {
  await db.updateTable('tags').set({ slug }).where('id', '=', id).execute();
}

/** Every tag's id in order, locked. */
export function lockTagOrder(trx: Transaction<DB>) {
  return trx.selectFrom('tags').select(['id']).orderBy('position').orderBy('id').forUpdate().execute();
}

/** Numbers the tags 1, 2, … in the order given. */
export async function setTagOrder(db: Executor, ids: number[]): Promise<void> {
  await sql`UPDATE tags t SET position = o.n FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, n) WHERE t.id = o.id`.execute(
    db,
  );
}

export function seriesWithTag(db: Executor, id: number) {
  return db.selectFrom('series_tags').select('series_id').where('tag_id', '=', id).execute();
}

export async function deleteTagRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}
