import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodePlayback, Membership, UnlockResult } from '@episodic/contract';
import {
  decryptSegment,
  LocalStorage,
  mediaTools,
  S3Storage,
  sealSubtitle,
  subtitleKey as sealingKey,
  type StorageDriver,
} from '../src/media/index';
import { upsertSubtitles } from '../src/media/ingest.repository';
import { startLocalS3, type LocalS3 } from './s3-server';
import { createTestApp, envelope, type TestApp } from './test-app';
import { looksLikeMpegTs, seedEpisode, seedSeries } from './media-fixtures';
import {
  callOk,
  grantCoins,
  membershipOf,
  newAccount,
  newGuest,
  newMember,
  NOBODY,
  packageEpisodes,
  readMediaPlaylist,
  send,
  type Principal,
} from './principals';

/**
 * A locked episode's media (master and rendition playlists, segments, key) as seen by callers who may
 * not watch it — nobody, a guest, a free account, someone who unlocked a different episode, a member
 * whose cancelled membership has run out — and by those who may: someone who unlocked it, a member,
 * and a member who cancelled but whose paid period is still running (access lasts to its end).
 */

let t: TestApp;
/** The locked episode under test, and another locked episode. */
let episodeA: number;
let episodeB: number;
/** A free episode of the same series (its subtitles may be public). */
let episodeFree: number;
/** Where episode A's English subtitles are stored. */
let subtitleKey: string;
/** A line of episode A's dialogue: what the subtitles sell. */
const DIALOGUE = 'The heir was never on the boat';
let who: {
  none: Principal;
  guest: Principal;
  free: Principal;
  unlockedOther: Principal;
  lapsedMember: Principal;
  unlockedThis: Principal;
  member: Principal;
  cancelledMember: Principal;
};
/** Episode A's media as the member (an entitled user) is handed it. */
let served: {
  master: string;
  variantUrls: string[];
  renditionUrl: string;
  playlist: string;
  keyUri: string;
  key: Buffer;
  segments: string[];
  ivs: Buffer[];
};

const get = (principal: Principal, url: string, viaCookie = false) =>
  send(t, principal.token, 'GET', url, { viaCookie });
const masterUrl = (id: number) => `/api/media/episodes/${String(id)}/master.m3u8`;
const subtitleUrl = (id: number, language = 'en') => `/api/media/episodes/${String(id)}/subtitles/${language}.vtt`;

/**
 * Stores a subtitle file for an episode as ingestion does (sealed, under its own key outside the
 * packaging), or as it did before sealing (`legacy`: plain WebVTT, `.vtt`), and records it.
 */
