import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// Requests Node refuses before the router sees them, over a real socket (app.inject skips the parser).

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers an over-long address with a 431 envelope, not the framework’s JSON', async () => {
    const res = await raw(`GET /api/video?keyword=${'a'.repeat(60_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('cache-control: no-store');
    expect(JSON.parse(res.body)).toEqual({
      code: 431,
      message: 'The request headers or address are too large.',
      data: null,
      reason: 'headers_too_large',
    });
  });

  it('answers broken HTTP with a 400 envelope', async () => {
    const res = await raw('NONSENSE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 400, data: null, reason: 'bad_request' });
  });

  it('still serves the next request normally', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/tag`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });
});
