import { sql, type Kysely } from 'kysely';
import type { DB, Rendition } from '../../db/schema';
import type { SubtitleLanguage } from '../../media/index';

export interface EpisodeAccess {
  id: number;
  published: boolean;
  free: boolean;
  /** The user holds an unlock row for the episode. */
  unlocked: boolean;
  prefix: string | null;
  key: Buffer | null;
  renditions: Rendition[] | null;
  posterKey: string | null;
  thumbnailKey: string | null;
}

/** Everything a playback decision needs about one episode, in one query. */
export async function findEpisodeAccess(db: Kysely<DB>, episodeId: number, userId: string | null): Promise<EpisodeAccess | null> {
  const row = await db
    .selectFrom('episodes as e')
    .innerJoin('series as s', 's.id', 'e.series_id')
    .leftJoin('episode_media as m', 'm.episode_id', 'e.id')
    .select([
      'e.id',
      'e.free',
      'm.prefix',
      'm.key',
      'm.renditions',
      'm.poster_key',
      'm.thumbnail_key',
      sql<boolean>`e.status = 'published' AND s.status = 'published'`.as('published'),
    ])
    .select((eb) =>
      userId
        ? eb.exists(eb.selectFrom('unlocks as u').select(sql`1`.as('one')).whereRef('u.episode_id', '=', 'e.id').where('u.user_id', '=', userId)).as('unlocked')
        : sql<boolean>`false`.as('unlocked'),
    )
    .where('e.id', '=', episodeId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    published: row.published,
    free: row.free,
    unlocked: Boolean(row.unlocked),
    prefix: row.prefix,
    key: row.key,
    renditions: row.renditions,
    posterKey: row.poster_key,
    thumbnailKey: row.thumbnail_key,
  };
}

/** The stored file of one subtitle language of an episode, or null. */
export async function findSubtitleKey(db: Kysely<DB>, episodeId: number, language: SubtitleLanguage): Promise<string | null> {
  const row = await db.selectFrom('episode_subtitles').select('storage_key').where('episode_id', '=', episodeId).where('language', '=', language).executeTakeFirst();
  return row?.storage_key ?? null;
}

export async function listSubtitles(db: Kysely<DB>, episodeId: number): Promise<{ language: string; storage_key: string }[]> {
  return db.selectFrom('episode_subtitles').select(['language', 'storage_key']).where('episode_id', '=', episodeId).orderBy('language').execute();
}
