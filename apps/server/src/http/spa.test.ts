import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
const INDEX = '<!doctype html><title>viewer</title>';
const ADMIN_INDEX = '<!doctype html><title>console</title>';
const SCRIPT = 'console.log("episodic");'.repeat(100);

beforeAll(async () => {
  t = await createTestApp();
  const web = t.env.webDist;
  await fs.mkdir(path.join(web, 'assets'), { recursive: true });
  await fs.writeFile(path.join(web, 'index.html'), INDEX);
  await fs.writeFile(path.join(web, 'assets/app-3f2a1b.js'), SCRIPT);
  await fs.writeFile(path.join(web, 'assets/app-3f2a1b.js.br'), zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(path.join(web, 'assets/app-3f2a1b.js.gz'), zlib.gzipSync(SCRIPT));
  await fs.writeFile(path.join(web, 'favicon.svg'), '<svg/>');
  await fs.mkdir(path.join(t.env.adminDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(t.env.adminDist, 'index.html'), ADMIN_INDEX);
  // The static plugin indexes files when it registers: rebuild the app now the files exist.
  await t.app.close();
  const { buildApp } = await import('../app');
  t.app = await buildApp({ env: t.env, database: t.database, logger: false });
  await t.app.ready();
});
afterAll(() => t.close());

describe('serving the apps', () => {
  it.each([
    '/',
    '/videos/12',
    '/videos/999999',
    '/order/result',
    '/searchDetail/abc',
    '/searchDetail/a%2Fb',
    '/MY',
    '/shopping/',
    '/browse/7?fbclid=x#top',
  ])('answers index.html for the client route %s, revalidated', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/no/such/page', '/videos', '/videos/12/extra', '/order', '/my/x', '/browse/', '/wp-login.php'])(
    'answers %s, which is no client route, with a 404 and the app (which draws its not-found page)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets immutable, brotli or gzip as the client accepts', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a1b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a missing asset with a real 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves the console under /admin with its own fallback', async () => {
    for (const url of ['/admin/', '/admin/users/42']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(ADMIN_INDEX);
    }
  });

  it('answers unknown API paths with an envelope, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/videos/unknown' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).code).toBe(404);
  });

  it('compresses large API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
