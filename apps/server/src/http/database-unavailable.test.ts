import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { openDatabase, type Database } from '../db/connection';
import { buildApp } from '../app';
import type { AppInstance } from './types';

/** A port on which nothing listens: connections are refused at once, as when PostgreSQL is down. */
async function deadPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

let t: TestApp;
let downApp: AppInstance;
let down: Database;
beforeAll(async () => {
  t = await createTestApp();
  down = await openDatabase({
    databaseUrl: `postgres://postgres@127.0.0.1:${await deadPort()}/none`,
    dataDir: '',
    poolSize: 2,
    connectTimeoutMs: 1000,
  });
  downApp = await buildApp({ env: t.env, database: down, logger: false });
  await downApp.ready();
});
afterAll(async () => {
  await downApp.close();
  await down.close();
  await t.close();
});

describe('when the database is unreachable', () => {
  it('answers 503 with an envelope, fast, instead of hanging', async () => {
    const started = Date.now();
    const res = await downApp.inject({ method: 'GET', url: '/api/config' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(envelope(res)).toEqual({
      code: 503,
      message: expect.stringMatching(/temporarily unavailable/),
      data: null,
      reason: 'unavailable',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('5');
  });

  it('reports not ready, while still alive', async () => {
    expect((await downApp.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await downApp.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
