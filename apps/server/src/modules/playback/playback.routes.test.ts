import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@episodic/contract';
import { createTestApp, newGuest, type TestApp } from '../../testing';
import { looksLikeMpegTs, makeTestClip, probeStreams, seedEpisode, seedSeries } from '../../../test/media-fixtures';
import { decryptSegment, ingestEpisode, LocalStorage, mediaTools } from '../../media/index';
import { createAccessService } from '../access/index';
import { createPlaybackService } from './index';

let t: TestApp;
let storage: LocalStorage;
let lockedId: number;
let freeId: number;
let draftId: number;
let draftSeriesEpisodeId: number;
let noMediaId: number;

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-user-token': token } : {} });

beforeAll(async () => {
  t = await createTestApp();
  storage = new LocalStorage(path.join(t.dataDir, 'media'));
  const clip = await makeTestClip(path.join(t.dataDir, 'clip.mp4'), { seconds: 2 });
  const { db } = t.database;
  const seriesId = await seedSeries(db);
  lockedId = await seedEpisode(db, seriesId, 1, { free: false });
  freeId = await seedEpisode(db, seriesId, 2, { free: true });
  draftId = await seedEpisode(db, seriesId, 3, { free: true, published: false });
  noMediaId = await seedEpisode(db, seriesId, 4, { free: true });
  const draftSeries = await seedSeries(db, { published: false });
  draftSeriesEpisodeId = await seedEpisode(db, draftSeries, 1, { free: true });
  for (const episodeId of [lockedId, freeId])
    await ingestEpisode({ db, storage, episodeId, input: clip, preset: 'ultrafast' });
  // Episodes that must stay unplayable need media too, but one small rendition is enough.
  const small = await makeTestClip(path.join(t.dataDir, 'small.mp4'), { seconds: 1, width: 360, height: 640 });
  for (const episodeId of [draftId, draftSeriesEpisodeId])
    await ingestEpisode({ db, storage, episodeId, input: small, preset: 'ultrafast' });
});
afterAll(() => t.close());

/** The segment URLs and IVs of a served rendition playlist, and its key URI. */
function readPlaylist(text: string) {
  const lines = text.split('\n');
  const segments = lines.filter((l) => l && !l.startsWith('#'));
  const keys = lines.filter((l) => l.startsWith('#EXT-X-KEY:'));
  return {
    segments,
    keyUris: keys.map((l) => /URI="([^"]+)"/.exec(l)![1]!),
    ivs: keys.map((l) => Buffer.from(/IV=0x([0-9a-f]{32})/.exec(l)![1]!, 'hex')),
  };
}

