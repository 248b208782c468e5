import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE, type User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from './test-app';
import { membershipOf, newAccount, newAdmin, newMember, operatorSessionOf, send, type Principal } from './principals';

/**
 * The rules that depend on where a request goes (cross-site refusal, body types, caching, the
 * console's page policy) are decided on the route the router matched. The router decodes the path,
 * so `/%61pi/user/logout` runs the logout handler: every such spelling must meet the same rules.
 */

const OWN = 'https://episodic.example';
const EVIL = 'https://evil.example';
let t: TestApp;
let member: Principal;
let viewer: Principal;
let admin: Principal;
let target: Principal;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: OWN });
  member = await newMember(t, 'spelling member');
  viewer = await newAccount(t, 'spelling viewer');
  admin = await newAdmin(t, 'spelling admin');
  target = await newAccount(t, 'spelling target');
});
afterAll(() => t.close());

/** Spellings of one API path that reach (or might reach) the same handler. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  const tail = rest.join('/');
  return [
    path,
    `/%61pi/${tail}`,
    `/%61%70%69/${tail}`,
    `/${first}/%${rest[0]!.charCodeAt(0).toString(16)}${rest[0]!.slice(1)}${rest.length > 1 ? `/${rest.slice(1).join('/')}` : ''}`,
    `/${first}//${tail}`,
    `//${first}/${tail}`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/API/${tail}`,
    `/Api/${tail}`,
  ];
}

/** Every cookie the caller's browser holds: the viewer session, and an operator's console session. */
const sessionCookie = (who: Principal) =>
  who === admin
    ? `${SESSION_COOKIE}=${who.token!}; ${ADMIN_SESSION_COOKIE}=${operatorSessionOf(who)}`
    : `${SESSION_COOKIE}=${who.token!}`;

