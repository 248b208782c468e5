import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import { makeTestClip, seedEpisode, seedSeries } from '../../../test/media-fixtures';
import { ingestEpisode, LocalStorage, S3Storage } from '../../media/index';

let t: TestApp;
const BODY = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  t = await createTestApp();
  // A built viewer app, so that a miss under /media/ could fall back to index.html if it were allowed to.
  await fs.mkdir(t.env.webDist, { recursive: true });
  await fs.writeFile(path.join(t.env.webDist, 'index.html'), '<!doctype html><title>viewer</title>');
  const storage = new LocalStorage(path.join(t.dataDir, 'media'));
  await storage.putBuffer('episodes/1/abc/360p/seg_000.ts', BODY);
  await storage.putBuffer('episodes/1/abc/poster.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await storage.putBuffer('covers/c.png', Buffer.from('png'));
  await storage.putBuffer('covers/c.webp', Buffer.from('webp'));
  await storage.putBuffer('episodes/1/subtitles/en-x.vtt', 'WEBVTT\n');
  await storage.putBuffer('episodes/1/abc/360p/index.m3u8', '#EXTM3U\n');
  await storage.putBuffer('episodes/1/abc/notes.html', '<script>alert(1)</script>');
  await fs.writeFile(path.join(t.dataDir, 'secret.ts'), 'SECRET');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /media/*', () => {
  it.each([
    ['episodes/1/abc/360p/seg_000.ts', 'video/mp2t'],
    ['episodes/1/abc/poster.jpg', 'image/jpeg'],
    ['covers/c.png', 'image/png'],
    ['covers/c.webp', 'image/webp'],
  ])('serves %s as %s, immutable, with an ETag and byte ranges', async (key, type) => {
    const res = await get(`/media/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers a byte range with 206 and Content-Range', async () => {
    const res = await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload).toEqual(BODY.subarray(100, 200));

    const open = await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=990-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload).toEqual(BODY.subarray(990));

    const suffix = await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=-5' });
    expect(suffix.headers['content-range']).toBe('bytes 995-999/1000');
    expect(suffix.rawPayload).toEqual(BODY.subarray(995));

    const past = await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=900-5000' });
    expect(past.statusCode).toBe(206);
    expect(past.headers['content-range']).toBe('bytes 900-999/1000');
  });

  it('answers 416 for a range past the end', async () => {
    const res = await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=1000-1100' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
  });

  it('sends the whole file for a range it does not honour, or one with a stale If-Range', async () => {
    for (const range of ['bytes=5-1,7-9', 'items=0-5', 'bytes=abc', 'bytes=10-5']) {
      const res = await get('/media/episodes/1/abc/360p/seg_000.ts', { range });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(BODY);
    }
    const { etag } = (await get('/media/episodes/1/abc/360p/seg_000.ts')).headers;
    expect(
      (await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=0-9', 'if-range': String(etag) })).statusCode,
    ).toBe(206);
    expect(
      (await get('/media/episodes/1/abc/360p/seg_000.ts', { range: 'bytes=0-9', 'if-range': '"old"' })).statusCode,
    ).toBe(200);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/media/episodes/1/abc/poster.jpg');
    const etag = String(first.headers.etag);
    const again = await get('/media/episodes/1/abc/poster.jpg', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/media/episodes/1/abc/poster.jpg', { 'if-none-match': `"nope", W/${etag}` })).statusCode).toBe(
      304,
    );
    expect((await get('/media/episodes/1/abc/poster.jpg', { 'if-none-match': '"nope"' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/media/episodes/1/abc/360p/seg_000.ts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.body).toBe('');
  });

  it.each([
    '/media/../secret.ts',
    '/media/%2e%2e/secret.ts',
    '/media/episodes/1/abc/..%2F..%2F..%2F..%2Fsecret.ts',
    '/media/episodes/1/abc/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.ts',
    '/media/%2e%2e%2fsecret.ts',
    '/media//etc/passwd',
    '/media/.tmp/x.ts',
    '/media/episodes%5c1%5cabc%5cposter.jpg',
  ])('never reaches outside the media folder: %s', async (url) => {
    const res = await get(url);
    expect(res.body).not.toContain('SECRET');
    // Paths that URL normalisation takes out of /media/ reach the app's own routes instead.
    if (new URL(url, 'http://x').pathname.startsWith('/media/')) expect(res.statusCode).toBe(404);
  });

  it('never serves playlists, HTML or unknown files raw, and misses are real 404s, not the app', async () => {
    for (const url of [
      '/media/episodes/1/abc/360p/index.m3u8',
      '/media/episodes/1/subtitles/en-x.vtt',
      '/media/episodes/1/abc/notes.html',
      '/media/episodes/1/abc/nothing.ts',
      '/media/',
      '/media',
      '/media/episodes',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).not.toContain('<title>viewer</title>');
    }
  });
});

describe('with the S3 driver and a public media URL', () => {
  let s3: LocalS3;
  let app: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await createTestApp({ ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' });
  });
  afterAll(async () => {
    await app.close();
    await s3.stop();
  });

  it('packages into the bucket, emits segment URLs under the public base, and still serves /media as origin', async () => {
    const { db } = app.database;
    const episodeId = await seedEpisode(db, await seedSeries(db), 1, { free: true });
    const clip = await makeTestClip(path.join(app.dataDir, 'small.mp4'), { seconds: 2, width: 360, height: 640 });
    const storage = new S3Storage(s3.options);
    const result = await ingestEpisode({ db, storage, episodeId, input: clip, preset: 'ultrafast' });
    expect(result.renditions.map((r) => r.name)).toEqual(['360p']);
    expect(await fs.stat(path.join(app.dataDir, 'media')).catch(() => null)).toBeNull();

    const variant = await app.app.inject({ method: 'GET', url: `/api/media/episodes/${episodeId}/360p/index.m3u8` });
    expect(variant.statusCode).toBe(200);
    const segments = variant.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments[0]).toBe(`https://cdn.example.com/media/${result.prefix}/360p/seg_000.ts`);
    expect(variant.body).toContain(`URI="/api/media/keys/${episodeId}"`);

    const origin = await app.app.inject({
      method: 'GET',
      url: `/media/${result.prefix}/360p/seg_000.ts`,
      headers: { range: 'bytes=0-15' },
    });
    expect(origin.statusCode).toBe(206);
    expect(origin.headers['content-type']).toBe('video/mp2t');
    expect(origin.rawPayload).toHaveLength(16);
    const whole = await app.app.inject({ method: 'GET', url: `/media/${result.prefix}/360p/seg_000.ts` });
    expect(whole.statusCode).toBe(200);
    expect(Number(whole.headers['content-length'])).toBeGreaterThan(1000);
    expect(
      (
        await app.app.inject({
          method: 'GET',
          url: `/media/${result.prefix}/360p/seg_000.ts`,
          headers: { 'if-none-match': String(whole.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
  });
});
