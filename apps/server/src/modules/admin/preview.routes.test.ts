import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, createOperator, sessionOf, type Callers } from '../../../test/admin-fixture';
import { seedEpisode, seedSeries } from '../../../test/media-fixtures';

let t: TestApp;
let who: Callers;
let finance: string;
let draft: number;
let published: number;
let unready: number;
const KEY = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

const MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=360x640\n360p/index.m3u8\n';
const RENDITION =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x00000000000000000000000000000001\n#EXTINF:2.0,\nseg0.ts\n#EXT-X-ENDLIST\n';

/** Packaged media as ingestion leaves it: playlists in storage, the key in the database. */
async function withMedia(episodeId: number): Promise<void> {
  const prefix = `episodes/${String(episodeId)}/p1`;
  const dir = path.join(t.dataDir, 'media', prefix);
  await fs.mkdir(path.join(dir, '360p'), { recursive: true });
  await fs.writeFile(path.join(dir, 'master.m3u8'), MASTER);
  await fs.writeFile(path.join(dir, '360p', 'index.m3u8'), RENDITION);
  await t.database.db
    .insertInto('episode_media')
    .values({
      episode_id: episodeId,
      prefix,
      key: KEY,
      source_hash: 'x',
      width: 360,
      height: 640,
      duration_ms: 2000,
      renditions: JSON.stringify([{ name: '360p', width: 360, height: 640, bandwidth: 400_000, codecs: 'avc1' }]),
    })
    .execute();
  await t.database.db.updateTable('episodes').set({ media_status: 'ready' }).where('id', '=', episodeId).execute();
}

const base = (id: number) => `/api/admin/episodes/${String(id)}/preview`;
const urls = (id: number) => [`${base(id)}/master.m3u8`, `${base(id)}/360p/index.m3u8`, `${base(id)}/key`];
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? sessionOf(token) : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const series = await seedSeries(db, { published: false });
  draft = await seedEpisode(db, series, 1, { published: false });
  published = await seedEpisode(db, await seedSeries(db), 1, { free: false });
  unready = await seedEpisode(db, series, 2, { published: false });
  await withMedia(draft);
  await withMedia(published);
  who = await createCallers(t);
  finance = (await createOperator(t, 'finance_support')).token;
}, 60_000);
afterAll(() => t.close());

describe('the console preview of an episode', () => {
  it('gives an operator the playlists of a draft and of a locked published episode, never cached', async () => {
    for (const id of [draft, published]) {
      const master = await get(`${base(id)}/master.m3u8`, who.admin);
      expect(master.statusCode).toBe(200);
      expect(master.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
      expect(master.headers['cache-control']).toBe('private, no-store');
      expect(master.body).toContain('360p/index.m3u8');

      const rendition = await get(`${base(id)}/360p/index.m3u8`, who.admin);
      expect(rendition.statusCode).toBe(200);
      expect(rendition.headers['cache-control']).toBe('private, no-store');
      // Segments stay the public ciphertext; the key comes from the console's own route.
      expect(rendition.body).toContain(`/media/episodes/${String(id)}/p1/360p/seg0.ts`);
      expect(rendition.body).toContain(`URI="${base(id)}/key"`);
      expect(rendition.body).not.toContain('/api/media/keys');
    }
  });

  it('answers the key route with exactly the 16-byte key', async () => {
    const res = await get(`${base(draft)}/key`, who.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(KEY)).toBe(true);
  });

  it('refuses a viewer, a guest, no session, the operator viewer session and a role without content', async () => {
    const callers = [
      [undefined, 401],
      [who.guest, 401],
      [who.viewer, 403],
      [who.adminViewer, 401],
      [finance, 403],
    ] as const;
    const answers = await Promise.all(
      callers.flatMap(([token, code]) => urls(draft).map(async (url) => ({ code, res: await get(url, token) }))),
    );
    for (const { code, res } of answers) {
      expect((JSON.parse(res.body) as { code: number }).code).toBe(code);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('#EXT');
      expect(res.rawPayload.includes(KEY)).toBe(false);
    }
  });

  it('answers a plain 404 for an episode that does not exist, has no media yet, or a rendition it lacks', async () => {
    for (const url of [...urls(999_999), ...urls(unready), `${base(draft)}/1080p/index.m3u8`, `${base(0)}/key`]) {
      const res = await get(url, who.admin);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('Not found');
    }
  });
});