/** A refusal before any handler: 403 (another site) or 415 (a body type the call does not take), or a route that does not exist. */
function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect([403, 404, 415], `${label}: ${String(res.statusCode)} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  expect(res.headers['cache-control'], label).toBe('no-store');
}

const FORMS: Record<string, string> = {
  'text/plain': '{}',
  'text/plain;charset=UTF-8': 'a=b',
  'application/x-www-form-urlencoded': 'a=b',
  'multipart/form-data; boundary=x': '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
};

describe('state-changing calls under every spelling of their address', () => {
  it('refuses forms (text/plain, urlencoded, multipart) against cancel, logout and the console, with or without an Origin', async () => {
    const attacks: { who: Principal; path: string }[] = [
      { who: member, path: '/api/payment/cancel' },
      { who: viewer, path: '/api/user/logout' },
      { who: admin, path: `/api/admin/users/${target.id!}/disable` },
    ];
    for (const { who, path } of attacks) {
      for (const url of spellings(path)) {
        for (const [type, payload] of Object.entries(FORMS)) {
          for (const origin of [undefined, EVIL, 'null']) {
            const headers: Record<string, string> = { 'content-type': type, cookie: sessionCookie(who) };
            if (origin) headers.origin = origin;
            expectRefused(
              await t.app.inject({ method: 'POST', url, headers, payload }),
              `${url} ${type} origin=${String(origin)}`,
            );
          }
          // A form sent from this very site is still not JSON: these calls take JSON only.
          const own = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': type, cookie: sessionCookie(who), origin: OWN },
            payload,
          });
          expect([404, 415], `${url} ${type} from our origin`).toContain(own.statusCode);
        }
      }
    }
    // Nothing happened: the member still renews, the viewer is still signed in, the target is not disabled.
    expect((await membershipOf(t, member)).autoRenew).toBe(true);
    expect(envelope<User>(await send(t, viewer.token, 'GET', '/api/user')).data.id).toBe(viewer.id);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/"disabled_at":"/);
  });

  it('refuses JSON from another site (or from an opaque origin) under every spelling', async () => {
    for (const url of spellings(`/api/admin/users/${target.id!}/disable`)) {
      for (const source of [{ origin: EVIL }, { origin: 'null' }, { referer: `${EVIL}/page` }]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie: sessionCookie(admin), ...source },
          payload: { reason: 'forged' },
        });
        expectRefused(res, `${url} ${JSON.stringify(source)}`);
      }
    }
    for (const url of spellings('/api/user/logout')) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: sessionCookie(viewer), origin: EVIL } });
      expectRefused(res, url);
    }
    expect(envelope<User>(await send(t, viewer.token, 'GET', '/api/user')).data.id).toBe(viewer.id);
    const audit = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toMatch(/"disabled_at":"/);
  });

  it('applies the rule to any cookie, not only the viewer session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=whatever`, 'content-type': 'text/plain' },
      payload: '',
    });
    expect(res.statusCode).toBe(415);
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=whatever`, 'content-type': 'text/plain' },
      payload: JSON.stringify({ event_name: 'PageView' }),
    });
    expect(beacon.statusCode).toBe(403);
  });

  it('refuses them with credentials that work: the same console call as JSON from this site acts', async () => {
    const control = await newAccount(t, 'spelling control');
    for (const url of [`/%61pi/admin/users/${control.id!}/disable`, `/api/admin/users/${control.id!}/disable`]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie: sessionCookie(admin), origin: OWN },
        payload: { reason: 'control' },
      });
      expect(envelope(res).code, url).toBe(200);
    }
    const row = await t.database.db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', control.id!)
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).not.toBeNull();
  });

  it('still lets the app itself through: JSON from this site, and bodiless calls from header-token clients', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/favorite',
      headers: { 'content-type': 'application/json', cookie: sessionCookie(viewer), origin: OWN },
      payload: { seriesId: 999 },
    });
    expect(envelope(own).code).toBe(404);
    const headerClient = await t.app.inject({
      method: 'POST',
      url: '/api/user/favorite',
      headers: { 'content-type': 'application/json', 'x-user-token': viewer.token! },
      payload: { seriesId: 999 },
    });
    expect(envelope(headerClient).code).toBe(404);
  });
});

describe('sendBeacon reports', () => {
  const event = JSON.stringify({ event_name: 'PageView', event_source_url: `${OWN}/` });
  it('takes text/plain from this site (cookie or not), and from cookieless clients', async () => {
    for (const headers of [{ origin: OWN, cookie: sessionCookie(viewer) }, { origin: OWN }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
        payload: event,
      });
      expect(envelope(res).code, JSON.stringify(headers)).toBe(200);
    }
  });
  it('refuses text/plain from another site, from an opaque origin, or with cookies and no origin', async () => {
    for (const headers of [
      { origin: EVIL },
      { origin: 'null', cookie: sessionCookie(viewer) },
      { cookie: sessionCookie(viewer) },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/%61pi/reports',
        headers: { 'content-type': 'text/plain', ...headers },
        payload: event,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('personal answers under every spelling', () => {
  it('are never stored by a cache', async () => {
    for (const path of ['/api/user', '/api/payment', '/api/user/export', '/api/user/history']) {
      let reached = 0;
      for (const url of spellings(path)) {
        const res = await send(t, member.token, 'GET', url, { viaCookie: true });
        expect(res.headers['cache-control'], url).toBe('no-store');
        if (res.statusCode === 200) reached++;
      }
      // The router does decode: some spellings besides the plain one reach the handler.
      expect(reached, path).toBeGreaterThan(1);
    }
    // POST /api/user/profile answers the user too.
    for (const url of spellings('/api/user/profile')) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: sessionCookie(member), origin: OWN, 'content-type': 'application/json' },
        payload: { autoUnlock: false },
      });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('an encoded console address gets the console page policy, not the viewer app one', async () => {
    for (const url of ['/admin/', '/%61dmin/', '/%61dmin/users', '/admin/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      if (String(res.headers['content-type']).startsWith('text/html'))
        expect(csp, url).toMatch(/^default-src 'self'; style-src/);
    }
  });

  it('unknown API paths in any spelling answer an API 404 envelope, not the app page', async () => {
    for (const url of ['/api/nope', '/%61pi/nope', '/API/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res).code, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