async function addSubtitle(
  db: TestApp['database']['db'],
  storage: StorageDriver,
  episodeId: number,
  text: string,
  opts: { legacy?: boolean } = {},
): Promise<string> {
  const language = 'en';
  const vtt = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${text}\n`;
  const key = `episodes/${String(episodeId)}/subtitles/${language}-${Date.now().toString(36)}.${opts.legacy ? 'vtt' : 'sealed'}`;
  await storage.putBuffer(key, opts.legacy ? vtt : sealSubtitle(vtt, await sealingKey(db)));
  await upsertSubtitles(db, episodeId, [{ language, storageKey: key }]);
  return key;
}
const keyUrl = (id: number) => `/api/media/keys/${String(id)}`;

/** Marks a membership's paid period as over, as the clock would (renewals.test.ts does the same). */
async function endPaidPeriod(userId: string): Promise<void> {
  await t.database.db
    .updateTable('memberships')
    .set({ current_period_end: new Date(Date.now() - 60_000) })
    .where('user_id', '=', userId)
    .execute();
}

async function cancel(principal: Principal): Promise<Membership> {
  return (await callOk<Membership>(t, principal.token, 'POST', '/api/payment/cancel')).data;
}

/** A media refusal: a plain, uncached 403 with nothing of the playlist or key in it. */
function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, label).toBe(403);
  expect(res.headers['cache-control'], label).toBe('no-store');
  expect(String(res.headers['content-type']), label).toMatch(/^text\/plain/);
  expect(res.body, label).toBe('Forbidden');
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  const { db } = t.database;
  const seriesId = await seedSeries(db, { title: 'Locked Media Series' });
  episodeA = await seedEpisode(db, seriesId, 1, { free: false, cost: 60 });
  episodeB = await seedEpisode(db, seriesId, 2, { free: false, cost: 60 });
  episodeFree = await seedEpisode(db, seriesId, 3, { free: true });
  await packageEpisodes(t, [episodeA, episodeB, episodeFree]);
  const storage = new LocalStorage(path.join(t.dataDir, 'media'));
  subtitleKey = await addSubtitle(db, storage, episodeA, DIALOGUE);
  await addSubtitle(db, storage, episodeFree, 'Free to read', { legacy: true });

  const unlocker = async (label: string, episodeId: number) => {
    const p = await newAccount(t, label);
    await grantCoins(t, p.id!, 60);
    const res = await callOk<UnlockResult>(t, p.token, 'POST', '/api/video/unlock', { episodeId });
    expect(res.data).toMatchObject({ spent: 60, unlocked: [episodeId] });
    return p;
  };
  const lapsedMember = await newMember(t, 'lapsed member');
  const cancelledMember = await newMember(t, 'cancelled member');
  who = {
    none: NOBODY,
    guest: await newGuest(t),
    free: await newAccount(t, 'free user'),
    unlockedOther: await unlocker('unlocked B', episodeB),
    lapsedMember,
    unlockedThis: await unlocker('unlocked A', episodeA),
    member: await newMember(t, 'member'),
    cancelledMember,
  };
  // Cancelled through the product, then the paid period is made to end.
  expect(await cancel(lapsedMember)).toMatchObject({ active: true, autoRenew: false, renewsAt: null });
  await endPaidPeriod(lapsedMember.id!);
  expect(await cancel(cancelledMember)).toMatchObject({ active: true, autoRenew: false, renewsAt: null });

  // What an entitled user is handed.
  const master = await get(who.member, masterUrl(episodeA));
  expect(master.statusCode).toBe(200);
  const variantUrls = master.body
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((v) => new URL(v, `http://episodic.test${masterUrl(episodeA)}`).pathname);
  const renditionUrl = variantUrls[0]!;
  const rendition = await get(who.member, renditionUrl);
  expect(rendition.statusCode).toBe(200);
  const { segments, keyUris, ivs } = readMediaPlaylist(rendition.body);
  const key = await get(who.member, keyUris[0]!);
  expect(key.statusCode).toBe(200);
  served = {
    master: master.body,
    variantUrls,
    renditionUrl,
    playlist: rendition.body,
    keyUri: keyUris[0]!,
    key: key.rawPayload,
    segments,
    ivs,
  };
}, 120_000);
afterAll(() => t?.close());

const REFUSED = ['none', 'guest', 'free', 'unlockedOther', 'lapsedMember'] as const;
const ENTITLED = ['unlockedThis', 'member', 'cancelledMember'] as const;

describe('the callers of this test are who they claim to be', () => {
  it('has an ended, cancelled membership, a cancelled one still running, and an unlock of another episode that works', async () => {
    expect(await membershipOf(t, who.lapsedMember)).toMatchObject({ active: false });
    const row = await t.database.db
      .selectFrom('memberships')
      .select(['auto_renew', 'cancelled_at', 'current_period_end'])
      .where('user_id', '=', who.lapsedMember.id!)
      .executeTakeFirstOrThrow();
    expect(row.auto_renew).toBe(false);
    expect(row.cancelled_at).not.toBeNull();
    expect(row.current_period_end.getTime()).toBeLessThan(Date.now());
    expect(await membershipOf(t, who.cancelledMember)).toMatchObject({
      active: true,
      autoRenew: false,
      renewsAt: null,
    });
    expect(await membershipOf(t, who.member)).toMatchObject({ active: true, autoRenew: true });
    // The unlock of B is real: B's key is served to that user.
    const keyB = await get(who.unlockedOther, keyUrl(episodeB));
    expect(keyB.statusCode).toBe(200);
    expect(keyB.rawPayload).toHaveLength(16);
  });
});

