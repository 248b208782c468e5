import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem, EpisodePlayback, Page, SeriesDetail, UnlockedSeries } from '@episodic/contract';
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

// A viewer who unlocked an episode keeps reaching it (series page, episode list, player) after the
// episode or its series is archived; everyone else, members included, finds it gone. Catalog answers
// are cached and shared, so the tests interleave the buyer with everyone else, in turn and at once.

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

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  admin = await newAdmin(t);
  member = await newMember(t);
  guest = await newGuest(t);
  seriesId = await seedSeries(db, { title: 'Leaving Soon' });
  kept = await seedEpisode(db, seriesId, 1, { cost: 40 });
  notBought = await seedEpisode(db, seriesId, 2, { cost: 40 });
  free = await seedEpisode(db, seriesId, 3, { free: true });
  await packageEpisodes(t, [kept, notBought, free]);
  keeper = await newAccount(t, 'keeper');
  await grantCoins(t, keeper.id!, 500);
  await callOk(t, keeper.token, 'POST', '/api/video/unlock', { episodeId: kept });
  other = await newAccount(t, 'latecomer');
  await grantCoins(t, other.id!, 500);
  // Warm every shared cache with the published series before it is archived.
  for (const who of [guest, member, keeper]) {
    await callOk(t, who.token, 'GET', `/api/video?id=${seriesId}`);
    await callOk(t, who.token, 'GET', `/api/video/episode?seriesId=${seriesId}`);
    await callOk(t, who.token, 'GET', `/api/video/episode?id=${kept}`);
  }
  await callOk(t, admin.token, 'POST', `/api/admin/series/${seriesId}/archive`, {});
});
afterAll(() => t.close());

async function answer<T>(who: Principal, url: string): Promise<{ code: number; data: T }> {
  return JSON.parse((await send(t, who.token, 'GET', url)).body) as { code: number; data: T };
}
const detail = (who: Principal) => answer<SeriesDetail>(who, `/api/video?id=${seriesId}`);
const episodes = (who: Principal) => answer<EpisodeListItem[]>(who, `/api/video/episode?seriesId=${seriesId}`);
const player = (who: Principal, id: number) => answer<EpisodePlayback>(who, `/api/video/episode?id=${id}`);

/** What a caller gets from the three screens: the buyer's view, or 404s. */
async function view(who: Principal): Promise<string> {
  const [d, l, p] = await Promise.all([detail(who), episodes(who), player(who, kept)]);
  if (d.code !== 200 || l.code !== 200 || p.code !== 200) return `${d.code}/${l.code}/${p.code}`;
  return `archived=${String(d.data.archived)} episodes=${l.data.map((e) => e.id).join(',')} playable=${String(p.data.playable)}`;
}

const buyerView = () => `archived=true episodes=${kept} playable=true`;

describe('an archived series', () => {
  it('answers its buyer with only the episodes they unlocked, playable, and nothing to buy', async () => {
    const d = await detail(keeper);
    expect(d.code).toBe(200);
    expect(d.data).toMatchObject({ id: seriesId, archived: true, seriesPrice: null, lockedTotal: 0, episodeCount: 1 });

    const l = await episodes(keeper);
    expect(l.data.map((e) => [e.id, e.unlocked, e.access])).toEqual([[kept, true, 'unlocked']]);
    expect(l.data[0]!.hls).not.toBeNull();

    const p = await player(keeper, kept);
    expect(p.data).toMatchObject({ id: kept, seriesId, playable: true, previousId: null, nextId: null });
    expect(p.data.hls).not.toBeNull();
    const master = await send(t, keeper.token, 'GET', p.data.hls!);
    expect(master.statusCode).toBe(200);

    // The episodes they did not unlock are gone for them too, free ones included.
    expect((await player(keeper, notBought)).code).toBe(404);
    expect((await player(keeper, free)).code).toBe(404);
  });

  it('is not found for another viewer, a member, a guest and a caller without a token', async () => {
    for (const who of [other, member, guest, NOBODY]) {
      expect(await view(who)).toBe('404/404/404');
      expect((await player(who, free)).code).toBe(404);
    }
  });

  it("stays in the buyer's unlocked list, and in nobody else's", async () => {
    const mine = await answer<Page<UnlockedSeries>>(keeper, '/api/user/unlocked');
    expect(mine.data.items.map((i) => [i.series.id, i.unlockedEpisodes])).toContainEqual([seriesId, 1]);
    const theirs = await answer<Page<UnlockedSeries>>(other, '/api/user/unlocked');
    expect(theirs.data.items.map((i) => i.series.id)).not.toContain(seriesId);
  });

  it("never serves the buyer's view to someone else, nor theirs to the buyer, in turn", async () => {
    const sequence = [keeper, guest, keeper, NOBODY, member, keeper, other, keeper];
    const seen: string[] = [];
    for (const who of sequence) seen.push(await view(who));
    expect(seen).toEqual(sequence.map((who) => (who === keeper ? buyerView() : '404/404/404')));
  });

  it('nor when they ask at the same time', async () => {
    const crowd = [keeper, guest, member, keeper, other, NOBODY, keeper, guest, keeper, member];
    const seen = await Promise.all(crowd.map((who) => view(who)));
    expect(seen).toEqual(crowd.map((who) => (who === keeper ? buyerView() : '404/404/404')));
  });
});

describe('an archived episode of a published series', () => {
  let showId: number;
  let first: number;
  let gone: number;

  beforeAll(async () => {
    const { db } = t.database;
    showId = await seedSeries(db, { title: 'Still Running' });
    first = await seedEpisode(db, showId, 1, { cost: 30 });
    gone = await seedEpisode(db, showId, 2, { cost: 30 });
    await packageEpisodes(t, [first, gone]);
    await callOk(t, keeper.token, 'POST', '/api/video/unlock', { episodeId: gone });
    await callOk(t, admin.token, 'POST', `/api/admin/episodes/${gone}/archive`, {});
  });

  it("stays in its buyer's list and player, and out of everyone else's", async () => {
    const run = async (who: Principal) => {
      const l = await answer<EpisodeListItem[]>(who, `/api/video/episode?seriesId=${showId}`);
      const p = await player(who, gone);
      return `${l.data.map((e) => `${e.id}:${e.unlocked}`).join(',')} ${p.code}`;
    };
    const crowd = [keeper, other, member, guest, keeper, NOBODY];
    const seen = await Promise.all(crowd.map(run));
    expect(seen).toEqual(
      crowd.map((who) => (who === keeper ? `${first}:false,${gone}:true 200` : `${first}:${who === member} 404`)),
    );
    const d = await answer<SeriesDetail>(keeper, `/api/video?id=${showId}`);
    expect(d.data).toMatchObject({ archived: false, lockedTotal: 30 });
    const p = await player(keeper, first);
    expect(p.data.nextId).toBe(gone);
    const otherPlayer = await player(other, first);
    expect(otherPlayer.data.nextId).toBeNull();
  });
});
