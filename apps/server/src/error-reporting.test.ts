import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../test/test-app';
import { errorReportingOptions, startErrorReporting } from './error-reporting';

// A stand-in for the error-reporting service: it keeps every envelope the SDK sends.
const received: { path: string; items: unknown[] }[] = [];
let ingest: http.Server;
let t: TestApp;

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const items = body
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as unknown;
          } catch {
            return line;
          }
        });
      received.push({ path: req.url ?? '', items });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const { port } = ingest.address() as AddressInfo;
  t = await createTestApp(
    { SENTRY_DSN: `http://publickey@127.0.0.1:${String(port)}/42`, PUBLIC_URL: 'https://episodic.example' },
    (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('crash reported to error reporting');
      });
    },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => ingest.close(resolve));
});

describe('error reporting on the server', () => {
  it('loads nothing without a DSN', () => {
    expect(startErrorReporting(null)).toBeNull();
  });

  it('uses the specification settings', () => {
    expect(errorReportingOptions({ dsn: 'https://k@h/1', environment: 'sandbox' })).toEqual({
      dsn: 'https://k@h/1',
      environment: 'sandbox',
      tracesSampleRate: 0.3,
      sendDefaultPii: false,
    });
  });

  it('sends a crash to the configured project, while the viewer gets the generic envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(envelope(res).message).toBe('Something went wrong on our side. Please try again.');
    expect(await (await startErrorReporting(t.env.errorReporting))!.flush(5000)).toBe(true);
    const events = received.filter((r) => r.path.startsWith('/api/42/envelope/')).flatMap((r) => r.items) as {
      exception?: { values: { value: string }[] };
      environment?: string;
      extra?: Record<string, unknown>;
    }[];
    const crash = events.find((e) => e.exception?.values.some((v) => v.value === 'crash reported to error reporting'));
    expect(crash?.environment).toBe('production');
    expect(crash?.extra).toMatchObject({ method: 'GET', route: '/api/test/crash' });
    expect(events.filter((e) => e.exception)).toHaveLength(1);
  });

  it('does not report application outcomes (login required, invalid input, not found)', async () => {
    const before = received.length;
    for (const url of ['/api/payment', '/api/reports?event_name=bad%20name', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
    }
    await (await startErrorReporting(t.env.errorReporting))!.flush(5000);
    const items = received.slice(before).flatMap((r) => r.items) as { exception?: unknown }[];
    expect(items.filter((e) => e.exception)).toEqual([]);
  });
});
