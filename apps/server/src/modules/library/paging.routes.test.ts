import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedEpisode, seedSeries } from '../../../test/media-fixtures';
import { callOk, grantCoins, newAccount, newAdmin, type Principal } from '../../../test/principals';

// A viewer's lists drop rows other modules hide (a series with no episode left, an archived series the
// viewer keeps nothing of): every page but the last is full, and walking the pages gives each item once.

let t: TestApp;
let viewer: Principal;
const series: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const admin = await newAdmin(t);
  viewer = await newAccount(t, 'pager');
  await grantCoins(t, viewer.id!, 1000);
  const firsts: number[] = [];
  const locked: number[] = [];
  for (let i = 1; i <= 9; i++) {
    const id = await seedSeries(db, { title: `Paged ${i}` });
    series.push(id);
    firsts.push(await seedEpisode(db, id, 1, { free: true }));
    locked.push(await seedEpisode(db, id, 2, { cost: 10 }));
  }
  await db
    .updateTable('episodes')
    .set({ media_status: 'ready', duration_ms: 60_000 })
    .where('id', 'in', [...firsts, ...locked])
    .execute();
  // Oldest first, so each list reads series 9 … 1 (equal times fall back to the higher series id, the same order).
  for (let i = 0; i < 9; i++) {
    await callOk(t, viewer.token, 'POST', '/api/user/history', { episodeId: firsts[i], position: 5, finished: false });
    await callOk(t, viewer.token, 'POST', '/api/user/favorite', { seriesId: series[i] });
    await callOk(t, viewer.token, 'POST', '/api/video/unlock', { episodeId: locked[i] });
  }
  // Series 2, 5 and 6 archived: the viewer keeps their unlocked episode 2, not the free episode 1 they watched.
  for (const i of [1, 4, 5]) await callOk(t, admin.token, 'POST', `/api/admin/series/${series[i]}/archive`, {});
  // Series 3 and 7 left with no published episode: no longer shown anywhere.
  for (const i of [2, 6])
    for (const e of [firsts[i], locked[i]])
      await callOk(t, admin.token, 'POST', `/api/admin/episodes/${e}/status`, { status: 'draft' });
});
afterAll(() => t.close());

/** Every page of a list, `pageSize` 2, until one says there is no more. */
async function walk(path: string): Promise<{ ids: number[]; sizes: number[] }> {
  const ids: number[] = [];
  const sizes: number[] = [];
  for (let page = 1; page < 20; page++) {
    const { data } = await callOk<Page<{ id?: number; series?: { id: number } }>>(
      t,
      viewer.token,
      'GET',
      `${path}?page=${page}&pageSize=2`,
    );
    sizes.push(data.items.length);
    ids.push(...data.items.map((i) => i.series?.id ?? i.id!));
    if (!data.hasMore) return { ids, sizes };
  }
  throw new Error(`${path} never ended`);
}

const seriesNumbers = (ids: number[]) => ids.map((id) => series.indexOf(id) + 1);

describe('pages of lists with hidden rows', () => {
  it('continue watching: full pages, each entry once', async () => {
    const { ids, sizes } = await walk('/api/user/history');
    expect(seriesNumbers(ids)).toEqual([9, 8, 4, 1]);
    expect(sizes).toEqual([2, 2]);
  });

  it('my list: full pages, each series once', async () => {
    const { ids, sizes } = await walk('/api/user/favorite');
    expect(seriesNumbers(ids)).toEqual([9, 8, 4, 1]);
    expect(sizes).toEqual([2, 2]);
  });

  it('unlocked: full pages, each series once (archived ones the viewer keeps included)', async () => {
    const { ids, sizes } = await walk('/api/user/unlocked');
    expect(seriesNumbers(ids)).toEqual([9, 8, 6, 5, 4, 2, 1]);
    expect(sizes).toEqual([2, 2, 2, 1]);
  });

  it('a page past the end is empty and says so', async () => {
    const { data } = await callOk<Page<unknown>>(t, viewer.token, 'GET', '/api/user/history?page=3&pageSize=2');
    expect(data).toMatchObject({ items: [], hasMore: false });
  });
});
