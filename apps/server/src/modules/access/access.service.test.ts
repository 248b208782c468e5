import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { createAccessService, isActiveMember, type AccessService } from './index';

let t: TestApp;
let f: CatalogFixture;
let access: AccessService;
/** Users the membership fact was asked about, in order. */
const asked: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
  const { db } = t.database;
  access = createAccessService({
    db,
    isMember: (userId) => {
      asked.push(userId);
      return isActiveMember(db, userId);
    },
  });
});
afterAll(() => t.close());

async function newUser(): Promise<string> {
  return (
    await t.database.db
      .insertInto('users')
      .values({ email: null, password_hash: null, display_name: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function unlock(userId: string, episodeId: number): Promise<void> {
  await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: episodeId }).execute();
}

async function membership(userId: string, endsInDays: number): Promise<void> {
  const now = Date.now();
  await t.database.db
    .insertInto('memberships')
    .values({
      user_id: userId,
      plan_id: 'weekly',
      status: 'active',
      current_period_start: new Date(now - 86400_000),
      current_period_end: new Date(now + endsInDays * 86400_000),
      renewal_price: 499,
      renewal_currency: 'USD',
      renewal_days: 7,
    })
    .execute();
}

/** The first two episodes of every fixture series are free; the others cost 50 coins. */
const ceo = () => f.episodes.ceo;

describe('access to episodes', () => {
  it('lets a guest play free episodes only, without asking about a membership', async () => {
    asked.length = 0;
    const answer = await access.ofEpisodes(null, [ceo()[0]!, ceo()[5]!]);
    expect(answer.get(ceo()[0]!)).toEqual({ playable: true, reason: 'free', price: 0 });
    expect(answer.get(ceo()[5]!)).toEqual({ playable: false, reason: 'locked', price: 50 });
    expect(await access.canWatch(null, ceo()[5]!)).toBe(false);
    expect(asked).toEqual([]);
  });

  it('opens what a viewer unlocked, and only for that viewer', async () => {
    const viewer = await newUser();
    const other = await newUser();
    await unlock(viewer, ceo()[3]!);
    const mine = await access.ofEpisodes(viewer, [ceo()[1]!, ceo()[3]!, ceo()[4]!]);
    expect(mine.get(ceo()[1]!)).toEqual({ playable: true, reason: 'free', price: 0 });
    expect(mine.get(ceo()[3]!)).toEqual({ playable: true, reason: 'unlocked', price: 50 });
    expect(mine.get(ceo()[4]!)).toEqual({ playable: false, reason: 'locked', price: 50 });
    expect((await access.ofEpisode(other, ceo()[3]!))?.reason).toBe('locked');
    expect(await access.canWatch(viewer, ceo()[3]!)).toBe(true);
    expect(await access.canWatch(other, ceo()[3]!)).toBe(false);
  });

  it('asks about a membership only when a paid episode is not unlocked', async () => {
    const viewer = await newUser();
    await unlock(viewer, ceo()[6]!);
    asked.length = 0;
    await access.ofEpisodes(viewer, [ceo()[0]!, ceo()[6]!]);
    expect(asked).toEqual([]);
    await access.ofEpisodes(viewer, [ceo()[6]!, ceo()[7]!]);
    expect(asked).toEqual([viewer]);
  });

  it('opens every episode to a member while the paid period runs, an unlock still saying unlocked', async () => {
    const member = await newUser();
    const lapsed = await newUser();
    await membership(member, 7);
    await membership(lapsed, -1);
    await unlock(member, ceo()[2]!);
    const answer = await access.ofEpisodes(member, [ceo()[0]!, ceo()[2]!, ceo()[8]!]);
    expect([...answer.values()].map((a) => a.reason)).toEqual(['free', 'unlocked', 'member']);
    expect(answer.get(ceo()[8]!)).toEqual({ playable: true, reason: 'member', price: 50 });
    expect((await access.ofEpisode(lapsed, ceo()[8]!))?.playable).toBe(false);
  });

  it('knows no episode viewers may not see (a draft, one of a draft series, an unknown id)', async () => {
    const { db } = t.database;
    const draftSeriesEpisode = (
      await db
        .selectFrom('episodes')
        .select('id')
        .where('series_id', '=', f.series.draft)
        .where('free', '=', true)
        .executeTakeFirstOrThrow()
    ).id;
    const draft = f.episodes.palace[0]!;
    await db.updateTable('episodes').set({ status: 'draft' }).where('id', '=', draft).execute();
    try {
      const member = await newUser();
      await membership(member, 7);
      const answer = await access.ofEpisodes(member, [draft, draftSeriesEpisode, 987654, f.episodes.palace[1]!]);
      expect([...answer.keys()]).toEqual([f.episodes.palace[1]]);
      expect(await access.canWatch(member, draft)).toBe(false);
      expect(await access.ofEpisode(null, draftSeriesEpisode)).toBeNull();
    } finally {
      await db.updateTable('episodes').set({ status: 'published' }).where('id', '=', draft).execute();
    }
  });

  it('decides for episodes the caller already holds, with their price (free ones cost nothing)', async () => {
    const viewer = await newUser();
    await unlock(viewer, ceo()[9]!);
    const answer = await access.decide(viewer, [
      { id: ceo()[0]!, free: true, cost: 50 },
      { id: ceo()[9]!, free: false, cost: 70 },
      { id: ceo()[10]!, free: false, cost: 70 },
    ]);
    expect(answer.get(ceo()[0]!)).toEqual({ playable: true, reason: 'free', price: 0 });
    expect(answer.get(ceo()[9]!)).toEqual({ playable: true, reason: 'unlocked', price: 70 });
    expect(answer.get(ceo()[10]!)).toEqual({ playable: false, reason: 'locked', price: 70 });
    expect((await access.decide(null, [{ id: ceo()[9]!, free: false, cost: 70 }])).get(ceo()[9]!)?.reason).toBe(
      'locked',
    );
  });

  it('answers which episodes a user unlocked, inside a transaction too, and by series for /unlocked', async () => {
    const viewer = await newUser();
    await unlock(viewer, f.episodes.wolf[4]!);
    await unlock(viewer, f.episodes.wolf[6]!);
    expect((await access.unlockedAmong(viewer, [f.episodes.wolf[4]!, f.episodes.wolf[5]!])).sort()).toEqual([
      f.episodes.wolf[4],
    ]);
    await t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('unlocks').values({ user_id: viewer, episode_id: f.episodes.wolf[5]! }).execute();
      expect((await access.unlockedAmong(viewer, [f.episodes.wolf[5]!], trx)).length).toBe(1);
    });
    const [series] = await access.unlockedSeries(viewer, 0, 10);
    expect(series).toMatchObject({ series_id: f.series.wolf, unlocked: 3, last_number: 7 });
  });
});

