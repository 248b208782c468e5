import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem, Homepage } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { callOk, grantCoins, newGuest, newMember, type Principal } from '../../../test/principals';
import { revokeUnlocks } from '../billing/index';

// Signed-in viewers' homepage and episode lists are answered from their hearts, unlocks and membership
// kept in memory, and shared between viewers in the same position: nobody is shown what another holds,
// and a change shows in the very next answer, with reads running alongside.

let t: TestApp;
let f: CatalogFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
  await t.app.services.catalog.invalidate();
});
afterAll(async () => {
  await t.close();
});

const list = async (who: Principal | null) =>
  (await callOk<EpisodeListItem[]>(t, who?.token ?? null, 'GET', `/api/video/episode?seriesId=${String(f.series.ceo)}`))
    .data;
const unlocked = async (who: Principal | null) =>
  (await list(who)).filter((e) => e.unlocked && !e.free).map((e) => e.id);
const hearts = async (who: Principal) =>
  (await callOk<Homepage>(t, who.token, 'GET', '/api/homepage')).data.featured
    .filter((s) => s.favorite)
    .map((s) => s.id);
const unlock = async (who: Principal, episodeId: number) =>
  envelope(
    await t.app.inject({
      method: 'POST',
      url: '/api/video/unlock',
      headers: { 'x-user-token': who.token! },
      payload: { episodeId },
    }),
  ).code;

describe('personalised lists', () => {
  it('shows each viewer their own unlocks, however the answers are shared', async () => {
    const [a, b, c] = [await newGuest(t), await newGuest(t), await newGuest(t)];
    for (const who of [a, c]) await grantCoins(t, who.id!, 100);
    const episode = f.episodes.ceo[3]!;
    for (const who of [a, b, c]) expect(await unlocked(who)).toEqual([]);
    expect(await unlock(a, episode)).toBe(200);
    expect(await unlocked(a)).toEqual([episode]);
    expect(await unlocked(b)).toEqual([]);
    expect(await unlocked(null)).toEqual([]);
    expect(await unlock(c, episode)).toBe(200);
    expect(await unlocked(c)).toEqual([episode]);
    expect(await unlock(c, f.episodes.ceo[4]!)).toBe(200);
    expect(await unlocked(c)).toEqual([episode, f.episodes.ceo[4]!]);
    expect(await unlocked(a)).toEqual([episode]);
    expect(await unlocked(b)).toEqual([]);
  });

  it('opens paid episodes to a member only', async () => {
    const member = await newMember(t);
    const guest = await newGuest(t);
    expect((await list(member)).filter((e) => !e.free).every((e) => e.access === 'member')).toBe(true);
    expect((await list(guest)).some((e) => e.access === 'member')).toBe(false);
  });

  it('takes an unlock away at once when an operator revokes it', async () => {
    const who = await newGuest(t);
    await grantCoins(t, who.id!, 100);
    const episode = f.episodes.ceo[2]!;
    expect(await unlock(who, episode)).toBe(200);
    expect(await unlocked(who)).toEqual([episode]);
    await t.database.db
      .transaction()
      .execute((trx) =>
        revokeUnlocks(trx, { userId: who.id!, episodeIds: [episode], actorId: who.id!, reason: 'test' }),
      );
    expect(await unlocked(who)).toEqual([]);
  });

  it('sets and clears the heart on the homepage in the next answer', async () => {
    const who = await newGuest(t);
    expect(await hearts(who)).toEqual([]);
    await callOk(t, who.token, 'POST', '/api/user/favorite', { seriesId: f.series.ceo });
    expect(await hearts(who)).toEqual([f.series.ceo]);
    const other = await newGuest(t);
    expect(await hearts(other)).toEqual([]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/favorite?seriesId=${String(f.series.ceo)}`,
      headers: { 'x-user-token': who.token! },
    });
    expect(await hearts(who)).toEqual([]);
  });

  it('leaves no stale entry when lists are read while unlocks are written', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await newGuest(t);
      await grantCoins(t, who.id!, 200);
      const episodes = [f.episodes.ceo[2]!, f.episodes.ceo[3]!];
      const during = Array.from({ length: 20 }, () => unlocked(who));
      const codes = await Promise.all(episodes.map((e) => unlock(who, e)));
      expect(codes).toEqual([200, 200]);
      const after = await Promise.all(Array.from({ length: 10 }, () => unlocked(who)));
      await Promise.all(during);
      expect(after.filter((ids) => ids.length !== 2)).toEqual([]);
    }
  });
});
