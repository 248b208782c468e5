import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loggerOptions } from '../app';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
    done();
  },
});

let info: TestApp;
let warn: TestApp;
beforeAll(async () => {
  const routes = (app: TestApp['app']) => {
    app.get('/api/test/warns', async (req) => {
      req.log.warn({ probe: req.log.level }, 'probe line');
      return { ok: true };
    });
  };
  info = await createTestApp({}, routes, { ...loggerOptions({ logLevel: 'info' }), stream });
  warn = await createTestApp({}, routes, { ...loggerOptions({ logLevel: 'warn' }), stream });
});
afterAll(async () => {
  await info.close();
  await warn.close();
});

describe('request logs', () => {
  it('binds each request id to its lines: the one sent, else one of its own, never the same twice', async () => {
    lines.length = 0;
    await info.app.inject({ method: 'GET', url: '/api/test/warns', headers: { 'x-request-id': 'edge-42.a' } });
    await info.app.inject({ method: 'GET', url: '/api/test/warns' });
    await info.app.inject({ method: 'GET', url: '/api/test/warns', headers: { 'x-request-id': 'not valid!' } });
    const probes = lines.filter((l) => l.msg === 'probe line');
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(probes.map((l) => l.probe)).toEqual(['info', 'info', 'info']);
    expect(probes.map((l) => l.reqId)).toEqual(completed.map((l) => l.reqId));
    expect(probes[0]!.reqId).toBe('edge-42.a');
    const [, own, replaced] = probes.map((l) => l.reqId as string);
    expect(own).toMatch(/^[\w-]+-[0-9a-z]+$/);
    expect(replaced).toMatch(/^[\w-]+-[0-9a-z]+$/);
    expect(new Set([own, replaced]).size).toBe(2);
  });

  it('writes what a request logs at or above the level, with its id, and nothing below it', async () => {
    lines.length = 0;
    await warn.app.inject({ method: 'GET', url: '/api/test/warns', headers: { 'x-request-id': 'quiet-1' } });
    expect(lines).toEqual([expect.objectContaining({ msg: 'probe line', probe: 'warn', reqId: 'quiet-1', level: 40 })]);
  });
});
