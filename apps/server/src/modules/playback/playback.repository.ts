import type { Kysely } from 'kysely';
import type { DB, Rendition } from '../../db/schema';
import type { SubtitleLanguage } from '../../media/index';

/** The packaged media of an episode (nulls when it has none yet). */
export interface EpisodeMedia {
  id: number;
  prefix: string | null;
  key: Buffer | null;
  renditions: Rendition[] | null;
  posterKey: string | null;
  thumbnailKey: string | null;
}

/** The stored media of one episode; null when there is no such episode. */
export async function findEpisodeMedia(db: Kysely<DB>, episodeId: number): Promise<EpisodeMedia | null> {
  const row = await db
    .selectFrom('episodes as e')
    .leftJoin('episode_media as m', 'm.episode_id', 'e.id')
    .select(['e.id', 'm.prefix', 'm.key', 'm.renditions', 'm.poster_key', 'm.thumbnail_key'])
    .where('e.id', '=', episodeId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    prefix: row.prefix,
    key: row.key,
    renditions: row.renditions,
    posterKey: row.poster_key,
    thumbnailKey: row.thumbnail_key,
  };
}

/** The stored file of one subtitle language of an episode, or null. */
export async function findSubtitleKey(
  db: Kysely<DB>,
  episodeId: number,
  language: SubtitleLanguage,
): Promise<string | null> {
  const row = await db
    .selectFrom('episode_subtitles')
    .select('storage_key')
    .where('episode_id', '=', episodeId)
    .where('language', '=', language)
    .executeTakeFirst();
  return row?.storage_key ?? null;
}

export async function listSubtitles(
  db: Kysely<DB>,
  episodeId: number,
): Promise<{ language: string; storage_key: string }[]> {
  return db
    .selectFrom('episode_subtitles')
    .select(['language', 'storage_key'])
    .where('episode_id', '=', episodeId)
    .orderBy('language')
    .execute();
}
