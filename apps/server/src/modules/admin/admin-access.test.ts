import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import {
  ADMIN,
  consoleSignIn,
  createCallers,
  operatorCookie,
  sessionOf,
  type Callers,
} from '../../../test/admin-fixture';
import { adminRoutesOf } from '../../http/admin-guard';

let t: TestApp;
let who: Callers;
beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
});
afterAll(() => t.close());

const SAMPLE_PARAMS: Record<string, string> = { id: '1', kind: 'cover', key: 'facebook_pixel_id' };
const urlOf = (route: string) => route.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

async function call(method: string, url: string, token?: string) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    ...(token ? sessionOf(token) : {}),
    ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { payload: {} }),
  });
  // The tus upload endpoint answers in its own protocol, not with envelopes.
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const code = method === 'HEAD' || !json ? undefined : envelope(res).code;
  return { status: res.statusCode, code };
}

describe('every /api/admin route', () => {
  it('is known to the guard, console routes and the session gate alike', () => {
    const routes = adminRoutesOf(t.app).map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/session',
      'GET /api/admin/series',
      'POST /api/admin/series/:id/status',
      'PUT /api/admin/series/:id/artwork/:kind',
      'PUT /api/admin/homepage/order',
      'PATCH /api/admin/plans/:id',
      'POST /api/admin/orders/:id/refund',
      'POST /api/admin/users/:id/grants',
      'POST /api/admin/users/:id/disable',
      'PUT /api/admin/settings/config/:key',
      'GET /api/admin/dashboard',
      'GET /api/admin/audit',
      'POST /api/admin/uploads',
      'PATCH /api/admin/uploads/:id',
      'POST /api/admin/episodes/:id/media',
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it('refuses callers without an account (401), a guest (401) and a signed-in viewer (403); lets an admin through', async () => {
    // Signing in and invitation links need no console session (their own tests attack them).
    const routes = adminRoutesOf(t.app).filter((r) => r.roles !== 'anyone');
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      const url = urlOf(route.url);
      const label = `${route.method} ${route.url}`;
      const anonymous = await call(route.method, url);
      const guest = await call(route.method, url, who.guest);
      const viewer = await call(route.method, url, who.viewer);
      // Signing out ends the console session it is called with: that call gets a session of its own.
      const signOut = route.method === 'DELETE' && route.url === '/api/admin/session';
      const admin = await call(route.method, url, signOut ? await consoleSignIn(t, ADMIN) : who.admin);
      if (route.method === 'HEAD') {
        // A HEAD answer has no body: the status line is all there is (the envelope rides on 200).
        if (admin.status >= 500) failures.push(`${label}: admin got HTTP ${admin.status}`);
        continue;
      }
      if (anonymous.code !== 401) failures.push(`${label}: anonymous got ${anonymous.code}`);
      if (guest.code !== 401) failures.push(`${label}: guest got ${guest.code}`);
      if (viewer.code !== 403) failures.push(`${label}: viewer got ${viewer.code}`);
      if (
        admin.code === 401 ||
        admin.code === 403 ||
        admin.status === 401 ||
        admin.status === 403 ||
        admin.status >= 500
      ) {
        failures.push(`${label}: admin got ${admin.code} (HTTP ${admin.status})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the role before reading the body: a viewer cannot even get field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/series',
      headers: { 'x-user-token': who.viewer },
      payload: { texts: 'not an object' },
    });
    expect(envelope(res)).toMatchObject({ code: 403, data: null });
    expect(envelope(res).fields).toBeUndefined();
  });

  it('refuses a disabled operator at once', async () => {
    await t.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', who.adminId).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit', cookies: operatorCookie(who.admin) });
    expect(envelope(res).code).toBe(401);
    await t.database.db.updateTable('users').set({ disabled_at: null }).where('id', '=', who.adminId).execute();
  });
});
