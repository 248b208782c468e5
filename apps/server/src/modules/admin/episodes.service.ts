import type { Transaction } from 'kysely';
import type {
  AdminEpisode,
  AdminEpisodeInput,
  AdminEpisodePricing,
  AdminMediaJob,
  AdminPublishStatus,
  AdminSeries,
  Language,
} from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkNames, checkUnique, FieldCheck } from './input-rules';
import * as repo from './content.repository';

const DEFAULT_UNLOCK_COST = 50;

type EpisodeSnapshot = {
  number: number;
  status: string;
  free: boolean;
  unlockCost: number;
  titles: Partial<Record<Language, string>>;
};

/** An episode as the console shows it, with its titles and latest media job. */
export function episodeDto(
  e: repo.EpisodeAdminRow,
  titles: { episode_id: number; language: Language; title: string }[],
  jobs: Map<number, AdminMediaJob>,
  mediaUrl: AdminDeps['mediaUrl'],
): AdminEpisode {
  return {
    id: e.id,
    seriesId: e.series_id,
    number: e.number,
    status: e.status,
    archivedAt: e.archived_at?.toISOString() ?? null,
    free: e.free,
    unlockCost: e.unlock_cost,
    duration: Math.round(e.duration_ms / 100) / 10,
    mediaStatus: e.media_status,
    mediaError: e.media_error,
    thumbnail: mediaUrl(e.thumbnail_key),
    titles: Object.fromEntries(titles.filter((t) => t.episode_id === e.id).map((t) => [t.language, t.title])),
    playCount: Number(e.play_count),
    unlocks: Number(e.unlocks),
    job: jobs.get(e.id) ?? null,
  };
}

/**
 * A series' episodes as operators edit them: every change audited, every commit clears the viewers'
 * catalog caches. Changes to the whole list answer the series again (`getSeries`).
 */
