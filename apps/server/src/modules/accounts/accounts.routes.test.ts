import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { createAccountsService } from './accounts.service';
import { hashPassword } from './passwords';
import { ADMIN_SESSION_COOKIE, type User } from '@episodic/contract';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const accounts = createAccountsService({ db: t.database.db, sessionTtlDays: 1 });
  await accounts.createAdmin('Admin@Example.com', 'correct horse battery');
  await t.database.db
    .insertInto('users')
    .values({ email: 'viewer@example.com', is_guest: false, password_hash: await hashPassword('viewer password') })
    .execute();
});
afterAll(() => t.close());

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'episodic_session');

async function login(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, headers });
}

describe('GET /api/user', () => {
  it('gives a new visitor a guest account, its token in x-user-token and an HttpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    const body = envelope<User>(res);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      email: null,
      isGuest: true,
      language: 'en',
      coins: 0,
      autoUnlock: false,
      membership: { active: false },
    });
    const token = res.headers['x-user-token'];
    expect(token).toMatch(/^[\w-]{43}$/);
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('gives the same user back for the same token, by header or by cookie, without issuing a new one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(first.headers['x-user-token']);
    const id = envelope<User>(first).data.id;
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-User-Token': token } });
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: token } });
    expect(envelope<User>(byHeader).data.id).toBe(id);
    expect(envelope<User>(byCookie).data.id).toBe(id);
    expect(byHeader.headers['x-user-token']).toBeUndefined();
    expect(byCookie.headers['x-user-token']).toBeUndefined();
  });

  it('prefers a valid cookie, and falls back to the header when the cookie is stale', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/user' });
    const b = await t.app.inject({ method: 'GET', url: '/api/user' });
    const tokenA = String(a.headers['x-user-token']);
    const tokenB = String(b.headers['x-user-token']);
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { episodic_session: tokenA },
      headers: { 'x-user-token': tokenB },
    });
    expect(envelope<User>(both).data.id).toBe(envelope<User>(a).data.id);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { episodic_session: 'stale-token' },
      headers: { 'x-user-token': tokenB },
    });
    expect(envelope<User>(stale).data.id).toBe(envelope<User>(b).data.id);
  });

  it('answers from the kept serialization only its own viewer, and a change to the account at once', async () => {
    const guest = async () => String((await t.app.inject({ method: 'GET', url: '/api/user' })).headers['x-user-token']);
    const [a, b] = [await guest(), await guest()];
    const read = async (token: string) =>
      envelope<User>(await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': token } })).data;
    // Read in parallel, repeatedly: each token keeps getting its own account.
    const answers = await Promise.all([a, b, a, b, a, b].map(read));
    const [idA, idB] = [answers[0]!.id, answers[1]!.id];
    expect(idA).not.toBe(idB);
    expect(answers.map((u) => u.id)).toEqual([idA, idB, idA, idB, idA, idB]);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { 'x-user-token': a },
      payload: { language: 'es', autoUnlock: true },
    });
    expect(envelope<User>(changed).code).toBe(200);
    expect(await read(a)).toMatchObject({ id: idA, language: 'es', autoUnlock: true });
    expect(await read(b)).toMatchObject({ id: idB, language: 'en', autoUnlock: false });
  });

  it('treats an unknown token as a new visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': 'made-up-token' } });
    expect(envelope<User>(res).data.isGuest).toBe(true);
    expect(res.headers['x-user-token']).not.toBe('made-up-token');
  });

  it('stores only a hash of the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    const token = String(res.headers['x-user-token']);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('sign-in, sign-out and the console gate', () => {
  it('signs in with a normalized email, rotates the token and revokes the guest session', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const guestToken = String(guest.headers['x-user-token']);
    const res = await login('  ADMIN@example.com ', 'correct horse battery', { 'x-user-token': guestToken });
    const body = envelope<User>(res);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ email: 'admin@example.com', isGuest: false });
    const token = String(res.headers['x-user-token']);
    expect(token).not.toBe(guestToken);
    expect(cookieOf(res)?.value).toBe(token);
    const again = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': guestToken } });
    expect(envelope<User>(again).data.id).not.toBe(envelope<User>(guest).data.id);
  });

  it('answers the same way for a wrong password and an unknown email', async () => {
    const wrong = envelope(await login('admin@example.com', 'wrong password'));
    const unknown = envelope(await login('nobody@example.com', 'wrong password'));
    expect(wrong).toEqual({
      code: 401,
      message: 'The email or password is not correct.',
      data: null,
      reason: 'bad_credentials',
    });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a malformed email with a field error', async () => {
    const body = envelope(await login('not-an-email', 'whatever'));
    expect(body.code).toBe(422);
    expect(body.fields).toEqual({ email: 'Enter a valid email address.' });
  });

  it('signs out: the token stops working and the cookie is cleared', async () => {
    const res = await login('admin@example.com', 'correct horse battery');
    const token = String(res.headers['x-user-token']);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-user-token': token } });
    expect(envelope(out)).toEqual({ code: 200, message: 'ok', data: {} });
    expect(cookieOf(out)?.value).toBe('');
    const gate = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { 'x-user-token': token } });
    expect(envelope(gate).code).toBe(401);
  });

  it('lets only admins through the console gate', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/session' });
    expect(envelope(anonymous).code).toBe(401);
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const asGuest = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { 'x-user-token': String(guest.headers['x-user-token']) },
    });
    expect(envelope(asGuest).code).toBe(401);
    const viewer = await login('viewer@example.com', 'viewer password');
    const asViewer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { 'x-user-token': String(viewer.headers['x-user-token']) },
    });
    expect(envelope(asViewer).code).toBe(403);
    // An operator passes with the console's own session (the viewer app's does not open it).
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'admin@example.com', password: 'correct horse battery' },
    });
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      cookies: { [ADMIN_SESSION_COOKIE]: admin.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value },
    });
    expect(envelope(asAdmin)).toMatchObject({ code: 200, data: { email: 'admin@example.com', role: 'owner' } });
  });
});