describe('a locked episode', () => {
  it.each(REFUSED)(
    'refuses the master playlist, every rendition playlist and the key to %s (header and cookie alike)',
    async (name) => {
      const principal = who[name];
      const urls = [masterUrl(episodeA), ...served.variantUrls, served.keyUri, keyUrl(episodeA)];
      for (const url of urls) {
        expectRefused(await get(principal, url), `${name} ${url}`);
        if (principal.token) expectRefused(await get(principal, url, true), `${name} ${url} (cookie)`);
      }
    },
  );

  it.each(REFUSED)('gives %s no playlist or subtitles in the episode information', async (name) => {
    const res = await get(who[name], `/api/video/episode?id=${String(episodeA)}`);
    const info = envelope<EpisodePlayback>(res).data;
    expect(info).toMatchObject({ id: episodeA, playable: false, hls: null, subtitles: [] });
    expect(res.body).not.toContain('.m3u8');
    expect(res.body).not.toContain('/api/media/keys/');
  });

  it.each(ENTITLED)('serves the playlists and the key to %s', async (name) => {
    const principal = who[name];
    const master = await get(principal, masterUrl(episodeA));
    expect(master.statusCode).toBe(200);
    expect(master.body).toBe(served.master);
    for (const url of served.variantUrls) expect((await get(principal, url)).statusCode).toBe(200);
    const key = await get(principal, served.keyUri);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toBe('no-store, private');
    expect(key.rawPayload.equals(served.key)).toBe(true);
    const info = envelope<EpisodePlayback>(await get(principal, `/api/video/episode?id=${String(episodeA)}`)).data;
    expect(info).toMatchObject({ playable: true, hls: masterUrl(episodeA) });
  });

  it('never serves playlists or the key from the public media path, and keeps the key out of storage', async () => {
    const media = await t.database.db
      .selectFrom('episode_media')
      .select(['prefix', 'key'])
      .where('episode_id', '=', episodeA)
      .executeTakeFirstOrThrow();
    const rendition = served.renditionUrl.split('/').at(-2)!;
    for (const stored of [
      `${media.prefix}/master.m3u8`,
      `${media.prefix}/${rendition}/index.m3u8`,
      `${media.prefix}/key`,
      `${media.prefix}/${rendition}/key.bin`,
    ]) {
      const res = await get(NOBODY, `/media/${stored}`);
      expect(res.statusCode, stored).toBe(404);
      expect(res.body, stored).not.toContain('#EXT');
    }
    // No stored file of the episode holds the key's bytes.
    const dir = path.join(t.dataDir, 'media', media.prefix);
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const bytes = await fs.readFile(path.join(file.parentPath, file.name));
      expect(bytes.includes(media.key!), file.name).toBe(false);
      expect(bytes.includes(Buffer.from(media.key!.toString('hex'))), file.name).toBe(false);
    }
  });
});

describe('a cancelled membership', () => {
  it('keeps the key to the end of the paid period, then loses it on the next request', async () => {
    const member = await newMember(t, 'cancelling member');
    await cancel(member);
    for (const url of [masterUrl(episodeA), served.renditionUrl, served.keyUri])
      expect((await get(member, url)).statusCode, url).toBe(200);
    await endPaidPeriod(member.id!);
    for (const url of [masterUrl(episodeA), served.renditionUrl, served.keyUri])
      expectRefused(await get(member, url), url);
  });
});

