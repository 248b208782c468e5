import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LANGUAGES, type Language } from '@episodic/contract';
import type { DB } from '../../db/schema';

export interface SeriesCardRow {
  id: number;
  title: string;
  synopsis: string;
  cover_key: string | null;
  banner_key: string | null;
  accent_color: string | null;
  series_price: number | null;
  play_count: number;
  episode_count: number;
  free_count: number;
}

export interface TagRow {
  series_id: number;
  id: number;
  name: string;
}

export interface EpisodeRow {
  id: number;
  series_id: number;
  number: number;
  title: string | null;
  duration_ms: number;
  free: boolean;
  unlock_cost: number;
}

/** A series is visible once published with at least one published, packaged episode. */
const visible = sql<boolean>`s.status = 'published' AND EXISTS (
  SELECT 1 FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready')`;

/**
 * A page of a ranked list of published series (`ranked`: rows with an `id` and the columns `order`
 * names, already in that order), keeping the visible ones. Ranking comes first (OFFSET 0 keeps the
 * planner from merging the two): only the series up to the page's end are asked for an episode,
 * not every series of the list.
 */
function visiblePage(ranked: RawBuilder<unknown>, order: RawBuilder<unknown>, { offset, limit }: Paging) {
  return sql<{ id: number }>`
    SELECT r.id FROM (${ranked} ORDER BY ${order} OFFSET 0) r
    WHERE EXISTS (SELECT 1 FROM episodes e WHERE e.series_id = r.id AND e.status = 'published' AND e.media_status = 'ready')
    ORDER BY ${order}
    OFFSET ${offset} LIMIT ${limit}`;
}
const NEWEST_FIRST = sql`published_at DESC NULLS LAST, id DESC`;

/** Localized card data for the given series ids (visible ones only), title and synopsis falling back to English. */
export async function seriesCards(db: Kysely<DB>, ids: readonly number[], lang: Language): Promise<SeriesCardRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SeriesCardRow>`
    SELECT s.id, s.cover_key, s.banner_key, s.accent_color, s.series_price, s.play_count,
      COALESCE(t.title, en.title, anyt.title) AS title,
      COALESCE(t.synopsis, en.synopsis, anyt.synopsis, '') AS synopsis,
      (SELECT count(*) FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready') AS episode_count,
      (SELECT count(*) FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready' AND e.free) AS free_count
    FROM series s
    LEFT JOIN series_translations t ON t.series_id = s.id AND t.language = ${lang}
    LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
    LEFT JOIN LATERAL (SELECT title, synopsis FROM series_translations x WHERE x.series_id = s.id ORDER BY language LIMIT 1) anyt ON true
    WHERE s.id = ANY(${sql.val([...ids])}::int[]) AND ${visible}`.execute(db);
  return rows;
}

/** Localized tags of the given series, in each series' tag order. */
export async function tagsOfSeries(db: Kysely<DB>, ids: readonly number[], lang: Language): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TagRow>`
    SELECT st.series_id, tg.id, COALESCE(t.name, en.name, tg.slug) AS name
    FROM series_tags st
    JOIN tags tg ON tg.id = st.tag_id
    LEFT JOIN tag_translations t ON t.tag_id = tg.id AND t.language = ${lang}
    LEFT JOIN tag_translations en ON en.tag_id = tg.id AND en.language = 'en'
    WHERE st.series_id = ANY(${sql.val([...ids])}::int[])
    ORDER BY st.series_id, st.position, tg.position, tg.id`.execute(db);
  return rows;
}

