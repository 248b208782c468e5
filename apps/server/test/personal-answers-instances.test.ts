import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem, Homepage, Page, Series, SeriesDetail } from '@episodic/contract';
import { envelope, testDbKind } from './test-app';
import { startInstances, type Instances } from './instances';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { appendLedgerEntry, grantMembershipTime, revokeUnlocks } from '../src/modules/billing/index';
import type { Database } from '../src/db/connection';
import type { AppInstance } from '../src/http/types';

/**
 * Two instances on one PostgreSQL and one Redis, each with a viewer's hearts, unlocks and membership
 * in memory (their lists warm): a change made through one must show in the other's very next answer.
 * PostgreSQL only: the embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('personalised lists on two instances', () => {
  let instances: Instances | undefined;
  const databases: Database[] = [];
  const apps: AppInstance[] = [];
  let f: CatalogFixture;
  let address = 0;

  beforeAll(async () => {
    instances = await startInstances({});
    apps.push(...instances.apps);
    databases.push(...instances.databases);
    f = await seedCatalogFixture(databases[0]!.db);
    for (const app of apps) await app.services.catalog.invalidate();
  }, 60_000);

  afterAll(async () => {
    await instances?.close();
  });

  const call = (i: number, method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    apps[i]!.inject({
      method,
      url,
      headers: { cookie: `episodic_session=${token}`, 'accept-encoding': 'br, gzip' },
      remoteAddress: `10.8.${String(++address >> 8)}.${String(address & 255)}`,
      ...(payload ? { payload } : {}),
    });
  /** The answer's envelope as the browser reads it (the lists are sent compressed). */
  const read = <T>(res: LightMyRequestResponse) => {
    const encoding = res.headers['content-encoding'];
    const decode = encoding === 'br' ? brotliDecompressSync : encoding === 'gzip' ? gunzipSync : null;
    return envelope<T>(decode ? { body: decode(res.rawPayload).toString() } : res);
  };
  const list = async (i: number, token: string) =>
    read<EpisodeListItem[]>(await call(i, 'GET', `/api/video/episode?seriesId=${String(f.series.ceo)}`, token)).data;
  const unlocked = async (i: number, token: string) =>
    (await list(i, token)).filter((e) => e.unlocked && !e.free).map((e) => e.id);
  const hearted = async (i: number, token: string) =>
    read<Homepage>(await call(i, 'GET', '/api/homepage', token)).data.featured.some(
      (s) => s.id === f.series.ceo && s.favorite,
    );

  /** A guest with coins, made through instance 0, whose list and homepage are warm on both instances. */
  async function viewer(coins = 0): Promise<{ id: string; token: string }> {
    const made = await apps[0]!.inject({ method: 'GET', url: '/api/user', remoteAddress: `10.7.0.${++address & 255}` });
    const who = { id: envelope<{ id: string }>(made).data.id, token: String(made.headers['x-user-token']) };
    if (coins > 0)
      await databases[0]!.db
        .transaction()
        .execute((trx) => appendLedgerEntry(trx, { userId: who.id, delta: coins, kind: 'grant', key: `pa:${who.id}` }));
    for (let i = 0; i < 4; i++) {
      expect(await unlocked(i % 2, who.token)).toEqual([]);
      expect(await hearted(i % 2, who.token)).toBe(false);
    }
    return who;
  }

  it('shows an unlock made through one instance in the other’s next episode list', async () => {
    for (const [writer, reader] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const who = await viewer(100);
      const episode = f.episodes.ceo[3]!;
      const res = await call(writer, 'POST', '/api/video/unlock', who.token, { episodeId: episode });
      expect(envelope(res).code).toBe(200);
      expect(await unlocked(reader, who.token)).toEqual([episode]);
      expect(await unlocked(writer, who.token)).toEqual([episode]);
    }
  });

  it('takes a revoked or refunded unlock away on both instances at once', async () => {
    const who = await viewer(100);
    const episode = f.episodes.ceo[2]!;
    expect(envelope(await call(0, 'POST', '/api/video/unlock', who.token, { episodeId: episode })).code).toBe(200);
    for (let i = 0; i < 4; i++) expect(await unlocked(i % 2, who.token)).toEqual([episode]);
    // The operator's revoke and a refund's take-back both run this, on instance 0's connections.
    await databases[0]!.db
      .transaction()
      .execute((trx) => revokeUnlocks(trx, { userId: who.id, episodeIds: [episode], actorId: who.id, reason: 'test' }));
    expect(await unlocked(1, who.token)).toEqual([]);
    expect(await unlocked(0, who.token)).toEqual([]);
  });

  it('shows a heart added or removed through one instance on the other’s homepage', async () => {
    const who = await viewer();
    expect(envelope(await call(0, 'POST', '/api/user/favorite', who.token, { seriesId: f.series.ceo })).code).toBe(200);
    expect(await hearted(1, who.token)).toBe(true);
    expect(
      envelope(await call(1, 'DELETE', `/api/user/favorite?seriesId=${String(f.series.ceo)}`, who.token)).code,
    ).toBe(200);
    expect(await hearted(0, who.token)).toBe(false);
    expect(await hearted(1, who.token)).toBe(false);
  });

  it('shows a like or unlike made through one instance in the other’s next series page', async () => {
    const who = await viewer();
    const seriesId = f.series.palace;
    const likes = async (i: number) => {
      const { likeCount, liked } = read<SeriesDetail>(
        await call(i, 'GET', `/api/video?id=${String(seriesId)}`, who.token),
      ).data;
      return { likeCount, liked };
    };
    const before = (await likes(0)).likeCount;
    for (let i = 0; i < 4; i++) expect(await likes(i % 2)).toEqual({ likeCount: before, liked: false });
    expect(envelope(await call(0, 'POST', '/api/video/like', who.token, { seriesId })).code).toBe(200);
    expect(await likes(1)).toEqual({ likeCount: before + 1, liked: true });
    expect(envelope(await call(1, 'DELETE', `/api/video/like?seriesId=${String(seriesId)}`, who.token)).code).toBe(200);
    expect(await likes(0)).toEqual({ likeCount: before, liked: false });
    expect(await likes(1)).toEqual({ likeCount: before, liked: false });
  });

  it('shows a series added to or removed from the list through one instance in the other’s list', async () => {
    const who = await viewer();
    const listed = async (i: number) =>
      read<Page<Series>>(await call(i, 'GET', '/api/user/favorite', who.token)).data.items.map((s) => s.id);
    for (let i = 0; i < 2; i++) expect(await listed(i)).toEqual([]);
    for (const seriesId of [f.series.ceo, f.series.wolf])
      expect(envelope(await call(0, 'POST', '/api/user/favorite', who.token, { seriesId })).code).toBe(200);
    expect(await listed(1)).toEqual([f.series.wolf, f.series.ceo]);
    expect(
      envelope(await call(1, 'DELETE', `/api/user/favorite?seriesId=${String(f.series.wolf)}`, who.token)).code,
    ).toBe(200);
    expect(await listed(0)).toEqual([f.series.ceo]);
    expect(await listed(1)).toEqual([f.series.ceo]);
  });

  it('shows a heart and an unlock made through one instance in the other’s search page and series page', async () => {
    const who = await viewer(100);
    const searched = async (i: number) =>
      read<Page<Series>>(await call(i, 'GET', '/api/video?keyword=billionaire', who.token)).data.items.find(
        (s) => s.id === f.series.ceo,
      )?.favorite;
    const lockedTotal = async (i: number) =>
      read<SeriesDetail>(await call(i, 'GET', `/api/video?id=${String(f.series.ceo)}`, who.token)).data.lockedTotal;
    for (let i = 0; i < 4; i++) {
      expect(await searched(i % 2)).toBe(false);
      expect(await lockedTotal(i % 2)).toBe(500);
    }
    expect(envelope(await call(0, 'POST', '/api/user/favorite', who.token, { seriesId: f.series.ceo })).code).toBe(200);
    expect(await searched(1)).toBe(true);
    const unlock = await call(1, 'POST', '/api/video/unlock', who.token, { episodeId: f.episodes.ceo[2]! });
    expect(envelope(unlock).code).toBe(200);
    expect(await lockedTotal(0)).toBe(450);
    expect(await lockedTotal(1)).toBe(450);
  });

  it('opens every episode to a membership granted through one instance, and closes them when it ends', async () => {
    const who = await viewer();
    const plan = await databases[0]!.db
      .selectFrom('plans')
      .select('id')
      .where('kind', '=', 'membership')
      .executeTakeFirstOrThrow();
    await databases[0]!.db
      .transaction()
      .execute((trx) => grantMembershipTime(trx, { userId: who.id, planId: plan.id, days: 30 }));
    const all = (await list(1, who.token)).map((e) => e.access);
    expect(all.filter((a) => a === 'member').length).toBeGreaterThan(0);
    expect(all.every((a) => a === 'member' || a === 'free')).toBe(true);
    await databases[1]!.db
      .updateTable('memberships')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('user_id', '=', who.id)
      .execute();
    expect((await list(0, who.token)).some((e) => e.access === 'member')).toBe(false);
  });

  it('answers every read that starts after an unlock answered with the unlock, reads running alongside on both', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await viewer(100);
      const episode = f.episodes.ceo[2 + round]!;
      // Reads filling both instances' caches while the unlock commits: none may leave an old entry behind.
      const during = Array.from({ length: 30 }, (_, i) => unlocked(i % 2, who.token));
      const res = await call(round % 2, 'POST', '/api/video/unlock', who.token, { episodeId: episode });
      expect(envelope(res).code).toBe(200);
      const after = await Promise.all(Array.from({ length: 30 }, (_, i) => unlocked(i % 2, who.token)));
      await Promise.all(during);
      expect(after.filter((ids) => !ids.includes(episode))).toEqual([]);
    }
  });
});
