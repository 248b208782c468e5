import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES, ANYONE, OPERATOR_ROLES, type OperatorRole } from '@episodic/contract/constants';
import { adminRoutesOf, guardAdminRoutes, routeKey, type RegisteredRoute } from '../src/http/admin-guard';
import { createTestApp, envelope, type TestApp } from './test-app';
import { ADMIN, consoleSignIn, createCallers, createOperator, sessionOf, type Callers } from './admin-fixture';

/**
 * The console's permission matrix, generated from the route table: every /api/admin route the app
 * registers, called by every console role and by everyone else (a viewer, a guest, no session, a
 * disabled operator). Allowed roles must get past the guard (whatever the sample request then earns:
 * a field error, a not-found); every other operator the 403 envelope, before the body is read.
 * A route added without an entry in ADMIN_ROUTE_ROLES never gets here: the app refuses to start.
 */

let t: TestApp;
let who: Callers;
const operators = {} as Record<OperatorRole, { token: string; email: string; password: string }>;
let disabled: string;

beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
  operators.owner = { token: who.admin, ...ADMIN };
  for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) operators[role] = await createOperator(t, role);
  const gone = await createOperator(t, 'owner');
  disabled = gone.token;
  await t.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', gone.id).execute();
});
afterAll(() => t.close());

const SAMPLE_PARAMS: Record<string, string> = { id: '1', kind: 'cover', key: 'facebook_pixel_id' };
const urlOf = (route: string) => route.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');

async function call(route: RegisteredRoute, token?: string) {
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route.url),
    ...(token ? sessionOf(token) : {}),
    ...(['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method) ? {} : { payload: { not: 'a valid body' } }),
  });
  // tus (uploads) answers an allowed caller in its own protocol, not with an envelope.
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const body = json ? (envelope(res) as ReturnType<typeof envelope> & { reason?: string }) : null;
  return { status: res.statusCode, code: body?.code, reason: body?.reason, data: body?.data };
}

const guarded = () => adminRoutesOf(t.app).filter((r) => r.roles !== ANYONE && r.method !== 'HEAD');

describe('the console permission matrix', () => {
  it('covers every console route the app registers, and the table names no route that does not exist', () => {
    const registered = adminRoutesOf(t.app);
    expect(registered.length).toBeGreaterThan(60);
    const keys = new Set(registered.map((r) => routeKey(r.method, r.url)));
    const stale = Object.keys(ADMIN_ROUTE_ROLES).filter((key) => !keys.has(key));
    expect(stale, 'entries in ADMIN_ROUTE_ROLES for routes that no longer exist').toEqual([]);
  });

  for (const role of OPERATOR_ROLES) {
    it(`lets ${role} through exactly the routes its row allows, and answers the rest with the 403 envelope`, async () => {
      const failures: string[] = [];
      for (const route of guarded()) {
        const allowed = route.roles !== ANYONE && route.roles.includes(role);
        // Signing out ends the session it is called with: that call gets a session of its own.
        const signOut = route.method === 'DELETE' && route.url === '/api/admin/session';
        const token = signOut ? await consoleSignIn(t, operators[role]) : operators[role].token;
        const res = await call(route, token);
        const label = `${role} ${route.method} ${route.url}`;
        if (allowed) {
          if (res.code === 401 || res.code === 403 || res.status >= 500)
            failures.push(`${label}: allowed, got ${String(res.code)} (HTTP ${res.status}, ${String(res.reason)})`);
        } else if (res.status !== 200 || res.code !== 403 || res.reason !== 'no_operator_access' || res.data !== null) {
          failures.push(`${label}: refused, got ${String(res.code)} (HTTP ${res.status}, ${String(res.reason)})`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('refuses everyone else on every guarded route: a viewer 403, a guest, no session and a disabled operator 401', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const label = `${route.method} ${route.url}`;
      const [none, guest, viewer, gone] = [
        await call(route),
        await call(route, who.guest),
        await call(route, who.viewer),
        await call(route, disabled),
      ];
      if (none.code !== 401) failures.push(`${label}: no session got ${String(none.code)}`);
      if (guest.code !== 401) failures.push(`${label}: guest got ${String(guest.code)}`);
      if (viewer.code !== 403) failures.push(`${label}: viewer got ${String(viewer.code)}`);
      if (gone.code !== 401) failures.push(`${label}: disabled operator got ${String(gone.code)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers HEAD as its GET: a content operator is refused the dashboard', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/admin/dashboard',
      ...sessionOf(operators.content.token),
    });
    const get = await call({ method: 'GET', url: '/api/admin/dashboard', roles: [] }, operators.content.token);
    expect(res.statusCode).toBe(200);
    expect(get.code).toBe(403);
  });

  it('reads the role on every request: a demoted operator is refused at once, with the same session', async () => {
    const editor = await createOperator(t, 'finance_support');
    const orders = { method: 'GET', url: '/api/admin/orders', roles: [] };
    expect((await call(orders, editor.token)).code).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ operator_role: 'content' })
      .where('email', '=', editor.email)
      .execute();
    expect((await call(orders, editor.token)).code).toBe(403);
  });
});

describe('a console route without an entry in the route table', () => {
  it('stops the start, naming the line to add', async () => {
    const app = Fastify();
    guardAdminRoutes(app);
    app.get('/api/admin/made-up-report', () => ({}));
    app.get('/api/admin/series', () => ({}));
    await expect(app.ready()).rejects.toThrow(
      /ADMIN_ROUTE_ROLES \(packages\/contract\/src\/operator-roles\.ts\)[\s\S]*'GET \/api\/admin\/made-up-report': \['owner', …\]/,
    );
    await app.close().catch(() => undefined);
  });
});
