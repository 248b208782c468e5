import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_COOKIE,
  REAUTH_REQUIRED,
  SESSION_COOKIE,
  type AdminSession,
  type User,
} from '@episodic/contract';
import {
  asOperator as asOperatorOf,
  createTestApp,
  envelope,
  newOperator as newOperatorOf,
  nextAddress,
  type TestApp,
} from '../../testing';
import { ADMIN, consoleSignIn, createCallers, operatorCookie, type Callers } from '../../../test/admin-fixture';
import { buy, newAccount } from '../../../test/principals';
import { createAccountsService } from './index';

/**
 * The console's session is out of every page script's reach: its own HttpOnly cookie, the only thing
 * the console API accepts, apart from the viewer app's session; and the actions that move money or
 * power ask for the password again after 15 minutes.
 */

let t: TestApp;
let who: Callers;
beforeAll(async () => {
  t = await createTestApp();
  who = await createCallers(t);
});
afterAll(() => t.close());

const asOperator = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  asOperatorOf(t, token, method, url, payload);
const newOperator = () => newOperatorOf(t);

/** Pretends the operator last entered the password `minutes` ago. */
async function passwordEnteredAgo(token: string, minutes: number): Promise<void> {
  const hash = createHash('sha256').update(token).digest('hex');
  await t.database.db
    .updateTable('sessions')
    .set({ password_at: new Date(Date.now() - minutes * 60_000) })
    .where('token_hash', '=', hash)
    .execute();
}

