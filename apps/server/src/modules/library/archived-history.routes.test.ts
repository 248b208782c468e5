import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, Page } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedEpisode, seedSeries } from '../../../test/media-fixtures';
import {
  callOk,
  grantCoins,
  newAccount,
  newAdmin,
  newGuest,
  newMember,
  NOBODY,
  packageEpisodes,
  send,
  type Principal,
} from '../../../test/principals';

// Continue watching after archiving: the viewer who unlocked an episode keeps saving and seeing their
// progress on it; everyone else (members included) cannot save progress on it, and their own rows for
// archived content stay hidden, whether they ask in turn or at the same time.

let t: TestApp;
let admin: Principal;
let member: Principal;
let guest: Principal;
let keeper: Principal;
let other: Principal;
let seriesId: number;
let kept: number;
let notBought: number;
let free: number;
let showId: number;
let first: number;
let gone: number;

async function save(who: Principal, episodeId: number, position: number, finished = false): Promise<number> {
  const res = await send(t, who.token, 'POST', '/api/user/history', { payload: { episodeId, position, finished } });
  return (JSON.parse(res.body) as { code: number }).code;
}

async function history(who: Principal): Promise<HistoryEntry[]> {
  const res = await send(t, who.token, 'GET', '/api/user/history?pageSize=50');
  return (JSON.parse(res.body) as { data: Page<HistoryEntry> }).data.items;
}

const entryOf = (items: HistoryEntry[], id: number) => items.find((i) => i.series.id === id);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  admin = await newAdmin(t);
  member = await newMember(t);
  guest = await newGuest(t);
  keeper = await newAccount(t, 'keeper');
  other = await newAccount(t, 'bystander');
  await grantCoins(t, keeper.id!, 500);

  seriesId = await seedSeries(db, { title: 'Leaving Soon' });
  kept = await seedEpisode(db, seriesId, 1, { cost: 40 });
  notBought = await seedEpisode(db, seriesId, 2, { cost: 40 });
  free = await seedEpisode(db, seriesId, 3, { free: true });
  showId = await seedSeries(db, { title: 'Still Running' });
  first = await seedEpisode(db, showId, 1, { free: true });
  gone = await seedEpisode(db, showId, 2, { cost: 30 });
  await packageEpisodes(t, [kept, notBought, free, first, gone]);
  // Two minutes each, so saved positions are kept as sent (they are held to the episode's length).
  await db
    .updateTable('episodes')
    .set({ duration_ms: 120_000 })
    .where('id', 'in', [kept, notBought, free, first, gone])
    .execute();
  await callOk(t, keeper.token, 'POST', '/api/video/unlock', { episodeId: kept });
  await callOk(t, keeper.token, 'POST', '/api/video/unlock', { episodeId: gone });

  // Everyone has a row for the archived content before it is archived (warming the shared caches too).
  expect(await save(keeper, kept, 5)).toBe(200);
  expect(await save(other, free, 7)).toBe(200);
  expect(await save(member, notBought, 9)).toBe(200);
  expect(await save(guest, free, 3)).toBe(200);
  expect(await save(other, gone, 4)).toBe(200);
  expect(await save(member, gone, 6)).toBe(200);
  expect(await save(keeper, gone, 2)).toBe(200);
  for (const who of [keeper, other, member, guest]) await history(who);

  await callOk(t, admin.token, 'POST', `/api/admin/series/${seriesId}/archive`, {});
  await callOk(t, admin.token, 'POST', `/api/admin/episodes/${gone}/archive`, {});
});
afterAll(() => t.close());

describe('progress on an archived episode', () => {
  it('is saved for the viewer who keeps it and listed in their continue watching', async () => {
    expect(await save(keeper, kept, 20)).toBe(200);
    expect(await save(keeper, gone, 11)).toBe(200);
    const mine = await history(keeper);
    expect(entryOf(mine, seriesId)).toMatchObject({ episodeId: kept, episodeNumber: 1, position: 20, finished: false });
    expect(entryOf(mine, showId)).toMatchObject({ episodeId: gone, episodeNumber: 2, position: 11 });
    // The position is still held to the episode's length.
    expect(await save(keeper, kept, 5_000, true)).toBe(200);
    const entry = entryOf(await history(keeper), seriesId)!;
    expect(entry.finished).toBe(true);
    expect(entry.position).toBe(entry.duration);
  });

  it('is refused (404) to another viewer, a member, a guest and a caller without a token', async () => {
    for (const who of [other, member, guest]) {
      for (const id of [kept, notBought, free, gone]) expect(await save(who, id, 10)).toBe(404);
    }
    expect(await save(NOBODY, kept, 1)).toBe(401);
  });

  it('is refused to the buyer for archived episodes they did not unlock', async () => {
    expect(await save(keeper, notBought, 10)).toBe(404);
    expect(await save(keeper, free, 10)).toBe(404);
  });
});

describe('continue watching with archived content', () => {
  it("hides everyone else's rows for archived content, and the buyer's stays theirs", async () => {
    for (const who of [other, member, guest]) {
      const ids = (await history(who)).map((i) => i.series.id);
      expect(ids).not.toContain(seriesId);
      expect(ids).not.toContain(showId);
    }
  });

  it('never mixes viewers up when they save and read at the same time', async () => {
    const crowd = [keeper, other, member, keeper, guest, keeper, member, other];
    const saved = await Promise.all(crowd.map((who, i) => save(who, kept, 30 + i)));
    expect(saved).toEqual(crowd.map((who) => (who === keeper ? 200 : 404)));
    const lists = await Promise.all(crowd.map((who) => history(who)));
    lists.forEach((items, i) => {
      const entry = entryOf(items, seriesId);
      if (crowd[i] === keeper) expect(entry?.episodeId).toBe(kept);
      else expect(entry).toBeUndefined();
    });
    const position = entryOf(await history(keeper), seriesId)!.position;
    expect([30, 33, 35]).toContain(position);
  });
});
