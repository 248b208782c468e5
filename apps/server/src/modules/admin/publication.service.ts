import type { AdminEpisode, AdminImpact, AdminSeries } from '@episodic/contract';
import { notFound } from '../../http/errors';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import * as content from './content.repository';
import * as repo from './publication.repository';

type Readers = { getSeries: (id: number) => Promise<AdminSeries>; getEpisode: (id: number) => Promise<AdminEpisode> };

/**
 * Taking series and episodes out of the app, with its impact shown first. Unpublishing (the
 * content service) turns an item back into a draft that nobody can play; archiving takes it out
 * of the catalog, search, the homepage and lists, while each viewer who unlocked an episode keeps
 * playing it (the access rule): what was paid for is kept, nothing is refunded, members lose it.
 */
export function createPublicationService(deps: AdminDeps, read: Readers) {
  const { db } = deps;

  function places(rows: repo.HomepagePlaceRow[]): AdminImpact['homepage'] {
    return rows.map((r) => ({
      sectionId: r.section_id,
      title: r.title,
      kind: r.kind,
      active: r.active,
      position: r.position,
    }));
  }

  function counts(c: repo.ImpactCounts) {
    return {
      live: c.live,
      members: c.live ? c.members : 0,
      unlockers: c.unlockers,
      coinsSpent: c.coins_spent,
      inLists: c.in_lists,
      watching: c.watching,
    };
  }

  /** Who notices the series leaving the app (unpublished or archived). */
  async function seriesImpact(id: number): Promise<AdminImpact> {
    const c = await repo.seriesImpact(db, id);
    if (!c) throw notFound('not_found', 'There is no such series.');
    return {
      target: 'series',
      id,
      ...counts(c),
      homepage: places(await repo.homepagePlaces(db, id)),
      lastLiveEpisode: false,
    };
  }

  /** Who notices the episode leaving the app; the series' list and homepage places only when it leaves too. */
  async function episodeImpact(id: number): Promise<AdminImpact> {
    const c = await repo.episodeImpact(db, id);
    if (!c) throw notFound('not_found', 'There is no such episode.');
    const last = c.live && !c.others_live;
    return {
      target: 'episode',
      id,
      ...counts(c),
      // A free episode plays for everyone: members lose nothing they would not have without membership.
      members: c.live && !c.free ? c.members : 0,
      inLists: last ? c.in_lists : 0,
      homepage: last ? places(await repo.homepagePlaces(db, c.series_id)) : [],
      lastLiveEpisode: last,
    };
  }

  async function archiveSeries(operator: Operator, id: number, archive: boolean): Promise<AdminSeries> {
    const impact = archive ? await seriesImpact(id) : undefined;
    const changed = await db.transaction().execute(async (trx) => {
      const before = await content.lockSeries(trx, id);
      if (!before) throw notFound('not_found', 'There is no such series.');
      if ((before.status === 'archived') === archive) return false;
      if (archive) await repo.archiveRow(trx, 'series', id);
      else await repo.restoreRow(trx, 'series', id);
      const after = await content.lockSeries(trx, id);
      const title = (await content.seriesSummary(trx, id))?.title ?? `#${id}`;
      await writeAudit(trx, operator, {
        action: archive ? 'series.archive' : 'series.restore',
        targetType: 'series',
        targetId: id,
        summary: archive
          ? `Archived series “${title}”: ${impact!.unlockers} viewers who unlocked episodes keep them`
          : `Restored series “${title}” as ${after!.status}`,
        before: { status: before.status },
        after: { status: after!.status, ...(impact ? { impact } : {}) },
      });
      return true;
    });
    if (changed) await deps.invalidateCatalog();
    return read.getSeries(id);
  }

  async function archiveEpisode(operator: Operator, id: number, archive: boolean): Promise<AdminEpisode> {
    const impact = archive ? await episodeImpact(id) : undefined;
    const changed = await db.transaction().execute(async (trx) => {
      const before = await content.lockEpisode(trx, id);
      if (!before) throw notFound('not_found', 'There is no such episode.');
      if ((before.status === 'archived') === archive) return false;
      if (archive) await repo.archiveRow(trx, 'episodes', id);
      else await repo.restoreRow(trx, 'episodes', id);
      await content.touchSeries(trx, before.series_id);
      const after = await content.lockEpisode(trx, id);
      const name = `episode ${before.number} of series ${before.series_id}`;
      await writeAudit(trx, operator, {
        action: archive ? 'episode.archive' : 'episode.restore',
        targetType: 'episode',
        targetId: id,
        summary: archive
          ? `Archived ${name}: ${impact!.unlockers} viewers who unlocked it keep it`
          : `Restored ${name} as ${after!.status}`,
        before: { status: before.status },
        after: { status: after!.status, ...(impact ? { impact } : {}) },
      });
      return true;
    });
    if (changed) await deps.invalidateCatalog();
    return read.getEpisode(id);
  }

  return {
    seriesImpact,
    episodeImpact,
    archiveSeries: (operator: Operator, id: number) => archiveSeries(operator, id, true),
    restoreSeries: (operator: Operator, id: number) => archiveSeries(operator, id, false),
    archiveEpisode: (operator: Operator, id: number) => archiveEpisode(operator, id, true),
    restoreEpisode: (operator: Operator, id: number) => archiveEpisode(operator, id, false),
  };
}

export type PublicationService = ReturnType<typeof createPublicationService>;
