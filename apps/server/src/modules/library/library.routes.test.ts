import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, Page, Series, SeriesDetail, UnlockedSeries } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

/** A new guest's session token. */
const viewer = async (): Promise<string> => (await newGuest(t)).token;

function call<T = unknown>(token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app
    .inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} })
    .then((res) => envelope<T>(res));
}

describe('favorites', () => {
  it('adds, lists (newest first), flags and removes — idempotently', async () => {
    const me = await viewer();
    expect((await call(me, 'POST', '/api/user/favorite', { seriesId: f.series.palace })).code).toBe(200);
    await call(me, 'POST', '/api/user/favorite', { seriesId: f.series.wolf });
    await call(me, 'POST', '/api/user/favorite', { seriesId: f.series.wolf });
    const list = await call<Page<Series>>(me, 'GET', '/api/user/favorite');
    expect(list.data.items.map((s) => [s.id, s.favorite])).toEqual([
      [f.series.wolf, true],
      [f.series.palace, true],
    ]);
    const detail = await call<SeriesDetail>(me, 'GET', `/api/video?id=${f.series.wolf}`);
    expect(detail.data.favorite).toBe(true);
    await call(me, 'DELETE', `/api/user/favorite?seriesId=${f.series.wolf}`);
    await call(me, 'DELETE', `/api/user/favorite?seriesId=${f.series.wolf}`);
    expect((await call<Page<Series>>(me, 'GET', '/api/user/favorite')).data.items.map((s) => s.id)).toEqual([
      f.series.palace,
    ]);
  });

  it('pages the list', async () => {
    const me = await viewer();
    for (const id of [f.series.ceo, f.series.wolf, f.series.palace])
      await call(me, 'POST', '/api/user/favorite', { seriesId: id });
    const first = await call<Page<Series>>(me, 'GET', '/api/user/favorite?pageSize=2');
    const second = await call<Page<Series>>(me, 'GET', '/api/user/favorite?pageSize=2&page=2');
    expect(first.data.hasMore).toBe(true);
    expect(second.data).toMatchObject({ hasMore: false });
    expect(second.data.items.map((s) => s.id)).toEqual([f.series.ceo]);
  });

  it('refuses series that are not available', async () => {
    const me = await viewer();
    expect((await call(me, 'POST', '/api/user/favorite', { seriesId: f.series.draft })).code).toBe(404);
    expect((await call(me, 'POST', '/api/user/favorite', { seriesId: 999999 })).code).toBe(404);
  });

  it('keeps each viewer’s list to themselves', async () => {
    const a = await viewer();
    const b = await viewer();
    await call(a, 'POST', '/api/user/favorite', { seriesId: f.series.ceo });
    expect((await call<Page<Series>>(b, 'GET', '/api/user/favorite')).data.items).toEqual([]);
    await call(b, 'DELETE', `/api/user/favorite?seriesId=${f.series.ceo}`);
    expect((await call<Page<Series>>(a, 'GET', '/api/user/favorite')).data.items.map((s) => s.id)).toEqual([
      f.series.ceo,
    ]);
    const home = await call<{ featured: Series[] }>(b, 'GET', '/api/homepage');
    expect(home.data.featured.find((s) => s.id === f.series.ceo)?.favorite).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/user/favorite')).code).toBe(401);
    expect((await call(null, 'POST', '/api/user/favorite', { seriesId: f.series.ceo })).code).toBe(401);
  });
});

describe('watch history', () => {
  it('keeps one entry per series with the last episode and position, most recent first', async () => {
    const me = await viewer();
    await call(me, 'POST', '/api/user/history', { episodeId: f.episodes.ceo[0], position: 30 });
    await call(me, 'POST', '/api/user/history', { episodeId: f.episodes.palace[1], position: 12.5 });
    await call(me, 'POST', '/api/user/history', { episodeId: f.episodes.ceo[2], position: 41.2, finished: false });
    const { data } = await call<Page<HistoryEntry>>(me, 'GET', '/api/user/history');
    expect(data.items.map((e) => [e.series.id, e.episodeId, e.episodeNumber, e.position, e.duration])).toEqual([
      [f.series.ceo, f.episodes.ceo[2], 3, 41.2, 95],
      [f.series.palace, f.episodes.palace[1], 2, 12.5, 95],
    ]);
  });

  it('clamps a position past the end, and refuses unknown episodes and bad positions', async () => {
    const me = await viewer();
    await call(me, 'POST', '/api/user/history', { episodeId: f.episodes.wolf[0], position: 5000, finished: true });
    const { data } = await call<Page<HistoryEntry>>(me, 'GET', '/api/user/history');
    expect(data.items[0]).toMatchObject({ position: 95, finished: true });
    expect((await call(me, 'POST', '/api/user/history', { episodeId: 999999, position: 1 })).code).toBe(404);
    expect((await call(me, 'POST', '/api/user/history', { episodeId: f.episodes.wolf[0], position: -1 })).code).toBe(
      422,
    );
  });

  it('keeps each viewer’s history to themselves', async () => {
    const a = await viewer();
    const b = await viewer();
    await call(a, 'POST', '/api/user/history', { episodeId: f.episodes.ceo[0], position: 10 });
    expect((await call<Page<HistoryEntry>>(b, 'GET', '/api/user/history')).data.items).toEqual([]);
  });
});

describe('unlocked', () => {
  it('lists the series with unlocked episodes, the latest first, only for their viewer', async () => {
    const me = await viewer();
    const other = await viewer();
    const meId = envelope<{ id: string }>(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': me } }),
    ).data.id;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.db
      .insertInto('unlocks')
      .values([
        { user_id: meId, episode_id: f.episodes.ceo[4]!, created_at: at(30) },
        { user_id: meId, episode_id: f.episodes.ceo[5]!, created_at: at(20) },
        { user_id: meId, episode_id: f.episodes.wolf[3]!, created_at: at(10) },
      ])
      .execute();
    const list = await call<Page<UnlockedSeries>>(me, 'GET', '/api/user/unlocked');
    expect(list.data.items.map((u) => [u.series.id, u.unlockedEpisodes, u.lastEpisodeNumber])).toEqual([
      [f.series.wolf, 1, 4],
      [f.series.ceo, 2, 6],
    ]);
    const paged = await call<Page<UnlockedSeries>>(me, 'GET', '/api/user/unlocked?pageSize=1&page=2');
    expect(paged.data.items.map((u) => u.series.id)).toEqual([f.series.ceo]);
    expect(paged.data.hasMore).toBe(false);
    expect((await call<Page<UnlockedSeries>>(other, 'GET', '/api/user/unlocked')).data.items).toEqual([]);
    expect((await call(null, 'GET', '/api/user/unlocked')).code).toBe(401);
  });
});