describe('the episode list carries the server’s decision', () => {
  it('says free, unlocked, member or locked for each episode, with the unlocked flag and the price', async () => {
    const { db } = t.database;
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(res.headers['x-user-token']);
    const userId = envelope<{ id: string }>(res).data.id;
    const list = async () =>
      envelope<EpisodeListItem[]>(
        await t.app.inject({
          method: 'GET',
          url: `/api/video/episode?seriesId=${f.series.palace}`,
          headers: { 'x-user-token': token },
        }),
      ).data;
    await unlock(userId, f.episodes.palace[2]!);
    const before = await list();
    expect(before.slice(0, 4).map((e) => [e.access, e.unlocked, e.cost])).toEqual([
      ['free', true, 0],
      ['free', true, 0],
      ['unlocked', true, 50],
      ['locked', false, 50],
    ]);
    await membership(userId, 7);
    await db.updateTable('episodes').set({ unlock_cost: 51 }).where('id', '=', f.episodes.palace[9]!).execute();
    await t.app.services.catalog.invalidate();
    const after = await list();
    expect(after.slice(2).map((e) => e.access)).toEqual(['unlocked', ...Array<string>(7).fill('member')]);
    expect(after[9]).toMatchObject({
      unlocked: true,
      cost: 51,
      hls: `/api/media/episodes/${String(f.episodes.palace[9])}/master.m3u8`,
    });
  });
});
