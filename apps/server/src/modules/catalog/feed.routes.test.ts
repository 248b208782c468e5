import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FeedItem, Page } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

function call<T = unknown>(token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app
    .inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} })
    .then((res) => envelope<T>(res));
}
const feed = (token: string | null, query = '') => call<Page<FeedItem>>(token, 'GET', `/api/video/feed${query}`);
const ids = (page: Page<FeedItem>) => page.items.map((i) => i.series.id);
const watch = (token: string, episodeId: number, position: number, finished = false) =>
  call(token, 'POST', '/api/user/history', { episodeId, position, finished });

describe('GET /api/video/feed', () => {
  it('gives visitors without a session the first episodes of every visible series, trending first', async () => {
    const { code, data } = await feed(null);
    expect(code).toBe(200);
    // No plays yet: the newest first (wolf 1 day, ceo 3, palace 10); drafts and unpackaged series left out.
    expect(ids(data)).toEqual([f.series.wolf, f.series.ceo, f.series.palace]);
    const wolf = data.items[0]!;
    expect(wolf.episode).toEqual({ id: f.episodes.wolf[0], number: 1, duration: 95 });
    expect(wolf.continueAt).toEqual({ number: 2, position: 0, saved: false });
    expect(wolf.series).toMatchObject({ title: 'Moonlight Alpha', episodeCount: 8, favorite: false });
  });

  it('ranks by plays for a new guest: the most played series comes first', async () => {
    await sql`INSERT INTO episode_plays (day, episode_id, viewer)
      SELECT current_date, ${f.episodes.palace[0]}, 'viewer-' || n FROM generate_series(1, 5) n`.execute(t.database.db);
    t.app.catalog.invalidate();
    const guest = (await newGuest(t)).token;
    expect(ids((await feed(guest)).data)).toEqual([f.series.palace, f.series.wolf, f.series.ceo]);
    expect(ids((await feed(null)).data)).toEqual([f.series.palace, f.series.wolf, f.series.ceo]);
    await sql`DELETE FROM episode_plays`.execute(t.database.db);
    t.app.catalog.invalidate();
  });

  it('pages without repeating a series', async () => {
    const first = await feed(null, '?pageSize=2');
    const second = await feed(null, '?pageSize=2&page=2');
    expect(first.data).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(second.data).toMatchObject({ page: 2, pageSize: 2, hasMore: false });
    expect([...ids(first.data), ...ids(second.data)].sort()).toEqual(
      [f.series.wolf, f.series.ceo, f.series.palace].sort(),
    );
    expect((await feed(null, '?page=3&pageSize=2')).data.items).toEqual([]);
  });

  it('ranks by the categories the viewer watched and continues where they are', async () => {
    const me = (await newGuest(t)).token;
    // Palace is Revenge: Moonlight Alpha (Romance and Revenge) comes first, Palace (under way) next.
    await watch(me, f.episodes.palace[2]!, 30);
    const { data } = await feed(me);
    expect(ids(data)).toEqual([f.series.wolf, f.series.palace, f.series.ceo]);
    const palace = data.items.find((i) => i.series.id === f.series.palace)!;
    expect(palace.episode.number).toBe(1);
    expect(palace.continueAt).toEqual({ number: 3, position: 30, saved: true });
  });

  it('puts a listed series not started yet first, with its list flag', async () => {
    const me = (await newGuest(t)).token;
    await call(me, 'POST', '/api/user/favorite', { seriesId: f.series.ceo });
    const { data } = await feed(me);
    expect(ids(data)).toEqual([f.series.ceo, f.series.wolf, f.series.palace]);
    expect(data.items[0]!.series.favorite).toBe(true);
  });

  it("carries each series' like count and the viewer's own like, fresh after a like (also past the guests' cache)", async () => {
    const me = (await newGuest(t)).token;
    const before = (await feed(null)).data.items.find((i) => i.series.id === f.series.ceo)!;
    expect(before.liked).toBe(false);
    await call(me, 'POST', '/api/video/like', { seriesId: f.series.ceo });
    const mine = (await feed(me)).data.items.find((i) => i.series.id === f.series.ceo)!;
    expect(mine).toMatchObject({ liked: true, likeCount: before.likeCount + 1 });
    const anyone = (await feed(null)).data.items.find((i) => i.series.id === f.series.ceo)!;
    expect(anyone).toMatchObject({ liked: false, likeCount: before.likeCount + 1 });
    await call(me, 'DELETE', `/api/video/like?seriesId=${String(f.series.ceo)}`);
  });

  it('leaves out the series the viewer finished, and continues after a finished episode', async () => {
    const me = (await newGuest(t)).token;
    await watch(me, f.episodes.wolf.at(-1)!, 95, true);
    await watch(me, f.episodes.palace[3]!, 95, true);
    const { data } = await feed(me);
    expect(ids(data)).not.toContain(f.series.wolf);
    expect(data.items.find((i) => i.series.id === f.series.palace)?.continueAt).toEqual({
      number: 5,
      position: 0,
      saved: true,
    });
    // Others still get it.
    expect(ids((await feed((await newGuest(t)).token)).data)).toContain(f.series.wolf);
  });

  it('refuses a bad page with field errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/video/feed?page=0' });
    expect(envelope(res).code).toBe(422);
  });
});