/** Every tag that has a visible series, localized, in the operator's order. */
export async function listTags(db: Kysely<DB>, lang: Language): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT tg.id, COALESCE(t.name, en.name, tg.slug) AS name
    FROM tags tg
    LEFT JOIN tag_translations t ON t.tag_id = tg.id AND t.language = ${lang}
    LEFT JOIN tag_translations en ON en.tag_id = tg.id AND en.language = 'en'
    WHERE EXISTS (SELECT 1 FROM series_tags st JOIN series s ON s.id = st.series_id WHERE st.tag_id = tg.id AND ${visible})
    ORDER BY tg.position, tg.id`.execute(db);
  return rows;
}

export interface Paging {
  offset: number;
  limit: number;
}

/** Visible series ids of a tag, newest first. */
export async function seriesIdsByTag(db: Kysely<DB>, tagId: number, paging: Paging): Promise<number[]> {
  const ranked = sql`SELECT s.id, s.published_at FROM series_tags st JOIN series s ON s.id = st.series_id
    WHERE st.tag_id = ${tagId} AND s.status = 'published'`;
  const { rows } = await visiblePage(ranked, NEWEST_FIRST, paging).execute(db);
  return rows.map((r) => r.id);
}

/** Every visible series, newest first. */
export async function newestSeriesIds(db: Kysely<DB>, paging: Paging): Promise<number[]> {
  const ranked = sql`SELECT s.id, s.published_at FROM series s WHERE s.status = 'published'`;
  const { rows } = await visiblePage(ranked, NEWEST_FIRST, paging).execute(db);
  return rows.map((r) => r.id);
}

/** Visible series ranked by plays over the last days, then all-time plays, then newest. */
export async function trendingSeriesIds(db: Kysely<DB>, days: number, paging: Paging): Promise<number[]> {
  // Plays per series and day are counters (migration 0028), not a count of every play.
  const ranked = sql`SELECT s.id, COALESCE(recent.plays, 0) AS recent_plays, s.play_count, s.published_at FROM series s
    LEFT JOIN (
      SELECT series_id, sum(plays)::bigint AS plays FROM series_play_days
      WHERE day >= current_date - ${days}::int GROUP BY series_id
    ) recent ON recent.series_id = s.id
    WHERE s.status = 'published'`;
  const order = sql`recent_plays DESC, play_count DESC, published_at DESC NULLS LAST, id DESC`;
  const { rows } = await visiblePage(ranked, order, paging).execute(db);
  return rows.map((r) => r.id);
}

/** Visible series hand-picked into a section, in the operator's order. */
export async function sectionSeriesIds(
  db: Kysely<DB>,
  sectionId: number,
  { offset, limit }: Paging,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT s.id FROM homepage_section_items i JOIN series s ON s.id = i.series_id
    WHERE i.section_id = ${sectionId} AND ${visible}
    ORDER BY i.position, s.id
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

export interface SectionRow {
  id: number;
  slug: string;
  kind: 'featured' | 'curated' | 'categories' | 'trending' | 'newest';
  title: string;
}

export async function activeSections(db: Kysely<DB>, lang: Language): Promise<SectionRow[]> {
  const { rows } = await sql<SectionRow>`
    SELECT h.id, h.slug, h.kind, COALESCE(t.title, en.title, h.slug) AS title
    FROM homepage_sections h
    LEFT JOIN homepage_section_translations t ON t.section_id = h.id AND t.language = ${lang}
    LEFT JOIN homepage_section_translations en ON en.section_id = h.id AND en.language = 'en'
    WHERE h.active
    ORDER BY h.position, h.id`.execute(db);
  return rows;
}

/** The tabs of a categories section, localized, only tags with something to show. */
export async function sectionTags(
  db: Kysely<DB>,
  sectionId: number,
  lang: Language,
): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT tg.id, COALESCE(t.name, en.name, tg.slug) AS name
    FROM homepage_section_tags hst JOIN tags tg ON tg.id = hst.tag_id
    LEFT JOIN tag_translations t ON t.tag_id = tg.id AND t.language = ${lang}
    LEFT JOIN tag_translations en ON en.tag_id = tg.id AND en.language = 'en'
    WHERE hst.section_id = ${sectionId}
      AND EXISTS (SELECT 1 FROM series_tags st JOIN series s ON s.id = st.series_id WHERE st.tag_id = tg.id AND ${visible})
    ORDER BY hst.position, tg.id`.execute(db);
  return rows;
}

/** Published, packaged episodes of a visible series, in order, with localized titles where set. */
export async function episodesOfSeries(db: Kysely<DB>, seriesId: number, lang: Language): Promise<EpisodeRow[]> {
  const { rows } = await sql<EpisodeRow>`
    SELECT e.id, e.series_id, e.number, COALESCE(t.title, en.title) AS title, e.duration_ms, e.free, e.unlock_cost
    FROM episodes e JOIN series s ON s.id = e.series_id
    LEFT JOIN episode_translations t ON t.episode_id = e.id AND t.language = ${lang}
    LEFT JOIN episode_translations en ON en.episode_id = e.id AND en.language = 'en'
    WHERE e.series_id = ${seriesId} AND e.status = 'published' AND e.media_status = 'ready' AND s.status = 'published'
    ORDER BY e.number`.execute(db);
  return rows;
}

export async function episodeSeriesId(db: Kysely<DB>, episodeId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('episodes as e')
    .innerJoin('series as s', 's.id', 'e.series_id')
    .select('e.series_id')
    .where('e.id', '=', episodeId)
    .where('e.status', '=', 'published')
    .where('e.media_status', '=', 'ready')
    .where('s.status', '=', 'published')
    .executeTakeFirst();
  return row?.series_id;
}

