import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type EpisodePlayback, type UnlockResult, type User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from './test-app';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { LocalStorage } from '../src/media/index';
import { buy, call, newGuest } from './viewer-api';

/**
 * Property test of who may play what (shared ARCHITECTURE §5): an episode's key and playlists are
 * served iff it is free, or the caller holds an active membership, or unlocked it. Random viewers in
 * random states (guest or registered; no membership, bought, cancelled but still running, period
 * over, lapsed; some episodes unlocked with coins) ask for random episodes by header or cookie, and
 * the server's answers must match the model. The operator also frees and locks episodes between runs.
 */

let t: TestApp;
let f: CatalogFixture;

interface EpisodeState {
  published: boolean;
  free: boolean;
  /** Listed to viewers (its series is visible), so it can be unlocked and has an episode page. */
  listed: boolean;
  key: Buffer;
}
const catalog = new Map<number, EpisodeState>();
let pool: number[] = [];
/** An episode of a published series that is itself a draft. */
let draftEpisode: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  f = await seedCatalogFixture(t.database.db);
  const { db } = t.database;
  const storage = new LocalStorage(path.join(t.dataDir, 'media'));
  draftEpisode = f.episodes.wolf[7]!;
  await db.updateTable('episodes').set({ status: 'draft' }).where('id', '=', draftEpisode).execute();
  const draftSeriesEpisodes = await db
    .selectFrom('episodes')
    .select(['id', 'free'])
    .where('series_id', '=', f.series.draft)
    .orderBy('number')
    .execute();
  const published = [...f.episodes.ceo.slice(0, 6), ...f.episodes.wolf];
  // Packaged media for every episode of the pool: playlists in storage and a content key (no ffmpeg
  // needed: what is checked is who gets them).
  for (const [id, free, isPublished] of [
    ...published.map(
      (id) =>
        [
          id,
          f.episodes.ceo.slice(0, 2).includes(id) || f.episodes.wolf.slice(0, 2).includes(id),
          id !== draftEpisode,
        ] as const,
    ),
    ...draftSeriesEpisodes.map((e) => [e.id, e.free, false] as const),
  ]) {
    const key = randomBytes(16);
    const prefix = `episodes/${id}/p${randomBytes(4).toString('hex')}`;
    await db
      .insertInto('episode_media')
      .values({
        episode_id: id,
        prefix,
        key,
        source_hash: 'x',
        width: 720,
        height: 1280,
        duration_ms: 95_000,
        renditions: JSON.stringify([
          { name: '360p', width: 360, height: 640, bandwidth: 600_000, codecs: 'avc1.4d401e,mp4a.40.2' },
        ]),
      })
      .execute();
    await storage.putBuffer(
      `${prefix}/master.m3u8`,
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=360x640\n360p/index.m3u8\n',
    );
    await storage.putBuffer(
      `${prefix}/360p/index.m3u8`,
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x00000000000000000000000000000001\n#EXTINF:4.0,\nseg_000.ts\n#EXT-X-ENDLIST\n',
    );
    catalog.set(id, { published: isPublished, free, listed: isPublished, key });
  }
  pool = [...catalog.keys()];
}, 60_000);
afterAll(() => t.close());

type MembershipState = 'none' | 'active' | 'cancelled' | 'ended' | 'lapsed';

interface ViewerPlan {
  membership: MembershipState;
  /** Indexes into the pool of episodes to unlock with coins (before any membership). */
  unlocks: number[];
  registered: boolean;
}

interface Viewer {
  token: string;
  id: string;
  memberActive: boolean;
  unlocked: Set<number>;
}

let registrations = 0;

/** Brings a new visitor into the planned state through the API (the clock is moved in the database only for "ended"). */
async function prepare(plan: ViewerPlan): Promise<Viewer> {
  const g = await newGuest(t);
  const v: Viewer = { ...g, memberActive: false, unlocked: new Set() };
  const targets = plan.unlocks.map((i) => pool[i % pool.length]!).filter((id) => catalog.get(id)!.listed);
  if (targets.length > 0) {
    const { result } = await buy(t, v.token, 'coins-1000');
    expect(result.data.status).toBe('paid');
    for (const id of targets) {
      const res = await call<UnlockResult>(t, v.token, 'POST', '/api/video/unlock', { episodeId: id });
      expect(res.code).toBe(200);
      // A free episode needs no unlock and gets none.
      if (res.data.spent > 0) v.unlocked.add(id);
    }
  }
  if (plan.membership !== 'none') {
    const { result } = await buy(t, v.token, 'weekly');
    expect(result.data.status).toBe('paid');
    v.memberActive = true;
    if (plan.membership === 'cancelled') {
      const res = await call<{ active: boolean; autoRenew: boolean }>(t, v.token, 'POST', '/api/payment/cancel');
      expect(res.data).toMatchObject({ active: true, autoRenew: false });
    } else if (plan.membership === 'ended') {
      const now = Date.now();
      await t.database.db
        .updateTable('memberships')
        .set({ current_period_start: new Date(now - 8 * 86400_000), current_period_end: new Date(now - 1000) })
        .where('user_id', '=', v.id)
        .execute();
      v.memberActive = false;
    } else if (plan.membership === 'lapsed') {
      // What the third declined renewal leaves: the period's end may not even have come yet.
      await t.database.db
        .updateTable('memberships')
        .set({ status: 'lapsed', auto_renew: false })
        .where('user_id', '=', v.id)
        .execute();
      v.memberActive = false;
    }
  }
  if (plan.registered) {
    const password = 'viewer1password';
    const n = registrations++;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      // Each from its own address: registrations are rate-limited per address.
      remoteAddress: `10.9.${n >> 8}.${n & 255}`,
      headers: { 'x-user-token': v.token },
      payload: {
        email: `access-${n}-${randomBytes(3).toString('hex')}@example.com`,
        password,
        confirmPassword: password,
        agree: true,
      },
    });
    expect(envelope<User>(reg).data).toMatchObject({ id: v.id, isGuest: false });
    v.token = String(reg.headers['x-user-token']);
  }
  const me = await call<User>(t, v.token, 'GET', '/api/user');
  expect(me.data.membership.active).toBe(v.memberActive);
  return v;
}