export function createEpisodesService(deps: AdminDeps, getSeries: (id: number) => Promise<AdminSeries>) {
  const { db } = deps;

  async function episodeSnapshot(
    trx: Transaction<DB>,
    id: number,
  ): Promise<(EpisodeSnapshot & { seriesId: number; mediaStatus: string }) | undefined> {
    const row = await repo.lockEpisode(trx, id);
    if (!row) return undefined;
    const titles = await repo.episodeTitles(trx, [id]);
    return {
      seriesId: row.series_id,
      number: row.number,
      status: row.status,
      free: row.free,
      unlockCost: row.unlock_cost,
      mediaStatus: row.media_status,
      titles: Object.fromEntries(titles.map((t) => [t.language, t.title])),
    };
  }

  function checkEpisodeInput(input: AdminEpisodeInput, resulting: { free: boolean; unlockCost: number }) {
    const check = new FieldCheck();
    const titles = checkNames(check, 'titles', input.titles, false);
    // A locked episode must cost something: an unlock of 0 coins would be no sale at all.
    if (!resulting.free && resulting.unlockCost < 1)
      check.add('unlockCost', 'too_small', 'A locked episode needs a price of at least 1 coin (or make it free).');
    check.check();
    return titles;
  }

  async function getEpisode(id: number): Promise<AdminEpisode> {
    const row = await repo.episodeById(db, id);
    if (!row) throw notFound('not_found', 'There is no such episode.');
    const [titles, jobs] = await Promise.all([repo.episodeTitles(db, [id]), repo.latestJobs(db, [id])]);
    return episodeDto(row, titles, jobs, deps.mediaUrl);
  }

  /** Adds a draft episode at the end of a series (its video comes after). */
  async function createEpisode(operator: Operator, seriesId: number, input: AdminEpisodeInput): Promise<AdminEpisode> {
    const id = await db.transaction().execute(async (trx) => {
      if (!(await repo.lockSeriesId(trx, seriesId))) throw notFound('not_found', 'There is no such series.');
      const last = await repo.lastEpisode(trx, seriesId);
      const free = input.free ?? false;
      const unlockCost = input.unlockCost ?? (last && last.unlock_cost > 0 ? last.unlock_cost : DEFAULT_UNLOCK_COST);
      const titles = checkEpisodeInput(input, { free, unlockCost });
      const number = (last?.number ?? 0) + 1;
      const episodeId = await repo.insertDraftEpisode(trx, { seriesId, number, free, unlockCost });
      await repo.replaceEpisodeTitles(trx, episodeId, titles ?? {});
      await repo.touchSeries(trx, seriesId);
      const after = await episodeSnapshot(trx, episodeId);
      await writeAudit(trx, operator, {
        action: 'episode.create',
        targetType: 'episode',
        targetId: episodeId,
        summary: `Added episode ${number} to series ${seriesId}`,
        after,
      });
      return episodeId;
    });
    await deps.invalidateCatalog();
    return getEpisode(id);
  }

  /** Changes an episode's titles, free flag or price. */
  async function updateEpisode(operator: Operator, id: number, input: AdminEpisodeInput): Promise<AdminEpisode> {
    await db.transaction().execute(async (trx) => {
      const before = await episodeSnapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such episode.');
      const free = input.free ?? before.free;
      const unlockCost = input.unlockCost ?? before.unlockCost;
      const titles = checkEpisodeInput(input, { free, unlockCost });
      await repo.setEpisodePrice(trx, id, free, unlockCost);
      if (titles) await repo.replaceEpisodeTitles(trx, id, titles);
      await repo.touchSeries(trx, before.seriesId);
      const after = await episodeSnapshot(trx, id);
      await writeAudit(trx, operator, {
        action: 'episode.update',
        targetType: 'episode',
        targetId: id,
        summary: `Edited episode ${before.number} of series ${before.seriesId}`,
        before,
        after,
      });
    });
    await deps.invalidateCatalog();
    return getEpisode(id);
  }

  /** Publishes (only once its video is ready) or unpublishes an episode. */
  async function setEpisodeStatus(operator: Operator, id: number, status: AdminPublishStatus): Promise<AdminEpisode> {
    await db.transaction().execute(async (trx) => {
      const before = await episodeSnapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such episode.');
      if (before.status === status) return;
      if (before.status === 'archived')
        throw conflict(
          'not_allowed_now',
          `Episode ${before.number} is archived: restore it first, then publish or unpublish it.`,
        );
      if (status === 'published' && before.mediaStatus !== 'ready') {
        throw conflict(
          'episode_not_ready',
          `Episode ${before.number} has no ready video yet: upload one and wait for it to be packaged before publishing.`,
        );
      }
      await repo.setEpisodeStatusRow(trx, id, status);
      await repo.touchSeries(trx, before.seriesId);
      const verb = status === 'published' ? 'publish' : 'unpublish';
      await writeAudit(trx, operator, {
        action: `episode.${verb}`,
        targetType: 'episode',
        targetId: id,
        summary: `${status === 'published' ? 'Published' : 'Unpublished'} episode ${before.number} of series ${before.seriesId}`,
        before: { status: before.status },
        after: { status },
      });
    });
    await deps.invalidateCatalog();
    return getEpisode(id);
  }

  /** Renumbers a series' episodes in the given order (every episode listed once). */
  async function reorderEpisodes(operator: Operator, seriesId: number, episodeIds: number[]): Promise<AdminSeries> {
    const check = new FieldCheck();
    checkUnique(check, 'episodeIds', episodeIds);
    check.check();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.lockSeriesId(trx, seriesId))) throw notFound('not_found', 'There is no such series.');
      const current = await repo.episodeNumbers(trx, seriesId);
      const known = new Set(current.map((e) => e.id));
      if (episodeIds.length !== current.length || episodeIds.some((e) => !known.has(e))) {
        throw conflict('changed_meanwhile', 'The episode list changed meanwhile: reload the series and reorder again.');
      }
      await repo.renumberEpisodes(trx, seriesId, episodeIds);
      await repo.touchSeries(trx, seriesId);
      await writeAudit(trx, operator, {
        action: 'series.reorder-episodes',
        targetType: 'series',
        targetId: seriesId,
        summary: `Reordered the episodes of series ${seriesId}`,
        before: { episodeIds: current.map((e) => e.id) },
        after: { episodeIds },
      });
    });
    await deps.invalidateCatalog();
    return getSeries(seriesId);
  }

  /** Prices a whole series at once: the first episodes free, the others at one price. */
  async function priceEpisodes(
    operator: Operator,
    seriesId: number,
    pricing: AdminEpisodePricing,
  ): Promise<AdminSeries> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.lockSeriesId(trx, seriesId))) throw notFound('not_found', 'There is no such series.');
      const before = await repo.episodePrices(trx, seriesId);
      await repo.priceSeriesEpisodes(trx, seriesId, pricing.freeEpisodes, pricing.unlockCost);
      await repo.touchSeries(trx, seriesId);
      await writeAudit(trx, operator, {
        action: 'series.price-episodes',
        targetType: 'series',
        targetId: seriesId,
        summary: `Set episodes 1–${pricing.freeEpisodes} free and the others at ${pricing.unlockCost} coins in series ${seriesId}`,
        before: {
          episodes: before.map((e) => ({ id: e.id, number: e.number, free: e.free, unlockCost: e.unlock_cost })),
        },
        after: pricing,
      });
    });
    await deps.invalidateCatalog();
    return getSeries(seriesId);
  }

  return { getEpisode, createEpisode, updateEpisode, setEpisodeStatus, reorderEpisodes, priceEpisodes };
}