describe('the console session', () => {
  it("refuses an operator's viewer-app session, by header or by the viewer cookie, on every kind of console call", async () => {
    const probes = [
      { method: 'GET' as const, url: '/api/admin/session' },
      { method: 'GET' as const, url: '/api/admin/audit' },
      {
        method: 'POST' as const,
        url: `/api/admin/users/${who.adminId}/grants`,
        payload: { requestId: randomUUID(), kind: 'coins', coins: 5, reason: 'self' },
      },
    ];
    for (const probe of probes) {
      const byHeader = await t.app.inject({ ...probe, headers: { 'x-user-token': who.adminViewer } });
      const byCookie = await t.app.inject({ ...probe, cookies: { [SESSION_COOKIE]: who.adminViewer } });
      for (const res of [byHeader, byCookie])
        expect(envelope(res), `${probe.method} ${probe.url}`).toMatchObject({ code: 401, data: null });
    }
    expect((await t.database.db.selectFrom('grants').select('id').execute()).length).toBe(0);
  });

  it('takes the console token from its cookie only: not from the X-User-Token header, not from the viewer cookie', async () => {
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { 'x-user-token': who.admin },
    });
    const byViewerCookie = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      cookies: { [SESSION_COOKIE]: who.admin },
    });
    expect(envelope(byHeader).code).toBe(401);
    expect(envelope(byViewerCookie).code).toBe(401);
    // Nor does it open the viewer API: the two kinds of session stay apart both ways.
    const asViewer = await t.app.inject({
      method: 'GET',
      url: '/api/user/favorite',
      headers: { 'x-user-token': who.admin },
    });
    expect(envelope(asViewer).code).toBe(401);
    expect(envelope(await asOperator(who.admin, 'GET', '/api/admin/audit')).code).toBe(200);
  });

  it('is an HttpOnly, SameSite=Strict cookie limited to /api/admin, and never a header or a field of the answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: ADMIN,
      remoteAddress: nextAddress(),
    });
    const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(res.headers['x-user-token']).toBeUndefined();
    expect(res.body).not.toContain(cookie.value);
    // The viewer app's cookie is neither set nor replaced by the console's sign-in.
    expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expect(envelope<AdminSession>(res).data).toMatchObject({
      email: ADMIN.email,
      role: 'owner',
      passwordConfirmedAt: expect.any(String),
    });
    const stored = await t.database.db
      .selectFrom('sessions')
      .select(['token_hash', 'kind'])
      .where('kind', '=', 'operator')
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie.value);
  });

  it('is Secure behind https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://episodic.example' });
    try {
      await createAccountsService({ db: https.database.db, sessionTtlDays: 1 }).createAdmin(
        'secure-op@episodic.test',
        ADMIN.password,
      );
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: 'secure-op@episodic.test', password: ADMIN.password },
      });
      expect(res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/admin',
      });
    } finally {
      await https.close();
    }
  });

  it("survives the viewer app's sign-in and sign-out in the same browser, and the viewer's survives the console's sign-out", async () => {
    const op = await newOperator();
    // The viewer app signs in (as a viewer, then as the operator's own account) and out, carrying whatever the browser holds.
    const viewer = await newAccount(t, 'same browser');
    const cookies = { ...operatorCookie(op.token) };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      cookies,
      payload: { email: viewer.email, password: viewer.password },
      remoteAddress: nextAddress(),
    });
    expect(envelope(login).code).toBe(200);
    expect(login.cookies.some((c) => c.name === ADMIN_SESSION_COOKIE)).toBe(false);
    const viewerToken = String(login.headers['x-user-token']);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      cookies: { ...cookies, [SESSION_COOKIE]: viewerToken },
      payload: { email: op.email, password: op.password },
      remoteAddress: nextAddress(),
    });
    expect(envelope(own).code).toBe(200);
    const ownToken = String(own.headers['x-user-token']);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies: { ...cookies, [SESSION_COOKIE]: ownToken },
      payload: {},
    });
    expect(envelope(logout).code).toBe(200);
    expect(logout.cookies.some((c) => c.name === ADMIN_SESSION_COOKIE)).toBe(false);
    expect(envelope(await asOperator(op.token, 'GET', '/api/admin/session')).code).toBe(200);

    // And the other way: signing out of the console leaves the viewer app signed in.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: op.email, password: op.password },
      remoteAddress: nextAddress(),
    });
    const viewerSession = String(again.headers['x-user-token']);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      cookies: { ...cookies, [SESSION_COOKIE]: viewerSession },
    });
    expect(envelope(out).code).toBe(200);
    expect(out.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toMatchObject({ value: '', path: '/api/admin' });
    expect(out.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expect(envelope(await asOperator(op.token, 'GET', '/api/admin/session')).code).toBe(401);
    expect(
      envelope<User>(
        await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': viewerSession } }),
      ).data.email,
    ).toBe(op.email);
  });

  it("ends at once when the account is disabled, and when its operator role goes (the viewer app's session stays)", async () => {
    const disabled = await newOperator();
    await t.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute();
    expect(envelope(await asOperator(disabled.token, 'GET', '/api/admin/audit')).code).toBe(401);
    await t.database.db.updateTable('users').set({ disabled_at: null }).where('id', '=', disabled.id).execute();

    // Disabled by another operator: the console session is revoked with the rest.
    const target = await newOperator();
    expect(
      envelope(
        await asOperator(who.admin, 'POST', `/api/admin/users/${target.id}/disable`, { reason: 'Left the company' }),
      ).code,
    ).toBe(200);
    await t.database.db.updateTable('users').set({ disabled_at: null }).where('id', '=', target.id).execute();
    expect(envelope(await asOperator(target.token, 'GET', '/api/admin/audit')).code).toBe(401);

    // The role removed behind the console's back (a database edit): checked on the very next request.
    const demoted = await newOperator();
    await t.database.db
      .updateTable('users')
      .set({ role: 'viewer', operator_role: null })
      .where('id', '=', demoted.id)
      .execute();
    expect(envelope(await asOperator(demoted.token, 'GET', '/api/admin/audit')).code).toBe(403);

    // The role removed by another operator: the console sessions end, the viewer app's does not.
    const removed = await newOperator();
    const viewerSession = String(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: removed.email, password: removed.password },
          remoteAddress: nextAddress(),
        })
      ).headers['x-user-token'],
    );
    const res = await asOperator(who.admin, 'POST', `/api/admin/users/${removed.id}/role`, {
      role: 'viewer',
      reason: 'Moved to support',
    });
    expect(envelope(res)).toMatchObject({ code: 200, data: { role: 'viewer' } });
    await t.database.db
      .updateTable('users')
      .set({ role: 'admin', operator_role: 'owner' })
      .where('id', '=', removed.id)
      .execute();
    expect(envelope(await asOperator(removed.token, 'GET', '/api/admin/audit')).code).toBe(401);
    expect(
      envelope(
        await t.app.inject({ method: 'GET', url: '/api/user/favorite', headers: { 'x-user-token': viewerSession } }),
      ).code,
    ).toBe(200);
  });

  it('expires, and a new sign-in in the same browser replaces the old console session', async () => {
    const op = await newOperator();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      cookies: operatorCookie(op.token),
      payload: { email: op.email, password: op.password },
      remoteAddress: nextAddress(),
    });
    const fresh = again.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
    expect(envelope(await asOperator(op.token, 'GET', '/api/admin/session')).code).toBe(401);
    expect(envelope(await asOperator(fresh, 'GET', '/api/admin/session')).code).toBe(200);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(fresh).digest('hex'))
      .execute();
    expect(envelope(await asOperator(fresh, 'GET', '/api/admin/session')).code).toBe(401);
  });

  it('lets only operators sign in, with the same answers and limits as the viewer sign-in', async () => {
    const viewer = await newAccount(t, 'console hopeful');
    const asViewer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: viewer.email, password: viewer.password },
      remoteAddress: nextAddress(),
    });
    expect(envelope(asViewer)).toMatchObject({ code: 403, data: null });
    expect(asViewer.cookies.some((c) => c.name === ADMIN_SESSION_COOKIE)).toBe(false);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: ADMIN.email, password: 'not it at all' },
      remoteAddress: nextAddress(),
    });
    expect(envelope(wrong)).toMatchObject({ code: 401, message: 'The email or password is not correct.' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'x' },
      remoteAddress: nextAddress(),
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(envelope(malformed).code).toBe(422);

    // The two doors share one count: ten wrong passwords on an account from one address, whichever
    // door took them, and both refuse the next.
    const ip = '10.66.66.66';
    const target = await newAccount(t, 'guessed at');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const url = i % 2 === 0 ? '/api/admin/session' : '/api/user/login';
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: target.email, password: `guess ${String(i)}` },
        remoteAddress: ip,
      });
      codes.push(envelope(res).code);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // Not even the right password gets through either door from that address now.
    for (const url of ['/api/user/login', '/api/admin/session']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: target.email, password: target.password },
        remoteAddress: ip,
      });
      expect(envelope(res).code, url).toBe(429);
    }
  });

  it('refuses a state-changing console call from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${who.adminId}/grants`,
      cookies: operatorCookie(who.admin),
      headers: { origin: 'https://evil.example' },
      payload: { requestId: randomUUID(), kind: 'coins', coins: 5, reason: 'csrf' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('operator access', () => {
  it('is given and removed with a reason and an audit entry; never to oneself or to a guest', async () => {
    const op = await newOperator();
    const colleague = await newOperator();
    expect(
      envelope(
        await asOperator(op.token, 'POST', `/api/admin/users/${op.id}/role`, { role: 'viewer', reason: 'Leaving' }),
      ).code,
    ).toBe(409);
    expect(
      envelope(
        await asOperator(op.token, 'POST', `/api/admin/users/${colleague.id}/role`, { role: 'viewer', reason: ' ' }),
      ).fields,
    ).toMatchObject({ reason: expect.any(String) });
    const guest = envelope<User>(await t.app.inject({ method: 'GET', url: '/api/user' })).data;
    expect(
      envelope(
        await asOperator(op.token, 'POST', `/api/admin/users/${guest.id}/role`, { role: 'admin', reason: 'Why not' }),
      ).code,
    ).toBe(409);

    expect(
      envelope(
        await asOperator(op.token, 'POST', `/api/admin/users/${colleague.id}/role`, {
          role: 'viewer',
          reason: 'Moved team',
        }),
      ).code,
    ).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'reason', 'actor_id'])
      .where('target_id', '=', colleague.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'user.revoke-operator',
      after: { role: 'viewer', consoleSessionsEnded: 1 },
      reason: 'Moved team',
      actor_id: op.id,
    });
    expect(
      envelope(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { email: colleague.email, password: colleague.password },
          remoteAddress: nextAddress(),
        }),
      ).code,
    ).toBe(403);

    expect(
      envelope(
        await asOperator(op.token, 'POST', `/api/admin/users/${colleague.id}/role`, {
          role: 'admin',
          reason: 'Back again',
        }),
      ).code,
    ).toBe(200);
    await consoleSignIn(t, { email: colleague.email, password: colleague.password }, nextAddress());
  });
});

