import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_DATA_ID, SESSION_COOKIE, type LandingData } from '@episodic/contract/constants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedEpisode, seedSeries } from '../../test/media-fixtures';
import { newGuest, packageEpisodes } from '../../test/principals';
import { inlinePlayer, inlinePlayerFile } from './inline-player';

// A first visit's document carries the early player's code (http/inline-player.ts), where index.html
// names its file; every other document does not.
const FILE = '/assets/early-player-inline-test.js';
const CODE = 'var __episodicEarlyPlayerCode=(()=>({startEarlyPlayer:()=>Promise.resolve()}))();';
const INDEX = `<!doctype html><head><title>viewer</title>\n<!--landing-data-->\n<script>/* early */</script></head><body><div id="root"></div>\n<!--early-player:${FILE}-->\n</body>`;
const TAG = `<script>${CODE}</script>`;
const HASH = `'sha256-${createHash('sha256').update(CODE).digest('base64')}'`;

let t: TestApp;
let seriesId: number;
let lockedSeries: number;

beforeAll(async () => {
  t = await createTestApp({ LANDING_DATA_BUDGET_MS: '5000' });
  await fs.mkdir(path.join(t.env.webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
  await fs.writeFile(path.join(t.env.webDist, FILE), `${CODE}\n`);
  // The static plugin indexes files when it registers: rebuild the app now the files exist.
  await t.app.close();
  const { buildApp } = await import('../app');
  t.app = await buildApp({ env: t.env, database: t.database, logger: false });
  await t.app.ready();
  const { db } = t.database;
  // For You opens on the newest series: the one that plays.
  lockedSeries = await seedSeries(db, { title: 'Locked first' });
  const locked = await seedEpisode(db, lockedSeries, 1, { free: false });
  seriesId = await seedSeries(db, { title: 'First visit' });
  const free = await seedEpisode(db, seriesId, 1, { free: true });
  await packageEpisodes(t, [free, locked]);
}, 120_000);
afterAll(() => t.close());

const BLOCK = new RegExp(`<script type="application/json" id="${LANDING_DATA_ID}">([\\s\\S]*?)</script>`);
const landed = (html: string) => JSON.parse(BLOCK.exec(html)![1]!) as LandingData;
const doc = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe("a first visit's document", () => {
  it('carries the early player where index.html names it, allowed by the page policy, and says so', async () => {
    for (const url of [`/videos/${String(seriesId)}?ep=1`, '/forYou']) {
      const res = await doc(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<div id="root"></div>\n${TAG}\n</body>`);
      expect(res.body).not.toContain('<!--early-player');
      expect(landed(res.body).player).toBe('inline');
      expect(res.headers['content-security-policy']).toContain(HASH);
      // Made for newcomers alike, and still for no shared cache.
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('is not carried to a browser that has been here, nor where the episode does not play at once', async () => {
    const guest = await newGuest(t);
    const cases: [string, Record<string, string>][] = [
      [`/videos/${String(seriesId)}?ep=1`, { cookie: `${SESSION_COOKIE}=${guest.token!}` }],
      // A session cookie that is no longer valid still says the browser has the file.
      [`/videos/${String(seriesId)}?ep=1`, { cookie: `${SESSION_COOKIE}=expired` }],
      [`/videos/${String(lockedSeries)}?ep=1`, {}],
      [`/videos/${String(seriesId)}?ep=1&t=30`, {}],
      [`/videos/${String(seriesId)}`, {}],
      [`/videos/${String(seriesId)}?ep=9`, {}],
    ];
    for (const [url, headers] of cases) {
      const res = await doc(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(CODE);
      expect(res.body, url).not.toContain('<!--early-player');
      expect(landed(res.body).player, url).toBeUndefined();
      // The policy allows the code everywhere (it is the site's own), which injects nothing.
      expect(res.headers['content-security-policy']).toContain(HASH);
    }
  });

  it('is compressed once per encoding and sent so to every newcomer', async () => {
    const url = `/videos/${String(seriesId)}?ep=1`;
    const plain = (await doc(url)).body;
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const [a, b] = await Promise.all([
        doc(url, { 'accept-encoding': accept }),
        doc(url, { 'accept-encoding': accept }),
      ]);
      expect(a.headers['content-encoding']).toBe(encoding);
      expect(a.headers.vary).toContain('accept-encoding');
      expect(inflate(a.rawPayload).toString('utf8')).toBe(plain);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
  });
});

describe('the early player file', () => {
  it('is found only where a build named it, and refused when it could end the script early', async () => {
    expect(inlinePlayerFile('<body><!--early-player--></body>')).toBeNull();
    expect(inlinePlayerFile(`<!--early-player:${FILE}-->`)).toBe(FILE);
    expect(inlinePlayerFile('<!--early-player:/../../etc/passwd-->')).toBeNull();
    expect(inlinePlayer(t.env.webDist)).toEqual({ tag: TAG, hash: HASH });

    const dir = await fs.mkdtemp(path.join(t.env.webDist, '..', 'hostile-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), INDEX);
    await fs.writeFile(path.join(dir, FILE), 'var x = "</script><script>alert(1)";');
    expect(inlinePlayer(dir)).toBeNull();
    expect(inlinePlayer(path.join(dir, 'missing'))).toBeNull();
  });
});