describe('a playlist handed from an entitled user to someone else', () => {
  it('carries no credential: plain addresses, no token or key inside', () => {
    for (const text of [served.master, served.playlist]) {
      for (const principal of Object.values(who)) if (principal.token) expect(text).not.toContain(principal.token);
      expect(text).not.toContain(served.key.toString('hex'));
      expect(text).not.toContain(served.key.toString('base64'));
    }
    expect(served.keyUri).toBe(keyUrl(episodeA));
    for (const url of [...served.variantUrls, ...served.segments]) expect(url).not.toContain('?');
  });

  it.each(REFUSED)('does not let %s decrypt: the segments come, the key does not', async (name) => {
    const principal = who[name];
    expectRefused(await get(principal, served.renditionUrl), `${name} rendition`);
    expectRefused(await get(principal, served.keyUri), `${name} key`);
    // The segments are public ciphertext: fetched fine, useless without the key.
    const segment = await get(principal, served.segments[0]!);
    expect(segment.statusCode).toBe(200);
    expect(looksLikeMpegTs(segment.rawPayload)).toBe(false);
    const wrongKey = Buffer.alloc(16, 7);
    const guessed = (() => {
      try {
        return decryptSegment(segment.rawPayload, wrongKey, served.ivs[0]!);
      } catch {
        return null;
      }
    })();
    expect(guessed === null || !looksLikeMpegTs(guessed)).toBe(true);
    // The entitled user's key opens the very same bytes: the key is the only thing missing.
    expect(looksLikeMpegTs(decryptSegment(segment.rawPayload, served.key, served.ivs[0]!))).toBe(true);
  });

  it('plays in a real HLS client (ffprobe) for the entitled user, and not for the others at the same addresses', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
    const play = async (principal: Principal, url: string) => {
      const headers = principal.token ? ['-headers', `X-User-Token: ${principal.token}\r\n`] : [];
      const { stdout } = await promisify(execFile)(mediaTools().ffprobe, [
        '-v',
        'error',
        ...headers,
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'json',
        `${base}${url}`,
      ]);
      return Number((JSON.parse(stdout) as { streams: { nb_read_frames: string }[] }).streams[0]?.nb_read_frames ?? 0);
    };
    for (const url of [masterUrl(episodeA), served.renditionUrl]) {
      expect(await play(who.member, url), url).toBeGreaterThan(0);
      // Without the right a client gets nowhere: ffprobe fails (403), or decodes nothing.
      for (const name of REFUSED) expect(await play(who[name], url).catch(() => 0), `${name} ${url}`).toBe(0);
    }
  });
});