describe('asking for the password again', () => {
  it('after 15 minutes, refunds, grants and role changes answer reauth_required (not a 5xx), then work once the password is entered', async () => {
    const op = await newOperator();
    const buyer = await newAccount(t, 'refund buyer');
    const orderId = await buy(t, buyer, 'coins-300');
    const target = await newAccount(t, 'role target');
    const actions = [
      { url: `/api/admin/orders/${orderId}/refund`, payload: { reason: 'Asked for it' } },
      {
        url: `/api/admin/users/${buyer.id!}/grants`,
        payload: { requestId: randomUUID(), kind: 'coins', coins: 7, reason: 'Goodwill' },
      },
      { url: `/api/admin/users/${target.id!}/role`, payload: { role: 'admin', reason: 'New colleague' } },
    ];

    // Within 15 minutes of signing in, nothing is asked.
    await passwordEnteredAgo(op.token, 14);
    expect(envelope(await asOperator(op.token, 'GET', '/api/admin/audit')).code).toBe(200);

    await passwordEnteredAgo(op.token, 16);
    for (const action of actions) {
      const res = await asOperator(op.token, 'POST', action.url, action.payload);
      expect(res.statusCode, action.url).toBe(200);
      expect(JSON.parse(res.body), action.url).toEqual({
        code: 401,
        message: 'Please enter your password again to continue.',
        data: null,
        reason: REAUTH_REQUIRED,
      });
    }
    // Nothing happened meanwhile; other console work goes on without the password.
    const untouched = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('paid');
    expect(
      (await t.database.db.selectFrom('users').select('role').where('id', '=', target.id!).executeTakeFirstOrThrow())
        .role,
    ).toBe('viewer');
    expect(envelope(await asOperator(op.token, 'GET', '/api/admin/audit')).code).toBe(200);

    const wrong = await asOperator(op.token, 'POST', '/api/admin/session/password', { password: 'not my password' });
    expect(envelope(wrong)).toMatchObject({ code: 422, fields: { password: 'This is not your password.' } });
    expect(envelope(await asOperator(op.token, 'POST', actions[0]!.url, actions[0]!.payload)).code).toBe(401);

    const confirmed = await asOperator(op.token, 'POST', '/api/admin/session/password', { password: op.password });
    expect(envelope<AdminSession>(confirmed)).toMatchObject({ code: 200, data: { email: op.email } });
    expect(Date.now() - Date.parse(envelope<AdminSession>(confirmed).data.passwordConfirmedAt)).toBeLessThan(60_000);
    for (const action of actions)
      expect(envelope(await asOperator(op.token, 'POST', action.url, action.payload)).code, action.url).toBe(200);
  });

  it('after 15 minutes, taking away an unlock and stopping a renewal ask for the password too, and change nothing', async () => {
    const op = await newOperator();
    const member = await newAccount(t, 'renewal member');
    await passwordEnteredAgo(op.token, 16);
    for (const url of [
      `/api/admin/users/${member.id!}/unlocks/1/revoke`,
      `/api/admin/users/${member.id!}/membership/stop-renewal`,
    ]) {
      const res = await asOperator(op.token, 'POST', url, { reason: 'Asked for it' });
      expect(JSON.parse(res.body), url).toMatchObject({ code: 401, reason: REAUTH_REQUIRED });
    }
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', member.id!)
      .execute();
    expect(audit).toEqual([]);
  });
});
