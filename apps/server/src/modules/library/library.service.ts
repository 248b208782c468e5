import type { Kysely } from 'kysely';
import type { HistoryEntry, Language, Page, Series, UnlockedSeries } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { EventBus } from '../../events';
import { notFound } from '../../http/errors';
import type { CatalogService } from '../catalog/index';
import type { AccessService } from '../access/index';
import { filteredPage } from './filtered-page';
import * as repo from './library.repository';

export interface LibraryDeps {
  db: Kysely<DB>;
  catalog: Pick<CatalogService, 'seriesCards' | 'keptSeriesCards' | 'isVisible' | 'episodeSummary' | 'favoriteSeries'>;
  /** What the viewer unlocked (`/unlocked`). */
  access: Pick<AccessService, 'unlockedSeries'>;
  /** Where every progress report is announced (`episode.progressed`: the catalog counts plays from it). */
  events?: EventBus;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function createLibraryService({ db, catalog, access, events }: LibraryDeps) {
  events?.emits('episode.progressed');
  /** Adds a series to the viewer's list; adding twice keeps one entry. */
  async function addFavorite(userId: string, seriesId: number): Promise<void> {
    if (!(await catalog.isVisible(seriesId))) throw notFound('series_unavailable', 'This series is not available.');
    await repo.addFavorite(db, userId, seriesId);
  }

  /** Removes a series from the viewer's list; removing what is not there is not an error. */
  async function removeFavorite(userId: string, seriesId: number): Promise<void> {
    await repo.removeFavorite(db, userId, seriesId);
  }

  /** The viewer's list, most recently added first (series no longer shown are left out). */
  async function favorites(userId: string, lang: Language, request: PageRequest): Promise<Page<Series>> {
    // The whole list is kept in memory for the hearts on every card; a page is cut from it.
    const list = [...(await catalog.favoriteSeries(userId))];
    return filteredPage(
      async (offset, limit) => list.slice(offset, offset + limit),
      async (ids) => (await catalog.seriesCards(ids, lang, null)).map((s) => ({ ...s, favorite: true })),
      request,
    );
  }

  /** Records where the viewer is: the series' entry moves to this episode and position. */
  async function recordProgress(
    userId: string,
    input: { episodeId: number; position: number; finished: boolean },
    address = '',
  ): Promise<void> {
    // An archived episode the viewer keeps still records their progress; anyone else gets a 404.
    const episode = await catalog.episodeSummary(input.episodeId, userId);
    if (!episode) throw notFound('episode_unavailable', 'This episode is not available.');
    const positionMs = Math.round(Math.min(Math.max(input.position, 0), episode.duration || input.position) * 1000);
    await repo.upsertHistory(db, {
      userId,
      seriesId: episode.seriesId,
      episodeId: input.episodeId,
      positionMs,
      finished: input.finished,
    });
    await events?.emit('episode.progressed', {
      userId,
      episodeId: input.episodeId,
      position: positionMs / 1000,
      address,
    });
  }

  /** Continue watching: one entry per series, most recent first. */
  async function history(userId: string, lang: Language, request: PageRequest): Promise<Page<HistoryEntry>> {
    return filteredPage(
      (offset, limit) => repo.historyPage(db, userId, offset, limit),
      (rows) => historyEntries(rows, userId, lang),
      request,
    );
  }

  /** The entries of these history rows still shown to the viewer, in their order. */
  async function historyEntries(rows: repo.HistoryRow[], userId: string, lang: Language): Promise<HistoryEntry[]> {
    const cards = new Map(
      (
        await catalog.seriesCards(
          rows.map((r) => r.series_id),
          lang,
          userId,
        )
      ).map((s) => [s.id, s]),
    );
    // Archived since: shown only to a viewer who keeps the episode (checked per row below).
    const gone = [...new Set(rows.map((r) => r.series_id).filter((id) => !cards.has(id)))];
    for (const s of await catalog.keptSeriesCards(gone, lang, userId)) cards.set(s.id, s);
    const items: HistoryEntry[] = [];
    for (const row of rows) {
      const series = cards.get(row.series_id);
      const episode = series && (await catalog.episodeSummary(row.episode_id, userId));
      if (!series || !episode) continue;
      items.push({
        series,
        episodeId: row.episode_id,
        episodeNumber: episode.number,
        position: row.position_ms / 1000,
        duration: episode.duration,
        finished: row.finished,
        updatedAt: row.updated_at.toISOString(),
      });
    }
    return items;
  }

  /** What the viewer unlocked, by series, the latest unlock first. */
  async function unlocked(userId: string, lang: Language, request: PageRequest): Promise<Page<UnlockedSeries>> {
    return filteredPage(
      (offset, limit) => access.unlockedSeries(userId, offset, limit),
      async (rows) => {
        const ids = rows.map((r) => r.series_id);
        const cards = new Map((await catalog.seriesCards(ids, lang, userId)).map((s) => [s.id, s]));
        // Series archived since: listed only while the viewer keeps episodes of them.
        const gone = ids.filter((id) => !cards.has(id));
        for (const s of await catalog.keptSeriesCards(gone, lang, userId)) cards.set(s.id, s);
        return rows.flatMap((row): UnlockedSeries[] => {
          const series = cards.get(row.series_id);
          return series
            ? [
                {
                  series,
                  unlockedEpisodes: row.unlocked,
                  lastEpisodeNumber: row.last_number,
                  lastUnlockedAt: row.last_at.toISOString(),
                },
              ]
            : [];
        });
      },
      request,
    );
  }

  return { addFavorite, removeFavorite, favorites, recordProgress, history, unlocked };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
