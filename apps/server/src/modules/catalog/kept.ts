import type { Kysely } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { AccessService } from '../access/index';
import type { EpisodeRow, SeriesCardRow } from './catalog.repository';
import { archivedSeriesCards, episodeRows } from './kept.repository';

/**
 * Archived content a viewer keeps (what they unlocked before it was archived), shown to them alone.
 * Read per viewer and never put in the catalog's shared cache, so nobody else is served it.
 */
export function createKept(deps: { db: Kysely<DB>; access: Pick<AccessService, 'keptEpisodes'> }) {
  const { db, access } = deps;

  /** The archived episodes of a series this viewer keeps, by number. */
  async function episodes(seriesId: number, lang: Language, userId: string | null): Promise<EpisodeRow[]> {
    if (!userId) return [];
    const ids = (await access.keptEpisodes(userId, { seriesIds: [seriesId] })).map((e) => e.id);
    return episodeRows(db, ids, lang);
  }

  /** The series of an archived episode this viewer keeps (undefined for anything else). */
  async function seriesOfEpisode(episodeId: number, userId: string | null): Promise<number | undefined> {
    return (await access.keptEpisodes(userId, { episodeId }))[0]?.seriesId;
  }

  /** Number and duration (seconds) of an archived episode this viewer keeps (undefined for anything else). */
  async function summary(
    episodeId: number,
    userId: string | null,
  ): Promise<{ seriesId: number; number: number; duration: number } | undefined> {
    if (!userId) return undefined;
    const [own] = await access.keptEpisodes(userId, { episodeId });
    if (!own) return undefined;
    const [row] = await episodeRows(db, [own.id], 'en');
    return row && { seriesId: row.series_id, number: row.number, duration: row.duration_ms / 1000 };
  }

  /** Archived series' card rows for a viewer who keeps episodes of them, counting those episodes. */
  async function cardRows(ids: readonly number[], lang: Language, userId: string | null): Promise<SeriesCardRow[]> {
    if (!userId || ids.length === 0) return [];
    const count = new Map<number, number>();
    for (const e of await access.keptEpisodes(userId, { seriesIds: ids })) {
      count.set(e.seriesId, (count.get(e.seriesId) ?? 0) + 1);
    }
    const rows = await archivedSeriesCards(db, [...count.keys()], lang);
    return rows.map((r) => ({ ...r, episode_count: count.get(r.id) ?? 0, free_count: 0 }));
  }

  return { episodes, seriesOfEpisode, summary, cardRows };
}
