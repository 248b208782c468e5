import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, type AdminSession } from '@episodic/contract';
import { consoleOriginWarning, consoleStartProblem, loadEnv } from '../src/env';
import { createAccountsService } from '../src/modules/accounts/index';
import { createTestApp, envelope, type TestApp } from './test-app';
import { ADMIN, operatorCookie } from './admin-fixture';

/**
 * The console on an origin of its own (CONSOLE_URL): a script of the viewer app's origin (an ad
 * pixel) finds no console there to call, even with a signed-in operator's cookie in hand, and the
 * console's API takes no request that names the viewer origin as its source.
 */

const VIEWER = 'viewer.episodic.test';
const CONSOLE = 'console.episodic.test';
const WEB_INDEX = '<!doctype html><title>viewer</title>';
const ADMIN_INDEX = '<!doctype html><title>console</title>';

let t: TestApp;
let dists: string;
let operator: string;

const on = (host: string, extra: Record<string, string> = {}) => ({ host, ...extra });

beforeAll(async () => {
  // The static plugin indexes the built apps when it registers: they exist before the app is built.
  dists = await fs.mkdtemp(path.join(os.tmpdir(), 'episodic-console-origin-'));
  await fs.mkdir(path.join(dists, 'web'), { recursive: true });
  await fs.mkdir(path.join(dists, 'admin/assets'), { recursive: true });
  await fs.writeFile(path.join(dists, 'web/index.html'), WEB_INDEX);
  await fs.writeFile(path.join(dists, 'admin/index.html'), ADMIN_INDEX);
  await fs.writeFile(path.join(dists, 'admin/assets/console-1a2b.js'), 'console.log(1)');
  t = await createTestApp({
    PUBLIC_URL: `http://${VIEWER}`,
    CONSOLE_URL: `http://${CONSOLE}`,
    WEB_DIST: path.join(dists, 'web'),
    ADMIN_DIST: path.join(dists, 'admin'),
  });
  await createAccountsService({ db: t.database.db, sessionTtlDays: 1 }).createAdmin(ADMIN.email, ADMIN.password);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: on(CONSOLE),
    payload: ADMIN,
  });
  operator = signIn.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dists, { recursive: true, force: true });
});

