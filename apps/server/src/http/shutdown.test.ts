import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let release: (() => void) | undefined;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { code: 200, message: 'ok', data: { finished: true } };
    });
  });
});
afterAll(() => t.close().catch(() => undefined));

describe('graceful shutdown', () => {
  it('finishes a request in flight, then stops accepting', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test/slow`).then((r) => r.json());
    // Close only once the request is being handled.
    while (!release) await new Promise((r) => setTimeout(r, 10));
    const closing = t.app.close();
    release();
    expect(await inFlight).toEqual({ code: 200, message: 'ok', data: { finished: true } });
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});
