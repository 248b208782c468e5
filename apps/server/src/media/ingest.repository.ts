import { sql, type Kysely } from 'kysely';
import type { DB, Rendition } from '../db/schema';
import type { SubtitleLanguage } from './subtitles';

export interface EpisodeMediaState {
  id: number;
  media_status: 'none' | 'processing' | 'ready' | 'failed';
  source_hash: string | null;
  prefix: string | null;
}

export async function findEpisodeMediaState(db: Kysely<DB>, episodeId: number): Promise<EpisodeMediaState | undefined> {
  return db
    .selectFrom('episodes as e')
    .leftJoin('episode_media as m', 'm.episode_id', 'e.id')
    .select(['e.id', 'e.media_status', 'm.source_hash', 'm.prefix'])
    .where('e.id', '=', episodeId)
    .executeTakeFirst();
}

// An episode with published media stays `ready` (listed and playing) whatever happens to a new
// source: only an episode without video shows its packaging in media_status.
const LIVE = sql<boolean>`EXISTS (SELECT 1 FROM episode_media m WHERE m.episode_id = episodes.id)`;

/** A packaging starts: an episode without video is `processing`; the previous failure is forgotten. */
export async function markPackaging(db: Kysely<DB>, episodeId: number): Promise<void> {
  await db
    .updateTable('episodes')
    .set({
      media_status: sql`CASE WHEN ${LIVE} THEN 'ready' ELSE 'processing' END`,
      media_error: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', episodeId)
    .execute();
}

/**
 * A packaging failed: the reason is kept for the operator; an episode without video is `failed`,
 * one with published media stays `ready` (the previous video is still live).
 */
export async function recordMediaFailure(db: Kysely<DB>, episodeId: number, error: string): Promise<void> {
  await db
    .updateTable('episodes')
    .set({
      media_status: sql`CASE WHEN ${LIVE} THEN 'ready' ELSE 'failed' END`,
      media_error: error,
      updated_at: sql`now()`,
    })
    .where('id', '=', episodeId)
    .execute();
}

/** The episode was deleted while its media was being packaged. */
export class EpisodeGoneError extends Error {
  constructor(episodeId: number) {
    super(`Episode ${episodeId} was deleted while its media was being packaged`);
    this.name = 'EpisodeGoneError';
  }
}

export interface SubtitleRecord {
  language: SubtitleLanguage;
  storageKey: string;
}

export interface PublishedMedia {
  episodeId: number;
  prefix: string;
  key: Buffer;
  sourceHash: string;
  width: number;
  height: number;
  durationMs: number;
  renditions: Rendition[];
  posterKey: string | null;
  thumbnailKey: string | null;
  subtitles: SubtitleRecord[];
}

/**
 * Switches an episode to new media in one transaction: the media row, its subtitles, its duration
 * and status. Answers what the switch made obsolete (the previous prefix, replaced subtitle files),
 * for the caller to delete once committed.
 */
export async function publishEpisodeMedia(
  db: Kysely<DB>,
  media: PublishedMedia,
): Promise<{ oldPrefix: string | null; replacedSubtitleKeys: string[] }> {
  return db.transaction().execute(async (trx) => {
    const episode = await trx
      .selectFrom('episodes')
      .select('id')
      .where('id', '=', media.episodeId)
      .forUpdate()
      .executeTakeFirst();
    if (!episode) throw new EpisodeGoneError(media.episodeId);
    const previous = await trx
      .selectFrom('episode_media')
      .select('prefix')
      .where('episode_id', '=', media.episodeId)
      .executeTakeFirst();
    const row = {
      prefix: media.prefix,
      key: media.key,
      source_hash: media.sourceHash,
      width: media.width,
      height: media.height,
      duration_ms: media.durationMs,
      renditions: JSON.stringify(media.renditions),
      poster_key: media.posterKey,
      thumbnail_key: media.thumbnailKey,
    };
    await trx
      .insertInto('episode_media')
      .values({ episode_id: media.episodeId, ...row })
      .onConflict((oc) => oc.column('episode_id').doUpdateSet({ ...row, created_at: sql`now()` }))
      .execute();
    const replacedSubtitleKeys = await upsertSubtitles(trx, media.episodeId, media.subtitles);
    await trx
      .updateTable('episodes')
      .set({ duration_ms: media.durationMs, media_status: 'ready', media_error: null, updated_at: sql`now()` })
      .where('id', '=', media.episodeId)
      .execute();
    return { oldPrefix: previous && previous.prefix !== media.prefix ? previous.prefix : null, replacedSubtitleKeys };
  });
}

/** Points each language at its new file; answers the files the rows pointed at before. */
export async function upsertSubtitles(
  db: Kysely<DB>,
  episodeId: number,
  subtitles: readonly SubtitleRecord[],
): Promise<string[]> {
  if (subtitles.length === 0) return [];
  const existing = await db
    .selectFrom('episode_subtitles')
    .select(['language', 'storage_key'])
    .where('episode_id', '=', episodeId)
    .where(
      'language',
      'in',
      subtitles.map((s) => s.language),
    )
    .execute();
  await db
    .insertInto('episode_subtitles')
    .values(subtitles.map((s) => ({ episode_id: episodeId, language: s.language, storage_key: s.storageKey })))
    .onConflict((oc) =>
      oc.columns(['episode_id', 'language']).doUpdateSet({ storage_key: (eb) => eb.ref('excluded.storage_key') }),
    )
    .execute();
  const kept = new Set(subtitles.map((s) => s.storageKey));
  return existing.map((e) => e.storage_key).filter((k) => !kept.has(k));
}

/** An episode's packaged media (it must have some) and its subtitles by language. */
export async function findEpisodeMedia(db: Kysely<DB>, episodeId: number) {
  const media = await db
    .selectFrom('episode_media')
    .select(['prefix', 'duration_ms', 'renditions', 'poster_key', 'thumbnail_key'])
    .where('episode_id', '=', episodeId)
    .executeTakeFirstOrThrow();
  const subtitles = await db
    .selectFrom('episode_subtitles')
    .select(['language', 'storage_key'])
    .where('episode_id', '=', episodeId)
    .orderBy('language')
    .execute();
  return { media, subtitles };
}
