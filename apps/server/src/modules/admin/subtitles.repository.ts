import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { SubtitleLanguage } from '../../media/index';

type Executor = Kysely<DB> | Transaction<DB>;

/** The episode (locked, inside a transaction, so two uploads of one episode take turns) and its video's length. */
export async function findEpisodeForSubtitles(
  db: Executor,
  episodeId: number,
  lock = false,
): Promise<{ id: number; number: number; duration_ms: number | null } | undefined> {
  const { rows } = await sql<{ id: number; number: number; duration_ms: number | null }>`
    SELECT e.id, e.number, m.duration_ms
    FROM episodes e LEFT JOIN episode_media m ON m.episode_id = e.id
    WHERE e.id = ${episodeId}
    ${lock ? sql`FOR UPDATE OF e` : sql``}`.execute(db);
  return rows[0];
}

export async function subtitleRows(
  db: Executor,
  episodeId: number,
): Promise<{ language: string; storage_key: string }[]> {
  return db
    .selectFrom('episode_subtitles')
    .select(['language', 'storage_key'])
    .where('episode_id', '=', episodeId)
    .orderBy('language')
    .execute();
}

/** Removes one language; answers the file it pointed at, or null when there was none. */
export async function deleteSubtitleRow(
  db: Executor,
  episodeId: number,
  language: SubtitleLanguage,
): Promise<string | null> {
  const row = await db
    .deleteFrom('episode_subtitles')
    .where('episode_id', '=', episodeId)
    .where('language', '=', language)
    .returning('storage_key')
    .executeTakeFirst();
  return row?.storage_key ?? null;
}
