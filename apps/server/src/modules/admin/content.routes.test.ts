import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminEpisode,
  AdminPage,
  AdminSeries,
  AdminSeriesSummary,
  AdminTag,
  EpisodeListItem,
  SeriesDetail,
} from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers, operatorCookie, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { probeStreams } from '../../../test/media-fixtures';
import { mediaTools } from '../../media/index';

let t: TestApp;
let who: Callers;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;
let viewer: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await seedCatalogFixture(t.database.db);
  who = await createCallers(t);
  admin = caller(t, who.admin);
  viewer = caller(t, who.viewer);
});
afterAll(() => t.close());

const texts = {
  en: { title: 'Midnight Heiress', synopsis: 'She inherits a hotel, and its secrets.' },
  es: { title: 'La heredera de medianoche', synopsis: 'Hereda un hotel y sus secretos.' },
  pt: { title: 'A herdeira da meia-noite', synopsis: 'Ela herda um hotel e seus segredos.' },
  fy: { title: 'L’Héritière de minuit', synopsis: 'Elle hérite d’un hôtel et de ses secrets.' },
  dy: { title: 'Die Erbin um Mitternacht', synopsis: 'Sie erbt ein Hotel und seine Geheimnisse.' },
};

async function lastAudit(action?: string): Promise<AdminAuditEntry> {
  const page = await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit${action ? `?action=${action}` : ''}`);
  return page.data.items[0]!;
}

/** The details version a series is at, as the console's form reads it before a save. */
async function versionOf(id: number): Promise<number> {
  return (await admin.get<AdminSeries>(`/api/admin/series/${id}`)).data.detailsVersion;
}

/** Marks an episode's media as packaged, as the ingestion does at its end. */
async function markReady(episodeId: number): Promise<void> {
  await t.database.db
    .updateTable('episodes')
    .set({ media_status: 'ready', duration_ms: 90_000 })
    .where('id', '=', episodeId)
    .execute();
}

describe('series', () => {
  it('refuses a series without an English title, with a bad color or an unknown tag, and writes nothing', async () => {
    const before = await t.database.db
      .selectFrom('series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await admin.post('/api/admin/series', {
      texts: { es: { title: '', synopsis: 'Sin título' } },
      accentColor: 'red',
      tagIds: [999999],
    });
    expect(res.code).toBe(422);
    expect(res.fields).toEqual({
      'texts.es.title': 'Add a title for this language, or clear its text.',
      'texts.en.title': 'An English title is required.',
      accentColor: 'Use a color like #c0392b.',
      tagIds: 'A chosen tag no longer exists.',
    });
    const after = await t.database.db
      .selectFrom('series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const tooLong = await admin.post('/api/admin/series', { texts: { en: { title: 'x'.repeat(201), synopsis: '' } } });
    expect(tooLong.code).toBe(422);
    expect(tooLong.fields).toEqual({ 'texts.en.title': 'Must be at most 200 characters.' });
  });

  it('creates a draft in five languages, episodes, publishes them, and viewers see it at once', async () => {
    const created = await admin.post<AdminSeries>('/api/admin/series', {
      texts,
      accentColor: '#C0392B',
      seriesPrice: null,
      tagIds: [fx.tags.revenge, fx.tags.romance],
    });
    expect(created.code).toBe(200);
    const series = created.data;
    expect(series).toMatchObject({
      status: 'draft',
      visible: false,
      accentColor: '#c0392b',
      tagIds: [fx.tags.revenge, fx.tags.romance],
      episodes: 0,
    });
    expect(series.texts).toEqual(texts);
    expect((await lastAudit('series.create')).after).toMatchObject({ status: 'draft', texts });

    // Viewers do not see drafts; the newest list is cached before the publication.
    expect((await viewer.get(`/api/video?id=${series.id}`)).code).toBe(404);
    await viewer.get('/api/video?page=1&pageSize=50');

    const first = (
      await admin.post<AdminEpisode>(`/api/admin/series/${series.id}/episodes`, {
        titles: { en: 'The will' },
        free: true,
      })
    ).data;
    const second = (await admin.post<AdminEpisode>(`/api/admin/series/${series.id}/episodes`, {})).data;
    expect(first).toMatchObject({
      number: 1,
      status: 'draft',
      free: true,
      mediaStatus: 'none',
      titles: { en: 'The will' },
    });
    expect(second).toMatchObject({ number: 2, free: false, unlockCost: 50 });

    const early = await admin.post(`/api/admin/episodes/${first.id}/status`, { status: 'published' });
    expect(early).toMatchObject({ code: 409 });
    expect(early.message).toMatch(/no ready video/);

    await markReady(first.id);
    await markReady(second.id);
    expect(
      (await admin.post<AdminEpisode>(`/api/admin/episodes/${first.id}/status`, { status: 'published' })).data.status,
    ).toBe('published');
    expect(
      (await admin.post<AdminEpisode>(`/api/admin/episodes/${second.id}/status`, { status: 'published' })).data.status,
    ).toBe('published');
    const published = await admin.post<AdminSeries>(`/api/admin/series/${series.id}/status`, { status: 'published' });
    expect(published.data).toMatchObject({
      status: 'published',
      visible: true,
      publishedEpisodes: 2,
      readyEpisodes: 2,
    });
    expect(published.data.publishedAt).not.toBeNull();
    const audit = await lastAudit('series.publish');
    expect(audit).toMatchObject({
      targetType: 'series',
      targetId: String(series.id),
      before: { status: 'draft' },
      after: { status: 'published' },
      actor: { email: 'ops@episodic.test' },
    });

    const newest = await viewer.get<{ items: { id: number }[] }>('/api/video?page=1&pageSize=50');
    expect(newest.data.items[0]!.id).toBe(series.id);
    const detail = await viewer.get<SeriesDetail>(`/api/video?id=${series.id}&lang=es`);
    expect(detail.data).toMatchObject({ title: 'La heredera de medianoche', episodeCount: 2, freeEpisodes: 1 });

    // An edit shows at once, in the viewer's language; a language left out is removed.
    await admin.patch(`/api/admin/series/${series.id}`, {
      texts: { en: { title: 'Midnight Heiress (Director’s Cut)', synopsis: 'Longer.' }, es: texts.es },
      detailsVersion: series.detailsVersion,
    });
    expect((await viewer.get<SeriesDetail>(`/api/video?id=${series.id}`)).data.title).toBe(
      'Midnight Heiress (Director’s Cut)',
    );
    expect((await viewer.get<SeriesDetail>(`/api/video?id=${series.id}&lang=pt`)).data.title).toBe(
      'Midnight Heiress (Director’s Cut)',
    );
    const edit = await lastAudit('series.update');
    expect((edit.before as { texts: object }).texts).toEqual(texts);
    expect(Object.keys((edit.after as { texts: object }).texts)).toEqual(['en', 'es']);

    // Unpublishing hides it again.
    await admin.post(`/api/admin/series/${series.id}/status`, { status: 'draft' });
    expect((await viewer.get(`/api/video?id=${series.id}`)).code).toBe(404);
  });

  it('sets and clears the whole-series price; a null is not taken for 0', async () => {
    const priced = await admin.patch<AdminSeries>(`/api/admin/series/${fx.series.wolf}`, {
      seriesPrice: 120,
      detailsVersion: await versionOf(fx.series.wolf),
    });
    expect(priced.data.seriesPrice).toBe(120);
    expect((await viewer.get<SeriesDetail>(`/api/video?id=${fx.series.wolf}`)).data.seriesPrice).toBe(120);
    const cleared = await admin.patch<AdminSeries>(`/api/admin/series/${fx.series.wolf}`, {
      seriesPrice: null,
      accentColor: null,
      detailsVersion: priced.data.detailsVersion,
    });
    expect(cleared.data).toMatchObject({ seriesPrice: null, accentColor: null });
    // 70 % of the six locked episodes at 50 coins each.
    expect((await viewer.get<SeriesDetail>(`/api/video?id=${fx.series.wolf}`)).data.seriesPrice).toBe(210);
    expect(
      await admin.patch(`/api/admin/series/${fx.series.wolf}`, {
        seriesPrice: 0,
        detailsVersion: cleared.data.detailsVersion,
      }),
    ).toMatchObject({
      code: 422,
      fields: { seriesPrice: 'Must be 1 or more.' },
    });
  });

  it('refuses a details save started from a version another save replaced; of two parallel saves exactly one goes through', async () => {
    const CHANGED = 'Someone else saved this series meanwhile. Reload to see their changes, then make yours again.';
    const created = await admin.post<AdminSeries>('/api/admin/series', {
      texts: { en: { title: 'Two Tabs', synopsis: 'Opened twice.' } },
    });
    const id = created.data.id;
    const url = `/api/admin/series/${id}`;
    const read = created.data.detailsVersion;
    const form = (title: string, seriesPrice: number | null, detailsVersion: number) => ({
      texts: { en: { title, synopsis: 'Opened twice.' } },
      accentColor: null,
      seriesPrice,
      tagIds: [],
      detailsVersion,
    });

    // B saves a price from the version both read; A's form, read before B's save, is refused, and B's price stays.
    const b = await admin.patch<AdminSeries>(url, form('Two Tabs', 90, read));
    expect(b.code).toBe(200);
    expect(b.data.detailsVersion).toBe(read + 1);
    const a = await admin.patch<AdminSeries>(url, form('Two Tabs (A)', null, read));
    expect(a).toMatchObject({ code: 409, reason: 'changed_meanwhile', message: CHANGED });
    expect((await admin.get<AdminSeries>(url)).data).toMatchObject({
      title: 'Two Tabs',
      seriesPrice: 90,
      detailsVersion: read + 1,
    });
    expect((await lastAudit('series.update')).after).toMatchObject({ seriesPrice: 90 });
    // The version is required, and a series that is gone is not found whatever the version.
    expect(await admin.patch(url, { seriesPrice: 80 })).toMatchObject({ code: 422 });
    expect(await admin.patch('/api/admin/series/999999', form('Gone', null, 1))).toMatchObject({ code: 404 });

    // Artwork, episodes and publication date the series but leave the details version: a form read
    // before them still saves.
    const picture = path.join(t.dataDir, 'two-tabs.png');
    await promisify(execFile)(mediaTools().ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=300x400',
      '-frames:v',
      '1',
      picture,
    ]);
    const cover = await t.app.inject({
      method: 'PUT',
      url: `${url}/artwork/cover`,
      headers: { 'content-type': 'image/png' },
      cookies: operatorCookie(who.admin),
      payload: await fs.readFile(picture),
    });
    expect((JSON.parse(cover.body) as { code: number }).code).toBe(200);
    expect((await admin.post(`${url}/episodes`, { titles: { en: 'Pilot' } })).code).toBe(200);
    expect((await admin.post(`${url}/status`, { status: 'published' })).code).toBe(200);
    const moved = await admin.get<AdminSeries>(url);
    expect(moved.data.updatedAt > b.data.updatedAt).toBe(true);
    expect(moved.data.detailsVersion).toBe(read + 1);
    const after = await admin.patch<AdminSeries>(url, form('Two Tabs', 95, read + 1));
    expect(after.code).toBe(200);

    // Two operators saving from the same version at once: one save, one refusal, the winner's fields stored.
    let version = after.data.detailsVersion;
    for (let round = 0; round < 4; round++) {
      const [first, second] = await Promise.all([
        admin.patch<AdminSeries>(url, form(`First ${round}`, 100 + round, version)),
        admin.patch<AdminSeries>(url, form(`Second ${round}`, 200 + round, version)),
      ]);
      expect([first.code, second.code].sort()).toEqual([200, 409]);
      const [won, lost] = first.code === 200 ? [first, second] : [second, first];
      expect(lost).toMatchObject({ reason: 'changed_meanwhile', message: CHANGED });
      const stored = (await admin.get<AdminSeries>(url)).data;
      expect(stored).toMatchObject({
        title: won.data.title,
        seriesPrice: won.data.seriesPrice,
        detailsVersion: version + 1,
      });
      version = stored.detailsVersion;
    }
  });

  it('lists and searches series, drafts included', async () => {
    const all = await admin.get<AdminPage<AdminSeriesSummary>>('/api/admin/series?pageSize=3');
    expect(all.data.items).toHaveLength(3);
    expect(all.data.total).toBeGreaterThanOrEqual(6);
    expect(all.data.hasMore).toBe(true);
    const drafts = await admin.get<AdminPage<AdminSeriesSummary>>('/api/admin/series?status=draft');
    expect(drafts.data.items.map((s) => s.title)).toContain('Unreleased Draft');
    const found = await admin.get<AdminPage<AdminSeriesSummary>>(
      `/api/admin/series?q=${encodeURIComponent('mondlicht')}`,
    );
    expect(found.data.items.map((s) => s.id)).toEqual([fx.series.wolf]);
    expect(found.data.items[0]).toMatchObject({
      visible: true,
      episodes: 8,
      tags: [{ name: 'Romance' }, { name: 'Revenge' }],
    });
    const byTag = await admin.get<AdminPage<AdminSeriesSummary>>(
      `/api/admin/series?tagId=${fx.tags.revenge}&pageSize=50`,
    );
    expect(byTag.data.items.map((s) => s.id)).toEqual(expect.arrayContaining([fx.series.wolf, fx.series.palace]));
  });
});

describe('episodes', () => {
  it('reorders episodes: the viewer list follows, and a stale list is refused', async () => {
    const ids = fx.episodes.palace;
    const reversed = [...ids].reverse();
    await viewer.get(`/api/video/episode?seriesId=${fx.series.palace}`);
    const res = await admin.put<AdminSeries>(`/api/admin/series/${fx.series.palace}/episode-order`, {
      episodeIds: reversed,
    });
    expect(res.data.episodeList.map((e) => e.id)).toEqual(reversed);
    expect(res.data.episodeList.map((e) => e.number)).toEqual(ids.map((_, i) => i + 1));
    const list = await viewer.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.palace}`);
    expect(list.data.map((e) => e.id)).toEqual(reversed);
    expect((await lastAudit('series.reorder-episodes')).after).toEqual({ episodeIds: reversed });

    const huge = await admin.put(`/api/admin/series/${fx.series.palace}/episode-order`, {
      episodeIds: [99_999_999_999],
    });
    expect(huge).toMatchObject({ status: 200, code: 422, fields: { 'episodeIds.0': 'Must be 2147483647 or less.' } });
    const stale = await admin.put(`/api/admin/series/${fx.series.palace}/episode-order`, {
      episodeIds: reversed.slice(1),
    });
    expect(stale.code).toBe(409);
    const twice = await admin.put(`/api/admin/series/${fx.series.palace}/episode-order`, {
      episodeIds: [ids[0], ...ids.slice(0, -1)],
    });
    expect(twice).toMatchObject({ code: 422, fields: { episodeIds: 'An item is listed twice.' } });
  });

  it('sets free or locked and prices; a locked episode costs at least a coin', async () => {
    const episodeId = fx.episodes.ceo[5]!;
    const zero = await admin.patch(`/api/admin/episodes/${episodeId}`, { free: false, unlockCost: 0 });
    expect(zero).toMatchObject({ code: 422, fields: { unlockCost: expect.stringMatching(/at least 1 coin/) } });
    const priced = await admin.patch<AdminEpisode>(`/api/admin/episodes/${episodeId}`, {
      unlockCost: 80,
      titles: { en: 'The ring', dy: 'Der Ring' },
    });
    expect(priced.data).toMatchObject({ free: false, unlockCost: 80, titles: { en: 'The ring', dy: 'Der Ring' } });
    const list = await viewer.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.ceo}&lang=dy`);
    expect(list.data.find((e) => e.id === episodeId)).toMatchObject({ cost: 80, title: 'Der Ring', free: false });
    expect(await lastAudit('episode.update')).toMatchObject({ before: { unlockCost: 50 }, after: { unlockCost: 80 } });

    const bulk = await admin.post<AdminSeries>(`/api/admin/series/${fx.series.ceo}/pricing`, {
      freeEpisodes: 3,
      unlockCost: 40,
    });
    expect(bulk.data.episodeList.map((e) => [e.number, e.free, e.unlockCost])).toEqual(
      fx.episodes.ceo.map((_, i) => [i + 1, i < 3, 40]),
    );
    const after = await viewer.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.ceo}`);
    expect(after.data.filter((e) => e.free)).toHaveLength(3);
    expect(after.data.at(-1)!.cost).toBe(40);
  });

  it('unpublishes an episode: it leaves the viewer list', async () => {
    const episodeId = fx.episodes.wolf[7]!;
    await admin.post(`/api/admin/episodes/${episodeId}/status`, { status: 'draft' });
    const list = await viewer.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.wolf}`);
    expect(list.data.map((e) => e.id)).not.toContain(episodeId);
    expect(await lastAudit('episode.unpublish')).toMatchObject({
      targetId: String(episodeId),
      after: { status: 'draft' },
    });
  });
});

describe('artwork', () => {
  it('stores an uploaded picture as the 3:4 cover under a new name and serves it', async () => {
    const file = path.join(t.dataDir, 'upload.png');
    await promisify(execFile)(mediaTools().ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=400x300',
      '-frames:v',
      '1',
      file,
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/series/${fx.series.wolf}/artwork/cover`,
      headers: { 'content-type': 'image/png' },
      cookies: operatorCookie(who.admin),
      payload: await fs.readFile(file),
    });
    const { code, data } = JSON.parse(res.body) as { code: number; data: { url: string } };
    expect(code).toBe(200);
    expect(data.url).toMatch(new RegExp(`^/media/covers/series-${fx.series.wolf}-[0-9a-f]{12}\\.jpg$`));
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const saved = path.join(t.dataDir, 'cover.jpg');
    await fs.writeFile(saved, served.rawPayload);
    expect((await probeStreams(saved))[0]).toMatchObject({ width: 540, height: 720 });
    expect((await viewer.get<SeriesDetail>(`/api/video?id=${fx.series.wolf}`)).data.cover).toBe(data.url);
    expect(await lastAudit('series.set-cover')).toMatchObject({
      before: { cover: 'covers/test.jpg' },
      after: { cover: data.url.replace('/media/', '') },
    });

    const junk = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/series/${fx.series.wolf}/artwork/banner`,
      headers: { 'content-type': 'image/jpeg' },
      cookies: operatorCookie(who.admin),
      payload: Buffer.from('not a picture'),
    });
    expect(JSON.parse(junk.body)).toMatchObject({
      code: 422,
      fields: { file: expect.stringMatching(/not a picture/) },
    });
  });
});

describe('tags', () => {
  it('creates, renames, reorders and deletes tags; ids stay unique', async () => {
    const created = await admin.post<AdminTag>('/api/admin/tags', {
      slug: 'ceo',
      names: { en: 'CEO', es: 'Millonarios' },
    });
    expect(created.data).toMatchObject({ slug: 'ceo', names: { en: 'CEO', es: 'Millonarios' }, series: 0 });
    expect((await admin.post('/api/admin/tags', { slug: 'ceo', names: { en: 'Again' } })).code).toBe(409);
    expect(await admin.post('/api/admin/tags', { slug: 'Not OK', names: {} })).toMatchObject({
      code: 422,
      fields: { slug: expect.stringMatching(/lower-case/), 'names.en': 'An English name is required.' },
    });

    const renamed = await admin.patch<AdminTag>(`/api/admin/tags/${created.data.id}`, {
      names: { en: 'Billionaires', es: 'Millonarios' },
    });
    expect(renamed.data.names.en).toBe('Billionaires');

    const tags = (await admin.get<AdminTag[]>('/api/admin/tags')).data;
    const order = [created.data.id, ...tags.filter((x) => x.id !== created.data.id).map((x) => x.id)];
    const reordered = await admin.put<AdminTag[]>('/api/admin/tag-order', { ids: order });
    expect(reordered.data.map((x) => x.id)).toEqual(order);

    await admin.patch(`/api/admin/series/${fx.series.palace}`, {
      tagIds: [created.data.id],
      detailsVersion: await versionOf(fx.series.palace),
    });
    const viewerTags = await viewer.get<{ id: number; name: string }[]>('/api/tag');
    expect(viewerTags.data[0]).toEqual({ id: created.data.id, name: 'Billionaires' });

    expect((await admin.del(`/api/admin/tags/${created.data.id}`)).code).toBe(200);
    expect((await viewer.get<{ id: number }[]>('/api/tag')).data.map((x) => x.id)).not.toContain(created.data.id);
    expect(await lastAudit('tag.delete')).toMatchObject({ before: { slug: 'ceo', seriesIds: [fx.series.palace] } });
  });
});
