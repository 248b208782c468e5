import type { Transaction } from 'kysely';
import {
  type AdminEpisode,
  type AdminEpisodeInput,
  type AdminEpisodePricing,
  type AdminMediaJob,
  type AdminPage,
  type AdminPublishStatus,
  type AdminSeries,
  type AdminSeriesInput,
  type AdminSeriesSummary,
  type AdminSeriesTexts,
  type Language,
} from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkNames, checkTexts, checkUnique, FieldCheck } from './input-rules';
import * as repo from './content.repository';

const COLOR = /^#[0-9a-f]{6}$/i;
const DEFAULT_UNLOCK_COST = 50;

type SeriesSnapshot = {
  status: string;
  texts: AdminSeriesTexts;
  accentColor: string | null;
  seriesPrice: number | null;
  tagIds: number[];
};
type EpisodeSnapshot = {
  number: number;
  status: string;
  free: boolean;
  unlockCost: number;
  titles: Partial<Record<Language, string>>;
};

/** Series and episodes as operators edit them: every change audited, every commit clears the viewers' catalog caches. */
export function createContentService(deps: AdminDeps) {
  const { db } = deps;

  function summaryDto(r: repo.SeriesSummaryRow, tags: { id: number; name: string }[]): AdminSeriesSummary {
    return {
      id: r.id,
      title: r.title,
      status: r.status,
      visible: r.visible,
      cover: deps.mediaUrl(r.cover_key),
      episodes: Number(r.episodes),
      publishedEpisodes: Number(r.published_episodes),
      readyEpisodes: Number(r.ready_episodes),
      playCount: Number(r.play_count),
      tags,
      publishedAt: r.published_at?.toISOString() ?? null,
      updatedAt: r.updated_at.toISOString(),
    };
  }

  async function withTags(rows: repo.SeriesSummaryRow[]): Promise<AdminSeriesSummary[]> {
    const refs = await repo.tagRefs(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      summaryDto(
        r,
        refs.filter((t) => t.series_id === r.id).map(({ id, name }) => ({ id, name })),
      ),
    );
  }

  /** Every series, drafts included, searchable by title (any language) or id. */
  async function listSeries(q: {
    page: number;
    pageSize: number;
    q?: string;
    status?: AdminPublishStatus;
    tagId?: number;
  }): Promise<AdminPage<AdminSeriesSummary>> {
    const rows = await repo.seriesPage(db, {
      text: q.q,
      status: q.status,
      tagId: q.tagId,
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize + 1,
    });
    return {
      items: await withTags(rows.slice(0, q.pageSize)),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
      total: rows[0] ? Number(rows[0].total) : 0,
    };
  }

  function episodeDto(
    e: repo.EpisodeAdminRow,
    titles: { episode_id: number; language: Language; title: string }[],
    jobs: Map<number, AdminMediaJob>,
  ): AdminEpisode {
    return {
      id: e.id,
      seriesId: e.series_id,
      number: e.number,
      status: e.status,
      free: e.free,
      unlockCost: e.unlock_cost,
      duration: Math.round(e.duration_ms / 100) / 10,
      mediaStatus: e.media_status,
      mediaError: e.media_error,
      thumbnail: deps.mediaUrl(e.thumbnail_key),
      titles: Object.fromEntries(titles.filter((t) => t.episode_id === e.id).map((t) => [t.language, t.title])),
      playCount: Number(e.play_count),
      unlocks: Number(e.unlocks),
      job: jobs.get(e.id) ?? null,
    };
  }

  /** One series with its texts in every language, its tags and its episodes. */
  async function getSeries(id: number): Promise<AdminSeries> {
    const row = await repo.seriesSummary(db, id);
    if (!row) throw notFound('not_found', 'There is no such series.');
    const [tags, texts, episodes] = await Promise.all([
      repo.tagRefs(db, [id]),
      repo.seriesTexts(db, id),
      repo.episodesOf(db, id),
    ]);
    const [titles, jobs] = await Promise.all([
      repo.episodeTitles(
        db,
        episodes.map((e) => e.id),
      ),
      repo.latestJobs(
        db,
        episodes.map((e) => e.id),
      ),
    ]);
    const tagList = tags.map(({ id: tagId, name }) => ({ id: tagId, name }));
    return {
      ...summaryDto(row, tagList),
      texts: Object.fromEntries(texts.map((t) => [t.language, { title: t.title, synopsis: t.synopsis }])),
      banner: deps.mediaUrl(row.banner_key),
      accentColor: row.accent_color,
      seriesPrice: row.series_price,
      tagIds: tagList.map((t) => t.id),
      createdAt: row.created_at.toISOString(),
      episodeList: episodes.map((e) => episodeDto(e, titles, jobs)),
    };
  }

  async function seriesSnapshot(trx: Transaction<DB>, id: number): Promise<SeriesSnapshot | undefined> {
    const row = await repo.lockSeries(trx, id);
    if (!row) return undefined;
    const texts = await repo.seriesTexts(trx, id);
    const tagIds = await repo.seriesTagIds(trx, id);
    return {
      status: row.status,
      texts: Object.fromEntries(texts.map((t) => [t.language, { title: t.title, synopsis: t.synopsis }])),
      accentColor: row.accent_color,
      seriesPrice: row.series_price,
      tagIds,
    };
  }

  async function checkSeriesInput(input: AdminSeriesInput, creating: boolean) {
    const check = new FieldCheck();
    const texts = checkTexts(check, 'texts', input.texts, 'synopsis', creating || input.texts !== undefined);
    let accentColor = input.accentColor;
    if (typeof accentColor === 'string') {
      accentColor = accentColor.trim() || null;
      if (accentColor && !COLOR.test(accentColor))
        check.add('accentColor', 'color_invalid', 'Use a color like #c0392b.');
    }
    if (input.tagIds) {
      checkUnique(check, 'tagIds', input.tagIds);
      const known = await repo.existingTagIds(db, input.tagIds);
      if (input.tagIds.some((t) => !known.has(t)))
        check.add('tagIds', 'no_longer_exists', 'A chosen tag no longer exists.');
    }
    check.check();
    return { texts, accentColor: accentColor?.toLowerCase() ?? accentColor };
  }

  const titleOf = (texts: AdminSeriesTexts | undefined) => texts?.en?.title ?? '(untitled)';

  /** Creates a draft series. */
  async function createSeries(operator: Operator, input: AdminSeriesInput): Promise<AdminSeries> {
    const { texts, accentColor } = await checkSeriesInput(input, true);
    const id = await db.transaction().execute(async (trx) => {
      const seriesId = await repo.insertDraftSeries(trx, {
        accentColor: accentColor ?? null,
        seriesPrice: input.seriesPrice ?? null,
      });
      await repo.replaceSeriesTexts(trx, seriesId, texts!);
      await repo.replaceSeriesTags(trx, seriesId, input.tagIds ?? []);
      const after = await seriesSnapshot(trx, seriesId);
      await writeAudit(trx, operator, {
        action: 'series.create',
        targetType: 'series',
        targetId: seriesId,
        summary: `Created series “${titleOf(after?.texts)}”`,
        after,
      });
      return seriesId;
    });
    await deps.invalidateCatalog();
    return getSeries(id);
  }

  /** Changes texts, color, price or tags; what is not given stays. */
  async function updateSeries(operator: Operator, id: number, input: AdminSeriesInput): Promise<AdminSeries> {
    const { texts, accentColor } = await checkSeriesInput(input, false);
    await db.transaction().execute(async (trx) => {
      const before = await seriesSnapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such series.');
      if (texts) await repo.replaceSeriesTexts(trx, id, texts);
      if (input.tagIds) await repo.replaceSeriesTags(trx, id, input.tagIds);
      await repo.updateSeriesRow(trx, id, {
        ...(accentColor !== undefined ? { accent_color: accentColor } : {}),
        ...(input.seriesPrice !== undefined ? { series_price: input.seriesPrice } : {}),
      });
      const after = await seriesSnapshot(trx, id);
      await writeAudit(trx, operator, {
        action: 'series.update',
        targetType: 'series',
        targetId: id,
        summary: `Edited series “${titleOf(after?.texts)}”`,
        before,
        after,
      });
    });
    await deps.invalidateCatalog();
    return getSeries(id);
  }

  /** Publishes or unpublishes a series; the first publication dates it for "newest". */
  async function setSeriesStatus(operator: Operator, id: number, status: AdminPublishStatus): Promise<AdminSeries> {
    await db.transaction().execute(async (trx) => {
      const before = await seriesSnapshot(trx, id);
      if (!before) throw notFound('not_found', 'There is no such series.');
      if (before.status === status) return;
      await repo.setSeriesStatusRow(trx, id, status);
      const verb = status === 'published' ? 'publish' : 'unpublish';
      await writeAudit(trx, operator, {
        action: `series.${verb}`,
        targetType: 'series',
        targetId: id,
        summary: `${status === 'published' ? 'Published' : 'Unpublished'} series “${titleOf(before.texts)}”`,
        before: { status: before.status },
        after: { status },
      });
    });
    await deps.invalidateCatalog();
    return getSeries(id);
  }

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
    return episodeDto(row, titles, jobs);
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

  return {
    listSeries,
    getSeries,
    createSeries,
    updateSeries,
    setSeriesStatus,
    getEpisode,
    createEpisode,
    updateEpisode,
    setEpisodeStatus,
    reorderEpisodes,
    priceEpisodes,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