describe('a locked episode', () => {
  it('refuses playlists and key to a guest, with plain 403s that are never cached', async () => {
    const { token } = await newGuest(t);
    for (const url of [
      `/api/media/episodes/${lockedId}/master.m3u8`,
      `/api/media/episodes/${lockedId}/360p/index.m3u8`,
      `/api/media/keys/${lockedId}`,
    ]) {
      for (const res of [await get(url), await get(url, token)]) {
        expect(res.statusCode).toBe(403);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toMatch(/^\{/);
      }
    }
  });

  it('has segments anyone can fetch, and they are undecodable ciphertext', async () => {
    const media = await t.database.db
      .selectFrom('episode_media')
      .selectAll()
      .where('episode_id', '=', lockedId)
      .executeTakeFirstOrThrow();
    const res = await get(`/media/${media.prefix}/360p/seg_000.ts`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    const bytes = res.rawPayload;
    expect(bytes.length % 16).toBe(0);
    expect(looksLikeMpegTs(bytes)).toBe(false);
    const syncBytes = [0, 188, 376, 564, 752].filter((i) => bytes[i] === 0x47).length;
    expect(syncBytes).toBeLessThan(3);
    const file = path.join(t.dataDir, 'stolen.ts');
    await fs.writeFile(file, bytes);
    // Read as what it is (MPEG-TS). Left to guess the format, ffprobe now and then takes random bytes
    // for some other container with a "video" stream in it.
    const readable = await probeStreams(file, { format: 'mpegts' }).then(
      (streams) => streams.some((s) => s.codec_type === 'video'),
      () => false,
    );
    expect(readable).toBe(false);
  });

  it('plays for a user who unlocked it: playlists, key, and segments that decrypt to H.264 + AAC', async () => {
    const { token, id: userId } = await newGuest(t);
    await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: lockedId }).execute();

    const master = await get(`/api/media/episodes/${lockedId}/master.m3u8`, token);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers['cache-control']).toBe('private, no-store');
    const variants = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toEqual(['720p/index.m3u8', '540p/index.m3u8', '360p/index.m3u8']);

    const variantUrl = new URL(variants[2]!, `http://x/api/media/episodes/${lockedId}/master.m3u8`).pathname;
    const variant = await get(variantUrl, token);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cache-control']).toBe('private, no-store');
    const { segments, keyUris, ivs } = readPlaylist(variant.body);
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments)
      expect(s).toMatch(new RegExp(`^/media/episodes/${lockedId}/[a-z0-9]+/360p/seg_\\d{3}\\.ts$`));
    expect(new Set(keyUris)).toEqual(new Set([`/api/media/keys/${lockedId}`]));

    const key = await get(keyUris[0]!, token);
    expect(key.statusCode).toBe(200);
    expect(key.headers['content-type']).toBe('application/octet-stream');
    expect(key.headers['cache-control']).toBe('no-store, private');
    expect(key.rawPayload).toHaveLength(16);

    const segment = await get(segments[0]!);
    const clear = decryptSegment(segment.rawPayload, key.rawPayload, ivs[0]!);
    expect(looksLikeMpegTs(clear)).toBe(true);
    const file = path.join(t.dataDir, 'clear.ts');
    await fs.writeFile(file, clear);
    const streams = await probeStreams(file);
    expect(streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  });

  it('accepts the session cookie as well as the header', async () => {
    const { token, id: userId } = await newGuest(t);
    await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: lockedId }).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/media/keys/${lockedId}`,
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toHaveLength(16);
  });

  it('stops serving the key once the unlock is gone: checked on every request', async () => {
    const { token, id: userId } = await newGuest(t);
    await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: lockedId }).execute();
    expect((await get(`/api/media/keys/${lockedId}`, token)).statusCode).toBe(200);
    await t.database.db.deleteFrom('unlocks').where('user_id', '=', userId).execute();
    expect((await get(`/api/media/keys/${lockedId}`, token)).statusCode).toBe(403);
  });
});

describe('other episodes', () => {
  it('plays a free published episode for a guest without signing in', async () => {
    const master = await get(`/api/media/episodes/${freeId}/master.m3u8`);
    expect(master.statusCode).toBe(200);
    const variant = await get(`/api/media/episodes/${freeId}/720p/index.m3u8`);
    expect(variant.statusCode).toBe(200);
    const key = await get(`/api/media/keys/${freeId}`);
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload).toHaveLength(16);
  });

  it('sends playlists compressed to a browser that accepts it, and keys and segments as they are', async () => {
    // A longer episode: its rendition playlist (a key line per segment) is past the compression threshold.
    const seriesId = await seedSeries(t.database.db);
    const longId = await seedEpisode(t.database.db, seriesId, 1, { free: true });
    const clip = await makeTestClip(path.join(t.dataDir, 'long.mp4'), { seconds: 24, width: 360, height: 640 });
    await ingestEpisode({ db: t.database.db, storage, episodeId: longId, input: clip, preset: 'ultrafast' });
    const url = `/api/media/episodes/${longId}/360p/index.m3u8`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(packed.headers['content-encoding']).toBe(encoding);
      const text = (encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(packed.rawPayload).toString();
      expect(text).toBe(plain.payload);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    const key = await t.app.inject({
      method: 'GET',
      url: `/api/media/keys/${longId}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(key.headers['content-encoding']).toBeUndefined();
    expect(key.rawPayload).toHaveLength(16);
    const segment = readPlaylist(plain.payload).segments[0]!;
    const packedSegment = await t.app.inject({ method: 'GET', url: segment, headers: { 'accept-encoding': 'br' } });
    expect(packedSegment.statusCode).toBe(200);
    expect(packedSegment.headers['content-encoding']).toBeUndefined();
  });

  it('keeps free episodes encrypted too, so locking one later needs no new packaging', async () => {
    const media = await t.database.db
      .selectFrom('episode_media')
      .selectAll()
      .where('episode_id', '=', freeId)
      .executeTakeFirstOrThrow();
    const segment = await get(`/media/${media.prefix}/720p/seg_000.ts`);
    expect(looksLikeMpegTs(segment.rawPayload)).toBe(false);
    await t.database.db.updateTable('episodes').set({ free: false }).where('id', '=', freeId).execute();
    expect((await get(`/api/media/keys/${freeId}`)).statusCode).toBe(403);
    await t.database.db.updateTable('episodes').set({ free: true }).where('id', '=', freeId).execute();
    expect((await get(`/api/media/keys/${freeId}`)).statusCode).toBe(200);
  });

  it('refuses unpublished episodes and episodes of unpublished series', async () => {
    for (const id of [draftId, draftSeriesEpisodeId]) {
      expect((await get(`/api/media/episodes/${id}/master.m3u8`)).statusCode).toBe(403);
      expect((await get(`/api/media/keys/${id}`)).statusCode).toBe(403);
    }
  });

  it.each([
    ['an unknown episode', () => `/api/media/episodes/987654/master.m3u8`],
    ['an episode without media', () => `/api/media/episodes/${noMediaId}/master.m3u8`],
    ['an unknown rendition', () => `/api/media/episodes/${freeId}/1080p/index.m3u8`],
    ['a malformed id', () => `/api/media/episodes/abc/master.m3u8`],
    ['a huge id', () => `/api/media/keys/99999999999`],
    ['a malformed rendition', () => `/api/media/episodes/${freeId}/..%2F..%2Fx/index.m3u8`],
  ])('answers a plain 404 for %s', async (_, url) => {
    const res = await get(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('a real HLS client', () => {
  /** Plays an episode's master playlist to the end with ffmpeg's HLS demuxer (keys, IVs, decryption); answers the frames decoded. */
  async function play(base: string, episodeId: number, token?: string): Promise<number> {
    const headers = token ? ['-headers', `X-User-Token: ${token}\r\n`] : [];
    const { stdout } = await promisify(execFile)(mediaTools().ffprobe, [
      '-v',
      'error',
      ...headers,
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames,codec_name',
      '-of',
      'json',
      `${base}/api/media/episodes/${episodeId}/master.m3u8`,
    ]);
    return Number((JSON.parse(stdout) as { streams: { nb_read_frames: string }[] }).streams[0]!.nb_read_frames);
  }

  it('plays a free episode and an unlocked one over HTTP, and gets nothing of a locked one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(await play(base, freeId)).toBe(48);
    await expect(play(base, lockedId)).rejects.toThrow(/403 Forbidden/);
    const { token, id: userId } = await newGuest(t);
    await t.database.db.insertInto('unlocks').values({ user_id: userId, episode_id: lockedId }).execute();
    expect(await play(base, lockedId, token)).toBe(48);
  });
});

describe('playbackInfo and entitlements', () => {
  const service = (isMember: (userId: string) => Promise<boolean> = async () => false) => {
    const access = createAccessService({ db: t.database.db, isMember });
    return {
      access,
      playback: createPlaybackService({
        db: t.database.db,
        storage,
        mediaBaseUrl: 'https://cdn.example.com/media/',
        access,
      }),
    };
  };

  it('gives the master playlist, poster and subtitles of a playable episode, and only the poster of a locked one', async () => {
    const { playback } = service();
    const free = (await playback.playbackInfo(freeId, null))!;
    expect(free.playable).toBe(true);
    expect(free.hls).toBe(`/api/media/episodes/${freeId}/master.m3u8`);
    expect(free.poster).toMatch(
      new RegExp(`^https://cdn\\.example\\.com/media/episodes/${freeId}/[a-z0-9]+/poster\\.jpg$`),
    );
    expect(free.thumbnail).toMatch(/thumbnail\.jpg$/);
    const locked = (await playback.playbackInfo(lockedId, null))!;
    expect(locked).toMatchObject({ playable: false, hls: null, subtitles: [] });
    expect(locked.poster).toMatch(/poster\.jpg$/);
    expect((await playback.playbackInfo(noMediaId, null))!.playable).toBe(false);
    expect(await playback.playbackInfo(987654, null)).toBeNull();
    expect(playback.mediaUrl('covers/a b.jpg')).toBe('https://cdn.example.com/media/covers/a%20b.jpg');
    expect(playback.mediaUrl(null)).toBeNull();
  });

  it('asks about a membership only for signed-in users of locked episodes', async () => {
    const { id: userId } = await newGuest(t);
    const asked: string[] = [];
    const { access } = service(async (uid) => {
      asked.push(uid);
      return uid === userId;
    });
    expect(await access.canWatch(userId, lockedId)).toBe(true);
    expect(await access.canWatch(null, lockedId)).toBe(false);
    expect(await access.canWatch(userId, freeId)).toBe(true);
    expect(await access.canWatch(userId, draftId)).toBe(false);
    expect(asked).toEqual([userId]);

    const later = service();
    expect(await later.access.canWatch(userId, lockedId)).toBe(false);
    const member = service(async () => true);
    expect(await member.access.canWatch(userId, lockedId)).toBe(true);
    expect((await member.playback.playbackInfo(lockedId, userId))!.playable).toBe(true);
  });
});