describe("a locked episode's subtitles", () => {
  it.each(REFUSED)('are refused to %s (header and cookie alike), under any spelling of the address', async (name) => {
    const principal = who[name];
    for (const url of [
      subtitleUrl(episodeA),
      subtitleUrl(episodeA, 'es'),
      `/%61pi/media/episodes/${String(episodeA)}/subtitles/en.vtt`,
    ]) {
      const res = await get(principal, url);
      expect([403, 404], url).toContain(res.statusCode);
      if (res.statusCode === 403) expectRefused(res, `${name} ${url}`);
      expect(res.body).not.toContain(DIALOGUE);
      if (principal.token) expect((await get(principal, url, true)).body).not.toContain(DIALOGUE);
    }
    expectRefused(await get(principal, subtitleUrl(episodeA)), name);
  });

  it.each(ENTITLED)(
    'are served to %s, privately and uncached, at the address the episode information names',
    async (name) => {
      const principal = who[name];
      const info = envelope<EpisodePlayback>(await get(principal, `/api/video/episode?id=${String(episodeA)}`)).data;
      expect(info.subtitles).toEqual([{ language: 'en', url: subtitleUrl(episodeA) }]);
      for (const viaCookie of [false, true]) {
        const res = await get(principal, info.subtitles[0]!.url, viaCookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain(DIALOGUE);
      }
    },
  );

  it('are not served from their storage address, to anyone', async () => {
    for (const principal of [NOBODY, who.guest, who.member]) {
      const res = await get(principal, `/media/${subtitleKey}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(DIALOGUE);
    }
    // And the stored file holds no dialogue: storage may be public (a CDN in front of a bucket).
    const stored = await fs.readFile(path.join(t.dataDir, 'media', ...subtitleKey.split('/')));
    expect(stored.toString('latin1')).not.toContain(DIALOGUE);
    expect(stored.toString('latin1')).not.toContain('WEBVTT');
  });

  it("leave a free episode's subtitles to everyone, cacheable for a short while", async () => {
    const info = envelope<EpisodePlayback>(await get(NOBODY, `/api/video/episode?id=${String(episodeFree)}`)).data;
    expect(info.subtitles).toEqual([{ language: 'en', url: subtitleUrl(episodeFree) }]);
    const res = await get(who.guest, subtitleUrl(episodeFree));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Free to read');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('subtitles with S3 storage and a CDN (MEDIA_PUBLIC_URL)', () => {
  let s3: LocalS3;
  let app: TestApp;
  let locked: number;
  const CDN = 'https://cdn.episodic.example';
  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await createTestApp({ ...s3.env, PUBLIC_URL: 'http://episodic.test', MEDIA_PUBLIC_URL: CDN });
    const { db } = app.database;
    const seriesId = await seedSeries(db, { title: 'Locked Subtitles on S3' });
    locked = await seedEpisode(db, seriesId, 1, { free: false, cost: 60 });
    // Media of the episode as packaging records it (playable for the entitled); the files are not needed here.
    await db
      .insertInto('episode_media')
      .values({
        episode_id: locked,
        prefix: `episodes/${String(locked)}/p1`,
        key: Buffer.alloc(16, 1),
        source_hash: 'x',
        width: 360,
        height: 640,
        duration_ms: 1000,
        renditions: JSON.stringify([]),
      })
      .execute();
    await db.updateTable('episodes').set({ media_status: 'ready' }).where('id', '=', locked).execute();
    await addSubtitle(db, new S3Storage(s3.options), locked, DIALOGUE);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('names the checked address (not the CDN), refuses a guest and serves someone who unlocked the episode', async () => {
    const guest = await newGuest(app);
    expectRefused(await send(app, guest.token, 'GET', subtitleUrl(locked)), 'guest');
    const buyer = await newAccount(app, 's3 unlocker');
    await grantCoins(app, buyer.id!, 60);
    await callOk(app, buyer.token, 'POST', '/api/video/unlock', { episodeId: locked });
    const info = envelope<EpisodePlayback>(
      await send(app, buyer.token, 'GET', `/api/video/episode?id=${String(locked)}`),
    ).data;
    expect(info.subtitles).toEqual([{ language: 'en', url: subtitleUrl(locked) }]);
    expect(JSON.stringify(info.subtitles)).not.toContain(CDN);
    const res = await send(app, buyer.token, 'GET', info.subtitles[0]!.url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(DIALOGUE);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // A CDN in front of the servers' /media/ gets nothing for it either.
    const key = (
      await app.database.db
        .selectFrom('episode_subtitles')
        .select('storage_key')
        .where('episode_id', '=', locked)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect((await send(app, null, 'GET', `/media/${key}`)).statusCode).toBe(404);
    // A CDN in front of the bucket (MEDIA_PUBLIC_URL's origin here is the bucket itself) serves the
    // object to anyone who finds its key: it holds no dialogue.
    const raw = await fetch(`${s3.options.endpoint!}/${s3.options.bucket}/${key}`);
    expect(raw.status).toBe(200);
    const bytes = Buffer.from(await raw.arrayBuffer()).toString('latin1');
    expect(bytes).not.toContain(DIALOGUE);
    expect(bytes).not.toContain('WEBVTT');
  });
});