describe('a console with its own origin (CONSOLE_URL)', () => {
  it("refuses the console API on the viewer host as not found, a valid operator cookie notwithstanding, and answers it on the console's", async () => {
    for (const url of [
      '/api/admin/session',
      '/api/admin/audit',
      '/api/admin/plans',
      '/%61pi/admin/audit',
      '/api/admin/no-such-route',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: on(VIEWER), cookies: operatorCookie(operator) });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res), url).toMatchObject({ code: 404, data: null });
    }
    // A pixel's state-changing call from the viewer origin: not found before any other check.
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: on(VIEWER, { origin: `http://${VIEWER}` }),
      cookies: operatorCookie(operator),
    });
    expect(signOut.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: on(CONSOLE),
      cookies: operatorCookie(operator),
    });
    expect(envelope<AdminSession>(res)).toMatchObject({ code: 200, data: { email: ADMIN.email } });
    // The Host header decides by its hostname, whatever its case or port.
    expect(
      envelope(
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/audit',
          headers: on('CONSOLE.episodic.test:8080'),
          cookies: operatorCookie(operator),
        }),
      ).code,
    ).toBe(200);
    // A forwarded host counts only behind a trusted proxy (TRUST_PROXY), which this server is not.
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: on(VIEWER, { 'x-forwarded-host': CONSOLE }),
      cookies: operatorCookie(operator),
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('behind a trusted proxy, decides by the forwarded host as Fastify reports it', async () => {
    const proxied = await createTestApp({
      PUBLIC_URL: `http://${VIEWER}`,
      CONSOLE_URL: `http://${CONSOLE}`,
      TRUST_PROXY: 'true',
    });
    try {
      await createAccountsService({ db: proxied.database.db, sessionTtlDays: 1 }).createAdmin(
        ADMIN.email,
        ADMIN.password,
      );
      const behind = (host: string) => ({ host: '10.0.0.5:8080', 'x-forwarded-host': host });
      expect(
        (
          await proxied.app.inject({
            method: 'POST',
            url: '/api/admin/session',
            headers: behind(VIEWER),
            payload: ADMIN,
          })
        ).statusCode,
      ).toBe(404);
      const signIn = await proxied.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: behind(CONSOLE),
        payload: ADMIN,
      });
      const token = signIn.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
      expect(
        envelope(
          await proxied.app.inject({
            method: 'GET',
            url: '/api/admin/session',
            headers: behind(CONSOLE),
            cookies: operatorCookie(token),
          }),
        ).code,
      ).toBe(200);
      expect(
        (
          await proxied.app.inject({
            method: 'GET',
            url: '/api/admin/session',
            headers: behind(VIEWER),
            cookies: operatorCookie(token),
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it("signs in on the console host only, with a host-only cookie (no Domain): the browser sends it to the console's host alone", async () => {
    const viewer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: on(VIEWER),
      payload: ADMIN,
    });
    expect(viewer.statusCode).toBe(404);
    expect(viewer.cookies.some((c) => c.name === ADMIN_SESSION_COOKIE)).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/session', headers: on(CONSOLE), payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const header = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${ADMIN_SESSION_COOKIE}=`))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).not.toMatch(/domain=/i);
  });

  it("serves the console's pages on the console host only; on the viewer host they are the viewer app's not-found", async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/users/12',
      '/admin/assets/console-1a2b.js',
      '/admin/index.html',
      '/%61dmin/users',
    ]) {
      const viewer = await t.app.inject({ method: 'GET', url, headers: on(VIEWER) });
      expect(viewer.statusCode, url).toBe(404);
      expect(viewer.body, url).not.toContain('console');
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/users/12', headers: on(VIEWER) })).body).toBe(WEB_INDEX);
    const page = await t.app.inject({ method: 'GET', url: '/admin/users/12', headers: on(CONSOLE) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(ADMIN_INDEX);
    // Still this origin only: the console's page policy names no pixel.
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect((await t.app.inject({ method: 'GET', url: '/admin/', headers: on(CONSOLE) })).body).toBe(ADMIN_INDEX);
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/assets/console-1a2b.js', headers: on(CONSOLE) })).statusCode,
    ).toBe(200);
  });

  it('serves no viewer app or viewer API on the console host (its pixels never run on the console origin); / leads to the console', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: on(CONSOLE) });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/admin/');
    const page = await t.app.inject({ method: 'GET', url: '/shopping', headers: on(CONSOLE) });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('viewer');
    for (const url of ['/api/user', '/api/config', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: on(CONSOLE) });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res).code, url).toBe(404);
    }
    // What the console's pages load besides their API: public media files and the health checks.
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/covers/none.jpg', headers: on(CONSOLE) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz', headers: on(CONSOLE) })).statusCode).toBe(200);
    // And the viewer host keeps its app and API.
    expect((await t.app.inject({ method: 'GET', url: '/shopping', headers: on(VIEWER) })).body).toBe(WEB_INDEX);
    expect(envelope(await t.app.inject({ method: 'GET', url: '/api/user', headers: on(VIEWER) })).code).toBe(200);
  });

  it("refuses console calls that name the viewer origin as their source: the console's own origin is CONSOLE_URL", async () => {
    for (const source of [{ origin: `http://${VIEWER}` }, { referer: `http://${VIEWER}/shopping` }] as Record<
      string,
      string
    >[]) {
      const forged = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/session',
        headers: on(CONSOLE, source),
        cookies: operatorCookie(operator),
      });
      expect(forged.statusCode, JSON.stringify(source)).toBe(403);
      expect(envelope(forged).message).toBe('This request came from another site and was refused.');
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: on(CONSOLE, { origin: `http://${VIEWER}` }),
      payload: ADMIN,
    });
    expect(signIn.statusCode).toBe(403);
    // The operator is still signed in, and the console's own pages may call.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: on(CONSOLE, { origin: `http://${CONSOLE}` }),
      cookies: operatorCookie(operator),
    });
    expect(envelope(own).code).toBe(200);
    const ownPost = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: on(CONSOLE, { origin: `http://${CONSOLE}` }),
      payload: ADMIN,
    });
    expect(ownPost.statusCode).toBe(200);
  });
});

