import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminMediaJob, Language } from '@episodic/contract';
import type { SeriesSort, SortDirection } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import { jobDto } from './media-jobs';

type Executor = Kysely<DB> | Transaction<DB>;

/** Published with at least one published, packaged episode: what viewers can see (as the catalog decides). */
const visible = sql<boolean>`(s.status = 'published' AND EXISTS (
  SELECT 1 FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready'))`;

export interface SeriesSummaryRow {
  id: number;
  title: string;
  status: 'draft' | 'published' | 'archived';
  archived_at: Date | null;
  visible: boolean;
  cover_key: string | null;
  banner_key: string | null;
  accent_color: string | null;
  series_price: number | null;
  details_version: number;
  episodes: number;
  published_episodes: number;
  ready_episodes: number;
  play_count: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  total: number;
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = sql`
  s.id, s.status, s.archived_at, s.cover_key, s.banner_key, s.accent_color, s.series_price, s.details_version, s.play_count, s.published_at, s.created_at, s.updated_at,
  COALESCE(en.title, (SELECT x.title FROM series_translations x WHERE x.series_id = s.id ORDER BY x.language LIMIT 1), '(untitled)') AS title,
  ${visible} AS visible,
  (SELECT count(*) FROM episodes e WHERE e.series_id = s.id) AS episodes,
  (SELECT count(*) FROM episodes e WHERE e.series_id = s.id AND e.status = 'published') AS published_episodes,
  (SELECT count(*) FROM episodes e WHERE e.series_id = s.id AND e.media_status = 'ready') AS ready_episodes`;

/**
 * The column behind each sort the contract names (nothing else reaches ORDER BY); `title` and
 * `episodes` are the answer's own columns (a bare name in ORDER BY is the output column).
 */
const SERIES_ORDER: Record<SeriesSort, string> = {
  updatedAt: 's.updated_at',
  title: 'title',
  plays: 's.play_count',
  episodes: 'episodes',
  createdAt: 's.created_at',
};

/** Every series (drafts too), most recently changed first unless asked otherwise, with counts; the id breaks ties. */
export async function seriesPage(
  db: Executor,
  q: {
    text?: string;
    status?: 'draft' | 'published' | 'archived';
    tagId?: number;
    sort?: SeriesSort;
    dir?: SortDirection;
    offset: number;
    limit: number;
  },
): Promise<SeriesSummaryRow[]> {
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  const column = q.sort && Object.hasOwn(SERIES_ORDER, q.sort) ? SERIES_ORDER[q.sort] : SERIES_ORDER.updatedAt;
  const text = q.text?.trim();
  const byId = text && /^\d{1,9}$/.test(text) ? Number(text) : null;
  const { rows } = await sql<SeriesSummaryRow>`
    SELECT ${summaryColumns}, count(*) OVER () AS total
    FROM series s LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
    WHERE true
      ${text ? sql`AND (s.id = ${byId} OR EXISTS (SELECT 1 FROM series_translations t WHERE t.series_id = s.id AND lower(t.title) LIKE ${like(text)}))` : sql``}
      ${q.status ? sql`AND s.status = ${q.status}` : sql``}
      ${q.tagId ? sql`AND EXISTS (SELECT 1 FROM series_tags st WHERE st.series_id = s.id AND st.tag_id = ${q.tagId})` : sql``}
    ORDER BY ${sql.raw(`${column} ${dir}, s.id ${dir}`)}
    OFFSET ${q.offset} LIMIT ${q.limit}`.execute(db);
  return rows;
}

export async function seriesSummary(db: Executor, id: number): Promise<SeriesSummaryRow | undefined> {
  const { rows } = await sql<SeriesSummaryRow>`
    SELECT ${summaryColumns}, 1 AS total
    FROM series s LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
    WHERE s.id = ${id}`.execute(db);
  return rows[0];
}

/** English (else slug) names of the tags of each series, in the series' order. */
export async function tagRefs(
  db: Executor,
  seriesIds: readonly number[],
): Promise<{ series_id: number; id: number; name: string }[]> {
  if (seriesIds.length === 0) return [];
  const { rows } = await sql<{ series_id: number; id: number; name: string }>`
    SELECT st.series_id, tg.id, COALESCE(en.name, tg.slug) AS name
    FROM series_tags st JOIN tags tg ON tg.id = st.tag_id
    LEFT JOIN tag_translations en ON en.tag_id = tg.id AND en.language = 'en'
    WHERE st.series_id = ANY(${sql.val([...seriesIds])}::int[])
    ORDER BY st.series_id, st.position, tg.id`.execute(db);
  return rows;
}

export function seriesTexts(db: Executor, seriesId: number) {
  return db
    .selectFrom('series_translations')
    .select(['language', 'title', 'synopsis'])
    .where('series_id', '=', seriesId)
    .execute();
}

export interface EpisodeAdminRow {
  id: number;
  series_id: number;
  number: number;
  status: 'draft' | 'published' | 'archived';
  archived_at: Date | null;
  free: boolean;
  unlock_cost: number;
  duration_ms: number;
  media_status: 'none' | 'processing' | 'ready' | 'failed';
  media_error: string | null;
  play_count: number;
  thumbnail_key: string | null;
  unlocks: number;
}

export async function episodesOf(db: Executor, seriesId: number): Promise<EpisodeAdminRow[]> {
  const { rows } = await sql<EpisodeAdminRow>`
    SELECT e.id, e.series_id, e.number, e.status, e.archived_at, e.free, e.unlock_cost, e.duration_ms, e.media_status, e.media_error, e.play_count,
      m.thumbnail_key, (SELECT count(*) FROM unlocks u WHERE u.episode_id = e.id) AS unlocks
    FROM episodes e LEFT JOIN episode_media m ON m.episode_id = e.id
    WHERE e.series_id = ${seriesId}
    ORDER BY e.number`.execute(db);
  return rows;
}

export async function episodeById(db: Executor, id: number): Promise<EpisodeAdminRow | undefined> {
  const { rows } = await sql<EpisodeAdminRow>`
    SELECT e.id, e.series_id, e.number, e.status, e.archived_at, e.free, e.unlock_cost, e.duration_ms, e.media_status, e.media_error, e.play_count,
      m.thumbnail_key, (SELECT count(*) FROM unlocks u WHERE u.episode_id = e.id) AS unlocks
    FROM episodes e LEFT JOIN episode_media m ON m.episode_id = e.id
    WHERE e.id = ${id}`.execute(db);
  return rows[0];
}

export async function episodeTitles(
  db: Executor,
  episodeIds: readonly number[],
): Promise<{ episode_id: number; language: Language; title: string }[]> {
  if (episodeIds.length === 0) return [];
  return db
    .selectFrom('episode_translations')
    .select(['episode_id', 'language', 'title'])
    .where('episode_id', 'in', [...episodeIds])
    .execute();
}

/** Replaces a series' translations with the given ones. */
export async function replaceSeriesTexts(
  trx: Transaction<DB>,
  seriesId: number,
  texts: Partial<Record<Language, { title: string; synopsis: string }>>,
): Promise<void> {
  await trx.deleteFrom('series_translations').where('series_id', '=', seriesId).execute();
  const rows = Object.entries(texts).map(([language, t]) => ({
    series_id: seriesId,
    language: language as Language,
    title: t.title,
    synopsis: t.synopsis,
  }));
  if (rows.length) await trx.insertInto('series_translations').values(rows).execute();
}

export async function replaceSeriesTags(
  trx: Transaction<DB>,
  seriesId: number,
  tagIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('series_tags').where('series_id', '=', seriesId).execute();
  if (tagIds.length)
    await trx
      .insertInto('series_tags')
      .values(tagIds.map((tag_id, position) => ({ series_id: seriesId, tag_id, position })))
      .execute();
}

export async function replaceEpisodeTitles(
  trx: Transaction<DB>,
  episodeId: number,
  titles: Partial<Record<Language, string>>,
): Promise<void> {
  await trx.deleteFrom('episode_translations').where('episode_id', '=', episodeId).execute();
  const rows = Object.entries(titles).map(([language, title]) => ({
    episode_id: episodeId,
    language: language as Language,
    title,
  }));
  if (rows.length) await trx.insertInto('episode_translations').values(rows).execute();
}

/** Which of the given tag ids exist. */
export async function existingTagIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function existingSeriesIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('series')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function touchSeries(trx: Transaction<DB>, seriesId: number): Promise<void> {
  await trx.updateTable('series').set({ updated_at: new Date() }).where('id', '=', seriesId).execute();
}

/** The latest packaging job of each given episode. */
export async function latestJobs(db: Executor, episodeIds: readonly number[]): Promise<Map<number, AdminMediaJob>> {
  if (episodeIds.length === 0) return new Map();
  const { rows } = await sql<Parameters<typeof jobDto>[0] & { episode_id: number }>`
    SELECT DISTINCT ON (episode_id) id, episode_id, file_name, status, stage, percent, error, updated_at
    FROM media_jobs WHERE episode_id = ANY(${sql.val([...episodeIds])}::int[])
    ORDER BY episode_id, id DESC`.execute(db);
  return new Map(rows.map((r) => [r.episode_id, jobDto(r)]));
}

export async function seriesExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst());
}

