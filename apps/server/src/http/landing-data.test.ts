import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_DATA_ID, SESSION_COOKIE, landingAddress, type LandingData } from '@episodic/contract/constants';
import type { EpisodePlayback, FeedItem, Page } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedEpisode, seedSeries } from '../../test/media-fixtures';
import { callOk, grantCoins, newGuest, packageEpisodes } from '../../test/principals';

// The player page's and For You's documents carry their first API answers (http/landing-data.ts).
const INDEX = '<!doctype html><head><title>viewer</title>\n<!--landing-data-->\n<script>/* early */</script></head>';
const HOSTILE = '</script><script>alert(1)</script><!-- \u2028';

let t: TestApp;
let seriesId: number;
let free: number;
let locked: number;
let hostileSeries: number;

beforeAll(async () => {
  // Generous: a loaded test machine must not send a document without its answers.
  t = await createTestApp({ LANDING_DATA_BUDGET_MS: '5000' });
  await fs.mkdir(t.env.webDist, { recursive: true });
  await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
  // The static plugin indexes files when it registers: rebuild the app now the file exists.
  await t.app.close();
  const { buildApp } = await import('../app');
  t.app = await buildApp({ env: t.env, database: t.database, logger: false });
  await t.app.ready();
  const { db } = t.database;
  seriesId = await seedSeries(db, { title: 'Landing' });
  free = await seedEpisode(db, seriesId, 1, { free: true });
  locked = await seedEpisode(db, seriesId, 2, { free: false });
  hostileSeries = await seedSeries(db, { title: HOSTILE });
  const hostileEpisode = await seedEpisode(db, hostileSeries, 1, { free: true });
  await packageEpisodes(t, [free, locked, hostileEpisode]);
}, 120_000);
afterAll(() => t.close());

const BLOCK = new RegExp(`<script type="application/json" id="${LANDING_DATA_ID}">([\\s\\S]*?)</script>`);

function landed(html: string): LandingData | null {
  const match = BLOCK.exec(html);
  return match ? (JSON.parse(match[1]!) as LandingData) : null;
}

const doc = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const api = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers } })).json<unknown>();
const dataOf = <T>(answer: unknown) => (answer as { data: T }).data;

