import type { Transaction } from 'kysely';
import {
  type AdminContentStatus,
  type AdminPage,
  type AdminPublishStatus,
  type AdminSeries,
  type AdminSeriesInput,
  type AdminSeriesSummary,
  type AdminSeriesTexts,
  type AdminSeriesUpdate,
} from '@episodic/contract';
import type { SeriesSort, SortDirection } from '@episodic/contract/constants';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { checkTexts, checkUnique, FieldCheck } from './input-rules';
import * as repo from './content.repository';
import { createEpisodesService, episodeDto } from './episodes.service';

const COLOR = /^#[0-9a-f]{6}$/i;

type SeriesSnapshot = {
  status: string;
  texts: AdminSeriesTexts;
  accentColor: string | null;
  seriesPrice: number | null;
  tagIds: number[];
};
/** Series (and, through the episodes service, their episodes) as operators edit them: every change audited, every commit clears the viewers' catalog caches. */
export function createContentService(deps: AdminDeps) {
  const { db } = deps;

  function summaryDto(r: repo.SeriesSummaryRow, tags: { id: number; name: string }[]): AdminSeriesSummary {
    return {
      id: r.id,
      title: r.title,
      status: r.status,
      archivedAt: r.archived_at?.toISOString() ?? null,
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
    status?: AdminContentStatus;
    tagId?: number;
    sort?: SeriesSort;
    dir?: SortDirection;
  }): Promise<AdminPage<AdminSeriesSummary>> {
    const rows = await repo.seriesPage(db, {
      text: q.q,
      status: q.status,
      tagId: q.tagId,
      sort: q.sort,
      dir: q.dir,
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
      detailsVersion: row.details_version,
      createdAt: row.created_at.toISOString(),
      episodeList: episodes.map((e) => episodeDto(e, titles, jobs, deps.mediaUrl)),
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

  /**
   * Changes texts, color, price or tags; what is not given stays. The edit names the details version
   * it started from and is refused once another save of the details came in between (the console's
   * form sends the whole form, so a stale one would put back what the other operator changed). The
   * version guards these fields only: artwork, episodes and publication (which also date the series'
   * `updated_at`) do not move it, so an operator who uploads a cover or adds an episode beside the
   * open form can still save it.
   */
  async function updateSeries(operator: Operator, id: number, input: AdminSeriesUpdate): Promise<AdminSeries> {
    const { texts, accentColor } = await checkSeriesInput(input, false);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.claimDetailsVersion(trx, id, input.detailsVersion))) {
        if (!(await repo.seriesExists(trx, id))) throw notFound('not_found', 'There is no such series.');
        throw conflict(
          'changed_meanwhile',
          'Someone else saved this series meanwhile. Reload to see their changes, then make yours again.',
        );
      }
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
      if (before.status === 'archived')
        throw conflict('not_allowed_now', 'This series is archived: restore it first, then publish or unpublish it.');
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

  return {
    listSeries,
    getSeries,
    createSeries,
    updateSeries,
    setSeriesStatus,
    ...createEpisodesService(deps, getSeries),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
