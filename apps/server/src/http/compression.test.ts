import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, registerCompression } from './compression';

let app: FastifyInstance;
const text = (length: number, char = 'a') => char.repeat(length);
beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get<{ Querystring: { n: string; c?: string } }>('/text', async (req) => ({
    text: text(Number(req.query.n), req.query.c),
  }));
  app.get('/raw', { compress: false }, async () => ({ text: text(4000) }));
  app.post<{ Body: { text: string } }>('/echo', async (req) => ({ length: req.body.text.length }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

describe('compression', () => {
  it('compresses answers from the threshold on, in bytes, and sends smaller ones as they are', async () => {
    // Gzip first: per request it costs less than brotli for the same size.
    const large = await get(`/text?n=${COMPRESSION_THRESHOLD}`);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString()).text).toHaveLength(COMPRESSION_THRESHOLD);
    const brotli = await get(`/text?n=${COMPRESSION_THRESHOLD}`, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString()).text).toHaveLength(
      COMPRESSION_THRESHOLD,
    );
    const small = await get('/text?n=300');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json().text).toHaveLength(300);
    // 600 characters of two bytes each: over the threshold in bytes though not in characters.
    const wide = await get(`/text?n=600&c=${encodeURIComponent('é')}`);
    expect(wide.headers['content-encoding']).toBe('gzip');
    expect((await get('/text?n=2000', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('compresses a list-sized answer in one call (its length known), a larger one as a stream', async () => {
    const page = await get('/text?n=20000');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(Number(page.headers['content-length'])).toBe(page.rawPayload.length);
    const large = await get('/text?n=60000');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString()).text).toHaveLength(60000);
  });

  it('leaves a route that turns it off alone', async () => {
    const raw = await get('/raw');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.json().text).toHaveLength(4000);
  });

  it('decompresses the bodies of routes that read one, and no GET request', async () => {
    const body = zlib.gzipSync(JSON.stringify({ text: text(5000) }));
    const posted = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(posted.json()).toEqual({ length: 5000 });
    const refused = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'bogus' },
      payload: JSON.stringify({ text: 'x' }),
    });
    expect(refused.statusCode).toBe(415);
    // A GET request has no body to read: a Content-Encoding on it is not looked at.
    expect((await get('/text?n=3', { 'content-encoding': 'bogus' })).statusCode).toBe(200);
  });
});