describe("a landing page's document", () => {
  it("carries the series, its episodes and the opened episode's first second, as the API answers them", async () => {
    const res = await doc(`/videos/${String(seriesId)}?ep=1`);
    expect(res.statusCode).toBe(200);
    // Made for one session: no shared cache keeps it, and nothing lets a browser reuse it unasked.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBeUndefined();
    const data = landed(res.body)!;
    expect(data).toMatchObject({ language: 'en', viewer: null });
    const addresses = [
      landingAddress.series(seriesId),
      landingAddress.episodes(seriesId),
      landingAddress.playback(free),
    ];
    expect(Object.keys(data.answers).sort()).toEqual([...addresses].sort());
    for (const address of addresses) expect(data.answers[address]).toEqual(await api(address));
    const playback = dataOf<EpisodePlayback>(data.answers[landingAddress.playback(free)]);
    const start = playback.start!;
    // The playlists exactly as their routes serve them to this (anonymous) viewer.
    expect(start.master).toBe((await doc(playback.hls!)).body);
    expect(start.playlistUrl).toMatch(new RegExp(`^/api/media/episodes/${String(free)}/[a-z0-9]+/index\\.m3u8$`));
    expect(start.playlist).toBe((await doc(start.playlistUrl)).body);
    expect(start.playlist).toContain(`URI="/api/media/keys/${String(free)}"`);
  });

  it('gives a locked episode no media, and its buyer theirs, under their own session only', async () => {
    const anonymous = landed((await doc(`/videos/${String(seriesId)}?ep=2`)).body)!;
    const closed = dataOf<EpisodePlayback>(anonymous.answers[landingAddress.playback(locked)]);
    expect(closed).toMatchObject({ playable: false, hls: null, subtitles: [] });
    expect(closed.start ?? null).toBeNull();
    expect(JSON.stringify(anonymous)).not.toContain(`/api/media/keys/${String(locked)}`);

    const buyer = await newGuest(t);
    await grantCoins(t, buyer.id!, 500);
    await callOk(t, buyer.token, 'POST', '/api/video/unlock', { episodeId: locked });
    const cookie = `${SESSION_COOKIE}=${buyer.token!}`;
    const mine = landed((await doc(`/videos/${String(seriesId)}?ep=2`, { cookie })).body)!;
    expect(mine.viewer).toBe(buyer.id);
    const open = dataOf<EpisodePlayback>(mine.answers[landingAddress.playback(locked)]);
    expect(open.playable).toBe(true);
    expect(open.start?.playlist).toContain(`URI="/api/media/keys/${String(locked)}"`);

    // Another visitor's document is not theirs.
    const other = landed((await doc(`/videos/${String(seriesId)}?ep=2`)).body)!;
    expect(other.viewer).toBeNull();
    expect(dataOf<EpisodePlayback>(other.answers[landingAddress.playback(locked)]).playable).toBe(false);
  });

  it('carries nothing for a session sent in a header (the page asks the API itself), nor for a HEAD', async () => {
    const guest = await newGuest(t);
    const res = await doc(`/videos/${String(seriesId)}?ep=1`, { 'x-user-token': guest.token! });
    expect(res.body).toBe(INDEX);
    expect(landed(res.body)).toBeNull();
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = await t.app.inject({ method: 'HEAD', url: `/videos/${String(seriesId)}?ep=1` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('cannot be broken out of by what a title says', async () => {
    const res = await doc(`/videos/${String(hostileSeries)}?ep=1`);
    const block = BLOCK.exec(res.body)![1]!;
    expect(block).not.toMatch(/<|\u2028/);
    // The document still has exactly the two scripts it was built with.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    const series = dataOf<{ title: string }>(landed(res.body)!.answers[landingAddress.series(hostileSeries)]);
    expect(series.title).toBe(HOSTILE);
  });

  it('answers in the language of the address, and without an episode number carries no playback', async () => {
    const data = landed((await doc(`/videos/${String(seriesId)}?lang=es`)).body)!;
    expect(data.language).toBe('es');
    expect(Object.keys(data.answers).sort()).toEqual(
      [landingAddress.series(seriesId), landingAddress.episodes(seriesId)].sort(),
    );
    expect(data.answers[landingAddress.episodes(seriesId)]).toEqual(
      await api(landingAddress.episodes(seriesId), { 'accept-language': 'es-ES' }),
    );
  });

  it("carries For You's first page and its first item's first second", async () => {
    const data = landed((await doc('/forYou')).body)!;
    const page = dataOf<Page<FeedItem>>(data.answers[landingAddress.feed()]);
    expect(page.items.length).toBeGreaterThan(0);
    const first = dataOf<EpisodePlayback>(data.answers[landingAddress.playback(page.items[0]!.episode.id)]);
    expect(first.start?.master).toContain('#EXT-X-STREAM-INF');
  });

  it('is sent compressed to a browser that takes brotli or gzip, and plain to one that takes neither', async () => {
    const url = `/videos/${String(seriesId)}?ep=1`;
    const plain = await doc(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await doc(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = inflate(res.rawPayload).toString('utf8');
      expect(landed(body)).toEqual(landed(plain.body));
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
    }
    expect((await doc(url, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves the document as it is for a series that is not there, and for other pages', async () => {
    for (const url of ['/videos/999999?ep=1', '/my', '/videos/abc']) {
      const res = await doc(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });
});

describe('with LANDING_DATA_BUDGET_MS=0', () => {
  it('sends the document as built, and the page asks the API itself', async () => {
    const off = await createTestApp({ LANDING_DATA_BUDGET_MS: '0' });
    try {
      await fs.mkdir(off.env.webDist, { recursive: true });
      await fs.writeFile(path.join(off.env.webDist, 'index.html'), INDEX);
      const res = await off.app.inject({ method: 'GET', url: `/videos/${String(seriesId)}?ep=1` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    } finally {
      await off.close();
    }
  });
});