describe('CONSOLE_URL and the shared-origin start', () => {
  it('takes an http(s) origin on another hostname than PUBLIC_URL, with a clear message otherwise', () => {
    expect(
      loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_URL: 'https://console.episodic.example/' }).consoleUrl,
    ).toBe('https://console.episodic.example');
    expect(loadEnv({}).consoleUrl).toBeNull();
    expect(() => loadEnv({ CONSOLE_URL: 'console.example' })).toThrow(
      /^Invalid environment variable CONSOLE_URL: expected a URL/,
    );
    expect(() => loadEnv({ CONSOLE_URL: 'ftp://console.example' })).toThrow(
      /CONSOLE_URL: expected a http: or https: URL/,
    );
    expect(() => loadEnv({ CONSOLE_URL: 'https://console.example/admin' })).toThrow(
      /CONSOLE_URL: expected an origin such as https:\/\/console.example.com/,
    );
    expect(() => loadEnv({ CONSOLE_URL: 'https://ops:secret@console.example' })).toThrow(
      /CONSOLE_URL: expected an origin/,
    );
    expect(() => loadEnv({ CONSOLE_URL: 'https://ops:secret@console.example' })).not.toThrow(/secret/);
    // The same origin as PUBLIC_URL, or its hostname on another port (cookies ignore ports).
    expect(() => loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_URL: 'https://episodic.example' })).toThrow(
      /CONSOLE_URL: must name another hostname than PUBLIC_URL \(https:\/\/episodic.example\)/,
    );
    expect(() =>
      loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_URL: 'https://EPISODIC.example:8443' }),
    ).toThrow(/CONSOLE_URL: must name another hostname/);
    expect(() => loadEnv({ PORT: '8080', CONSOLE_URL: 'http://localhost:9090' })).toThrow(
      /CONSOLE_URL: must name another hostname/,
    );
    expect(() =>
      loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_URL: 'http://console.episodic.example' }),
    ).toThrow(/CONSOLE_URL: must be https:\/\/ when PUBLIC_URL is https/);
    expect(() => loadEnv({ CONSOLE_URL: 'http://console.localhost', CONSOLE_SAME_ORIGIN: 'true' })).toThrow(
      /CONSOLE_SAME_ORIGIN: contradicts CONSOLE_URL/,
    );
    expect(() => loadEnv({ CONSOLE_SAME_ORIGIN: 'sometimes' })).toThrow(/CONSOLE_SAME_ORIGIN: expected true or false/);
  });

  it('refuses to start a public https site whose console shares the viewer origin, unless CONSOLE_SAME_ORIGIN=true says so', () => {
    const shared = consoleStartProblem(loadEnv({ PUBLIC_URL: 'https://episodic.example' }));
    expect(shared).toMatch(
      /^Refusing to start: PUBLIC_URL is https \(https:\/\/episodic.example\) .*pixel.* set CONSOLE_URL .* or CONSOLE_SAME_ORIGIN=true/,
    );
    expect(
      consoleStartProblem(loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_SAME_ORIGIN: 'true' })),
    ).toBeNull();
    expect(
      consoleStartProblem(
        loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_URL: 'https://console.episodic.example' }),
      ),
    ).toBeNull();
    // A local or test server over http starts as before (the embedded default, npm start, the browser journeys).
    expect(consoleStartProblem(loadEnv({}))).toBeNull();
  });

  it('warns at every start whose console shares the viewer origin, naming CONSOLE_URL', () => {
    expect(consoleOriginWarning(loadEnv({}))).toMatch(/shares its origin with the viewer app.*pixel.*CONSOLE_URL/);
    expect(
      consoleOriginWarning(loadEnv({ PUBLIC_URL: 'https://episodic.example', CONSOLE_SAME_ORIGIN: 'true' })),
    ).toMatch(/CONSOLE_URL/);
    expect(consoleOriginWarning(loadEnv({ CONSOLE_URL: 'http://console.localhost' }))).toBeNull();
  });
});