/** Every series in the user's list. */
/** Every series in the viewer's list, most recently added first (a Set keeps that order). */
export async function favoriteSeriesIdsOf(db: Kysely<DB>, userId: string): Promise<ReadonlySet<number>> {
  const rows = await db
    .selectFrom('favorites')
    .select('series_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('series_id', 'desc')
    .execute();
  return new Set(rows.map((r) => r.series_id));
}

export async function favoriteSeriesIds(
  db: Kysely<DB>,
  userId: string,
  seriesIds: readonly number[],
): Promise<Set<number>> {
  if (seriesIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorites')
    .select('series_id')
    .where('user_id', '=', userId)
    .where('series_id', 'in', [...seriesIds])
    .execute();
  return new Set(rows.map((r) => r.series_id));
}

export interface SearchHit {
  id: number;
  score: number;
}

/** What a series gains when one of its categories matches: below a title match, above a synopsis one. */
const TAG_SCORE = 0.75;

/** Word similarity a title needs to a typed word for the word to have found it. */
const TITLE_SIMILARITY = 0.4;

/**
 * Full-text search (each translation in its own language's configuration, last word as a prefix)
 * plus trigram word similarity on titles, so a typo or a partial word still finds the series, plus
 * the series of every category whose name matches in any of its languages ("ceo" finds the series of
 * "Billionaires & CEOs"). Matches in the viewer's language rank a little higher.
 *
 * The matching translations are found first, one indexed branch per way of matching (a language's
 * text search; `<%` and LIKE on the title's trigram index), and only those are scored.
 */
export async function searchSeriesIds(
  db: Kysely<DB>,
  keyword: string,
  tsquery: string | null,
  lang: Language,
  { offset, limit }: Paging,
): Promise<number[]> {
  const needle = keyword.toLowerCase();
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byText = tsquery
    ? LANGUAGES.map(
        (l) => sql`SELECT series_id, language FROM series_translations
          WHERE language = ${sql.lit(l)} AND search_vector @@ to_tsquery(search_config(${sql.lit(l)}), ${tsquery}::text)`,
      )
    : [];
  const matched = sql.join(
    [
      ...byText,
      // `<%` finds candidates on the index at a threshold just below the rule; the rule itself decides.
      sql`SELECT series_id, language FROM series_translations
        WHERE ${needle} <% lower(title) AND word_similarity(${needle}, lower(title)) >= ${TITLE_SIMILARITY}`,
      sql`SELECT series_id, language FROM series_translations WHERE lower(title) LIKE ${like}`,
    ],
    sql` UNION `,
  );
  // Category names are few (a row per category and language): matching them costs little, and the
  // series of the matching ones come through series_tags' index.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TITLE_SIMILARITY - 0.01)}, true)`.execute(
      trx,
    );
    return sql<SearchHit>`
    WITH matched AS (${matched}), text_hits AS (
      SELECT st.series_id, max(
        CASE WHEN ${tsquery}::text IS NOT NULL AND st.search_vector @@ to_tsquery(search_config(st.language), ${tsquery}::text)
          THEN 1 + ts_rank(st.search_vector, to_tsquery(search_config(st.language), ${tsquery}::text)) ELSE 0 END
        + word_similarity(${needle}, lower(st.title))
        + CASE WHEN lower(st.title) LIKE ${like} THEN 0.5 ELSE 0 END
        + CASE WHEN st.language = ${lang} THEN 0.05 ELSE 0 END
      ) AS score
      FROM matched m JOIN series_translations st ON st.series_id = m.series_id AND st.language = m.language
      GROUP BY st.series_id
    ), tag_hits AS (
      SELECT DISTINCT sg.series_id FROM series_tags sg
      WHERE sg.tag_id = ANY(ARRAY(
        SELECT tt.tag_id FROM tag_translations tt
        WHERE (${tsquery}::text IS NOT NULL
            AND to_tsvector(search_config(tt.language), tt.name) @@ to_tsquery(search_config(tt.language), ${tsquery}::text))
          OR word_similarity(${needle}, lower(tt.name)) >= 0.6))
    )
    SELECT s.id, COALESCE(h.score, 0) + CASE WHEN g.series_id IS NULL THEN 0 ELSE ${TAG_SCORE}::float8 END AS score
    FROM text_hits h FULL JOIN tag_hits g ON g.series_id = h.series_id
    JOIN series s ON s.id = COALESCE(h.series_id, g.series_id)
    WHERE ${visible}
    ORDER BY score DESC, s.id
    OFFSET ${offset} LIMIT ${limit}`.execute(trx);
  });
  return rows.map((r) => r.id);
}