export async function episodeExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('episodes').select('id').where('id', '=', id).executeTakeFirst());
}

export function lockSeriesArtwork(trx: Transaction<DB>, id: number) {
  return trx
    .selectFrom('series')
    .select(['cover_key', 'banner_key'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setSeriesArtwork(
  db: Executor,
  id: number,
  column: 'cover_key' | 'banner_key',
  key: string,
): Promise<void> {
  await db
    .updateTable('series')
    .set({ [column]: key, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function lockSeries(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('series').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks a series row; false when there is no such series. */
export async function lockSeriesId(trx: Transaction<DB>, id: number): Promise<boolean> {
  return !!(await trx.selectFrom('series').select('id').where('id', '=', id).forUpdate().executeTakeFirst());
}

export async function seriesTagIds(db: Executor, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('series_tags')
    .select('tag_id')
    .where('series_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.tag_id);
}

/** Adds a draft series; returns its id. */
export async function insertDraftSeries(
  db: Executor,
  s: { accentColor: string | null; seriesPrice: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto('series')
    .values({ status: 'draft', accent_color: s.accentColor, series_price: s.seriesPrice })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Claims a save of a series' details: counts it, only while the series' `details_version` is still
 * `version` (one statement, so of two saves from the same version exactly one matches, on PostgreSQL
 * and PGlite alike). False when it matched nothing: the series is gone or another save came first.
 */
export async function claimDetailsVersion(trx: Transaction<DB>, id: number, version: number): Promise<boolean> {
  const row = await trx
    .updateTable('series')
    .set({ details_version: sql<number>`details_version + 1` })
    .where('id', '=', id)
    .where('details_version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateSeriesRow(
  db: Executor,
  id: number,
  changes: { accent_color?: string | null; series_price?: number | null },
): Promise<void> {
  await db
    .updateTable('series')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Sets a series' status; the first publication dates it. */
export async function setSeriesStatusRow(db: Executor, id: number, status: 'draft' | 'published'): Promise<void> {
  await db
    .updateTable('series')
    .set({
      status,
      updated_at: new Date(),
      ...(status === 'published' ? { published_at: sql<Date>`COALESCE(published_at, now())` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export function lockEpisode(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('episodes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lastEpisode(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['number', 'unlock_cost'])
    .where('series_id', '=', seriesId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Adds a draft episode; returns its id. */
export async function insertDraftEpisode(
  db: Executor,
  e: { seriesId: number; number: number; free: boolean; unlockCost: number },
): Promise<number> {
  const { id } = await db
    .insertInto('episodes')
    .values({ series_id: e.seriesId, number: e.number, status: 'draft', free: e.free, unlock_cost: e.unlockCost })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setEpisodePrice(db: Executor, id: number, free: boolean, unlockCost: number): Promise<void> {
  await db
    .updateTable('episodes')
    .set({ free, unlock_cost: unlockCost, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setEpisodeStatusRow(db: Executor, id: number, status: 'draft' | 'published'): Promise<void> {
  await db.updateTable('episodes').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
}

export function episodeNumbers(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['id', 'number'])
    .where('series_id', '=', seriesId)
    .orderBy('number')
    .execute();
}

export function episodePrices(db: Executor, seriesId: number) {
  return db
    .selectFrom('episodes')
    .select(['id', 'number', 'free', 'unlock_cost'])
    .where('series_id', '=', seriesId)
    .orderBy('number')
    .execute();
}

/** Numbers a series' episodes 1, 2, … in the order given (numbers are checked at commit, so episodes can swap). */
export async function renumberEpisodes(trx: Transaction<DB>, seriesId: number, episodeIds: number[]): Promise<void> {
  await sql`SET CONSTRAINTS episodes_series_number_key DEFERRED`.execute(trx);
  await sql`
    UPDATE episodes e SET number = o.n, updated_at = now()
    FROM unnest(${sql.val(episodeIds)}::int[]) WITH ORDINALITY AS o(id, n)
    WHERE e.id = o.id AND e.series_id = ${seriesId} AND e.number <> o.n`.execute(trx);
}

/** The first `freeEpisodes` episodes free, the others at `unlockCost` coins. */
export async function priceSeriesEpisodes(
  db: Executor,
  seriesId: number,
  freeEpisodes: number,
  unlockCost: number,
): Promise<void> {
  await sql`
    UPDATE episodes SET free = (number <= ${freeEpisodes}), unlock_cost = ${unlockCost}, updated_at = now()
    WHERE series_id = ${seriesId}`.execute(db);
}