/** The rule itself. */
function mayPlay(v: Viewer | null, episodeId: number): boolean {
  const e = catalog.get(episodeId)!;
  if (!e.published) return false;
  return e.free || (v !== null && (v.memberActive || v.unlocked.has(episodeId)));
}

type Endpoint = 'key' | 'master' | 'variant' | 'info';
interface Ask {
  who: number;
  episode: number;
  endpoint: Endpoint;
  carrier: 'header' | 'cookie';
}

async function ask(
  v: Viewer | null,
  episodeId: number,
  endpoint: Endpoint,
  carrier: 'header' | 'cookie',
): Promise<void> {
  const auth =
    v === null
      ? {}
      : carrier === 'header'
        ? { headers: { 'x-user-token': v.token } }
        : { cookies: { [SESSION_COOKIE]: v.token } };
  const expected = mayPlay(v, episodeId);
  const e = catalog.get(episodeId)!;
  if (endpoint === 'info') {
    if (!e.listed) return;
    const res = await t.app.inject({ method: 'GET', url: `/api/video/episode?id=${episodeId}`, ...auth });
    const info = envelope<EpisodePlayback>(res).data;
    expect({ episodeId, playable: info.playable, hls: info.hls !== null }).toEqual({
      episodeId,
      playable: expected,
      hls: expected,
    });
    return;
  }
  const url =
    endpoint === 'key'
      ? `/api/media/keys/${episodeId}`
      : endpoint === 'master'
        ? `/api/media/episodes/${episodeId}/master.m3u8`
        : `/api/media/episodes/${episodeId}/360p/index.m3u8`;
  const res = await t.app.inject({ method: 'GET', url, ...auth });
  expect({ url, status: res.statusCode }).toEqual({ url, status: expected ? 200 : 403 });
  if (!expected) {
    expect(res.rawPayload.includes(e.key)).toBe(false);
    return;
  }
  if (endpoint === 'key') expect(res.rawPayload.equals(e.key)).toBe(true);
  if (endpoint === 'master') expect(res.body).toContain('360p/index.m3u8');
  if (endpoint === 'variant') expect(res.body).toContain(`URI="/api/media/keys/${episodeId}"`);
}

const membershipArb = fc.constantFrom<MembershipState>('none', 'active', 'cancelled', 'ended', 'lapsed');
const viewerArb: fc.Arbitrary<ViewerPlan> = fc.record({
  membership: membershipArb,
  unlocks: fc.array(fc.nat({ max: 100 }), { maxLength: 4 }),
  registered: fc.boolean(),
});
const askArb: fc.Arbitrary<Ask> = fc.record({
  who: fc.nat({ max: 10 }),
  episode: fc.nat({ max: 100 }),
  endpoint: fc.constantFrom<Endpoint>('key', 'master', 'variant', 'info'),
  carrier: fc.constantFrom<'header' | 'cookie'>('header', 'cookie'),
});

describe('playback access (property-based)', () => {
  it('serves keys and playlists exactly to whom the rule allows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(viewerArb, { minLength: 1, maxLength: 3 }),
        fc.array(askArb, { minLength: 4, maxLength: 14 }),
        fc.option(fc.record({ episode: fc.nat({ max: 100 }), free: fc.boolean() }), { nil: null }),
        async (plans, asks, reprice) => {
          if (reprice) {
            // The operator frees or locks an episode: decided on every request, no new packaging.
            const id = pool[reprice.episode % pool.length]!;
            await t.database.db.updateTable('episodes').set({ free: reprice.free }).where('id', '=', id).execute();
            await t.app.services.catalog.invalidate();
            catalog.get(id)!.free = reprice.free;
          }
          const viewers = [];
          for (const plan of plans) viewers.push(await prepare(plan));
          // Index 0 of `who` beyond the viewers is an anonymous caller (no session at all).
          const callers: (Viewer | null)[] = [null, ...viewers];
          await Promise.all(
            asks.map((a) =>
              ask(callers[a.who % callers.length]!, pool[a.episode % pool.length]!, a.endpoint, a.carrier),
            ),
          );
          // Every viewer's own unlocked episodes play for them, and their keys stay theirs.
          for (const v of viewers) for (const id of v.unlocked) await ask(v, id, 'key', 'header');
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
