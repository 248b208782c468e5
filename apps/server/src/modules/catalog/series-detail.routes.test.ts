import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesDetail } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { callOk, grantCoins, newGuest, newMember, send, type Principal } from '../../../test/principals';
import { revokeUnlocks } from '../billing/index';

// A series' page is answered from what the viewer holds kept in memory (their hearts, unlocks and
// membership, dropped on every write to them): each change shows in the very next answer. Every page
// is read twice before a change, so a stale cached answer would be the one checked.

let t: TestApp;
let f: CatalogFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const detail = async (who: Principal | null) => {
  const url = `/api/video?id=${String(f.series.ceo)}`;
  await callOk<SeriesDetail>(t, who?.token ?? null, 'GET', url);
  return (await callOk<SeriesDetail>(t, who?.token ?? null, 'GET', url)).data;
};
const unlock = async (who: Principal, episodeId: number) =>
  envelope(await send(t, who.token, 'POST', '/api/video/unlock', { payload: { episodeId } })).code;

// The CEO series: 12 episodes of 50 coins, the first two free.
const ALL_LOCKED = 500;

describe('series detail for each viewer', () => {
  it('prices what each viewer has left to unlock, after unlocks and a revoke', async () => {
    const [a, b] = [await newGuest(t), await newGuest(t)];
    await grantCoins(t, a.id!, 200);
    for (const who of [a, b, null]) expect((await detail(who)).lockedTotal).toBe(ALL_LOCKED);
    expect(await unlock(a, f.episodes.ceo[2]!)).toBe(200);
    expect((await detail(a)).lockedTotal).toBe(ALL_LOCKED - 50);
    expect((await detail(b)).lockedTotal).toBe(ALL_LOCKED);
    expect((await detail(null)).lockedTotal).toBe(ALL_LOCKED);
    expect(await unlock(a, f.episodes.ceo[3]!)).toBe(200);
    expect((await detail(a)).lockedTotal).toBe(ALL_LOCKED - 100);
    await t.database.db
      .transaction()
      .execute((trx) =>
        revokeUnlocks(trx, { userId: a.id!, episodeIds: [f.episodes.ceo[2]!], actorId: a.id!, reason: 'test' }),
      );
    expect((await detail(a)).lockedTotal).toBe(ALL_LOCKED - 50);
  });

  it('leaves nothing locked for a member', async () => {
    const member = await newMember(t);
    expect((await detail(member)).lockedTotal).toBe(0);
    expect((await detail(await newGuest(t))).lockedTotal).toBe(ALL_LOCKED);
  });

  it("sets and clears the viewer's heart, and counts their like, in the next answer", async () => {
    const [who, other] = [await newGuest(t), await newGuest(t)];
    expect((await detail(who)).favorite).toBe(false);
    await callOk(t, who.token, 'POST', '/api/user/favorite', { seriesId: f.series.ceo });
    expect((await detail(who)).favorite).toBe(true);
    expect((await detail(other)).favorite).toBe(false);
    await send(t, who.token, 'DELETE', `/api/user/favorite?seriesId=${String(f.series.ceo)}`);
    expect((await detail(who)).favorite).toBe(false);

    const before = (await detail(other)).likeCount;
    await callOk(t, who.token, 'POST', '/api/video/like', { seriesId: f.series.ceo });
    expect(await detail(who)).toMatchObject({ liked: true, likeCount: before + 1 });
    expect(await detail(other)).toMatchObject({ liked: false, likeCount: before + 1 });
  });

  it('answers an unknown series or bad input with an envelope error', async () => {
    const who = await newGuest(t);
    for (const [url, code] of [
      ['/api/video?id=999999', 404],
      ['/api/video?id=abc', 422],
      [`/api/video?id=${String(f.series.draft)}`, 404],
    ] as const)
      for (const caller of [null, who]) {
        const res = await send(t, caller?.token ?? null, 'GET', url);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(envelope(res).code, url).toBe(code);
      }
  });
});
