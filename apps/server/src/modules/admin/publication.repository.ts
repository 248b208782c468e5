import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface ImpactCounts {
  live: boolean;
  members: number;
  unlockers: number;
  coins_spent: number;
  in_lists: number;
  watching: number;
}

export interface HomepagePlaceRow {
  section_id: number;
  title: string;
  kind: string;
  active: boolean;
  position: number;
}

/** Viewers with an active membership now (the rule `isMembershipActive`, as a count). */
const activeMembers = sql<number>`(SELECT count(*) FROM memberships m
  WHERE m.status = 'active' AND m.current_period_end > now())`;

/** What viewers see of a series: published, with a published, packaged episode (as the catalog decides). */
const seriesLive = (seriesId: number) => sql<boolean>`EXISTS (
  SELECT 1 FROM series s JOIN episodes e ON e.series_id = s.id
  WHERE s.id = ${seriesId} AND s.status = 'published' AND e.status = 'published' AND e.media_status = 'ready')`;

/** Who notices a series leaving the app; undefined when there is no such series. */
export async function seriesImpact(db: Executor, seriesId: number): Promise<ImpactCounts | undefined> {
  const { rows } = await sql<ImpactCounts>`
    SELECT ${seriesLive(seriesId)} AS live,
      ${activeMembers} AS members,
      (SELECT count(DISTINCT u.user_id) FROM unlocks u JOIN episodes e ON e.id = u.episode_id
        WHERE e.series_id = s.id) AS unlockers,
      -- Episodes bought one by one name the episode; a series unlock names the series (billing's reason).
      (SELECT COALESCE(-sum(l.delta), 0) FROM coin_ledger l
        WHERE l.kind = 'spend' AND (l.reason = 'series ' || s.id
          OR l.episode_id IN (SELECT e.id FROM episodes e WHERE e.series_id = s.id))) AS coins_spent,
      (SELECT count(*) FROM favorites f WHERE f.series_id = s.id) AS in_lists,
      (SELECT count(DISTINCT h.user_id) FROM watch_history h WHERE h.series_id = s.id AND NOT h.finished) AS watching
    FROM series s WHERE s.id = ${seriesId}`.execute(db);
  return rows[0] && numbers(rows[0]);
}

export interface EpisodeImpactRow extends ImpactCounts {
  series_id: number;
  free: boolean;
  /** Viewers can watch another episode of the series: the series stays in the app without this one. */
  others_live: boolean;
}

/** Who notices an episode leaving the app; undefined when there is no such episode. */
export async function episodeImpact(db: Executor, episodeId: number): Promise<EpisodeImpactRow | undefined> {
  const { rows } = await sql<EpisodeImpactRow>`
    SELECT e.series_id, e.free,
      (e.status = 'published' AND e.media_status = 'ready' AND s.status = 'published') AS live,
      EXISTS (SELECT 1 FROM episodes o WHERE o.series_id = e.series_id AND o.id <> e.id
        AND o.status = 'published' AND o.media_status = 'ready') AS others_live,
      ${activeMembers} AS members,
      (SELECT count(DISTINCT u.user_id) FROM unlocks u WHERE u.episode_id = e.id) AS unlockers,
      (SELECT COALESCE(-sum(l.delta), 0) FROM coin_ledger l WHERE l.kind = 'spend' AND l.episode_id = e.id) AS coins_spent,
      (SELECT count(*) FROM favorites f WHERE f.series_id = e.series_id) AS in_lists,
      (SELECT count(DISTINCT h.user_id) FROM watch_history h WHERE h.episode_id = e.id AND NOT h.finished) AS watching
    FROM episodes e JOIN series s ON s.id = e.series_id WHERE e.id = ${episodeId}`.execute(db);
  const row = rows[0];
  return row && { ...numbers(row), series_id: row.series_id, free: row.free, others_live: Boolean(row.others_live) };
}

function numbers(r: ImpactCounts): ImpactCounts {
  return {
    live: Boolean(r.live),
    members: Number(r.members),
    unlockers: Number(r.unlockers),
    coins_spent: Number(r.coins_spent),
    in_lists: Number(r.in_lists),
    watching: Number(r.watching),
  };
}

/** The hand-picked homepage places (featured and curated sections) that show a series. */
export async function homepagePlaces(db: Executor, seriesId: number): Promise<HomepagePlaceRow[]> {
  const { rows } = await sql<HomepagePlaceRow>`
    SELECT hs.id AS section_id, COALESCE(t.title, hs.slug) AS title, hs.kind, hs.active, i.position + 1 AS position
    FROM homepage_section_items i JOIN homepage_sections hs ON hs.id = i.section_id
    LEFT JOIN homepage_section_translations t ON t.section_id = hs.id AND t.language = 'en'
    WHERE i.series_id = ${seriesId}
    ORDER BY hs.position, hs.id`.execute(db);
  return rows.map((r) => ({ ...r, position: Number(r.position) }));
}

type ArchivableTable = 'series' | 'episodes';

/** Archives a row, keeping the status it had for a restore. */
export async function archiveRow(trx: Transaction<DB>, table: ArchivableTable, id: number): Promise<void> {
  await sql`UPDATE ${sql.table(table)}
    SET status = 'archived', archived_from = status, archived_at = now(), updated_at = now()
    WHERE id = ${id} AND status <> 'archived'`.execute(trx);
}

/** Puts an archived row back in the status it had. */
export async function restoreRow(trx: Transaction<DB>, table: ArchivableTable, id: number): Promise<void> {
  await sql`UPDATE ${sql.table(table)}
    SET status = archived_from, archived_from = NULL, archived_at = NULL, updated_at = now()
    WHERE id = ${id} AND status = 'archived'`.execute(trx);
}
