import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { startFakeFacebook, type FakeFacebook } from '../../../test/fake-facebook';

/**
 * Facebook sign-in links an existing account only through a verified identity: the account's email
 * proven (here: marked verified) and Facebook vouching for its own. Otherwise the account's password
 * decides, in the same browser, within minutes.
 */
let t: TestApp;
let fb: FakeFacebook;
beforeAll(async () => {
  fb = await startFakeFacebook('app-123', 'secret-456', { id: 'fb-0', name: 'Owner', email: 'nobody@example.com' });
  t = await createTestApp({
    FACEBOOK_APP_ID: 'app-123',
    FACEBOOK_APP_SECRET: 'secret-456',
    FACEBOOK_AUTH_URL: fb.authUrl,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
    PUBLIC_URL: 'http://episodic.test',
  });
});
afterAll(async () => {
  await t.close();
  await fb.close();
});

let serial = 0;
let address = 0;
const nextIp = () => `10.9.${String(Math.floor(++address / 250))}.${String(address % 250)}`;
const strong = 'drama2026!';

/** Follows the Facebook flow as a browser would; `cookies` is that browser's cookie jar. */
async function facebookSignIn(
  profile: { id: string; email: string; extra?: Record<string, unknown> },
  cookies: Record<string, string> = {},
) {
  Object.assign(fb.profile, { extra: undefined }, profile);
  const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook?returnTo=%2Ffavorites', cookies });
  const state = start.cookies.find((c) => c.name === 'episodic_oauth')!.value;
  const html = await (await fetch(start.headers.location as string)).text();
  const back = new URL(/id="continue" href="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&'));
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { ...cookies, episodic_oauth: state },
  });
  for (const c of callback.cookies) cookies[c.name] = c.value;
  return callback;
}

async function registerWithPassword(email: string, password = strong): Promise<{ token: string; id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password, confirmPassword: password, agree: true },
    remoteAddress: nextIp(),
  });
  expect(envelope(res).code).toBe(200);
  return { token: String(res.headers['x-user-token']), id: envelope<User>(res).data.id };
}

const identityOf = (providerUserId: string) =>
  t.database.db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst();

describe('Facebook sign-in and an account holding the same email', () => {
  it('does not sign the owner into an account someone registered with their unverified address', async () => {
    serial++;
    const email = `victim-${String(serial)}@example.com`;
    const attacker = await registerWithPassword(email, 'attacker1pass');
    const browser: Record<string, string> = {};
    const callback = await facebookSignIn({ id: `fb-victim-${String(serial)}`, email }, browser);
    expect(callback.headers.location).toBe('/login?error=facebook_link&returnTo=%2Ffavorites');
    expect(callback.cookies.find((c) => c.name === 'episodic_session')).toBeUndefined();
    expect(callback.cookies.find((c) => c.name === 'episodic_link')).toMatchObject({
      httpOnly: true,
      path: '/api/user',
      sameSite: 'Lax',
    });
    expect(await identityOf(`fb-victim-${String(serial)}`)).toBeUndefined();
    // The attacker's account got nothing: no identity, no verified email.
    const seen = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': attacker.token } }),
    );
    expect(seen.data).toMatchObject({ id: attacker.id, emailVerified: false });
  });

  it('links after the account’s password is given in the same browser, then signs straight in', async () => {
    serial++;
    const email = `owner-${String(serial)}@example.com`;
    const owner = await registerWithPassword(email);
    const browser: Record<string, string> = {};
    await facebookSignIn({ id: `fb-owner-${String(serial)}`, email }, browser);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: strong },
      cookies: browser,
      headers: { origin: 'http://episodic.test' },
      remoteAddress: nextIp(),
    });
    expect(envelope<User>(login).data).toMatchObject({ id: owner.id, emailVerified: true });
    expect(login.cookies.find((c) => c.name === 'episodic_link')?.value).toBe('');
    expect((await identityOf(`fb-owner-${String(serial)}`))?.user_id).toBe(owner.id);
    const again = await facebookSignIn({ id: `fb-owner-${String(serial)}`, email }, {});
    expect(again.headers.location).toBe('/favorites?lang=en');
    const session = again.cookies.find((c) => c.name === 'episodic_session')!.value;
    const me = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: session } }),
    );
    expect(me.data).toMatchObject({ id: owner.id, emailVerified: true });
  });

  it('links nothing when another account’s password is given, or the pending sign-in is too old', async () => {
    serial++;
    const email = `held-${String(serial)}@example.com`;
    await registerWithPassword(email);
    const other = `other-${String(serial)}@example.com`;
    await registerWithPassword(other);
    const browser: Record<string, string> = {};
    await facebookSignIn({ id: `fb-held-${String(serial)}`, email }, browser);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: other, password: strong },
      cookies: browser,
      headers: { origin: 'http://episodic.test' },
      remoteAddress: nextIp(),
    });
    expect(await identityOf(`fb-held-${String(serial)}`)).toBeUndefined();

    const late: Record<string, string> = {};
    await facebookSignIn({ id: `fb-held-${String(serial)}`, email }, late);
    await t.database.db
      .updateTable('pending_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: strong },
      cookies: late,
      headers: { origin: 'http://episodic.test' },
      remoteAddress: nextIp(),
    });
    expect(await identityOf(`fb-held-${String(serial)}`)).toBeUndefined();
  });

  it('links and signs in at once when the account’s email is verified', async () => {
    serial++;
    const email = `verified-${String(serial)}@example.com`;
    const owner = await registerWithPassword(email);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    const callback = await facebookSignIn({ id: `fb-verified-${String(serial)}`, email });
    expect(callback.headers.location).toBe('/favorites?lang=en');
    expect((await identityOf(`fb-verified-${String(serial)}`))?.user_id).toBe(owner.id);
  });

  it('does not link a verified account when Facebook says its own address is unconfirmed', async () => {
    serial++;
    const email = `unconfirmed-${String(serial)}@example.com`;
    const owner = await registerWithPassword(email);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    const callback = await facebookSignIn({
      id: `fb-unconfirmed-${String(serial)}`,
      email,
      extra: { email_verified: false },
    });
    expect(callback.headers.location).toMatch(/^\/login\?error=facebook_link/);
    expect(await identityOf(`fb-unconfirmed-${String(serial)}`)).toBeUndefined();
  });

  it('creates a new account with the email verified when no account holds it', async () => {
    serial++;
    const email = `fresh-${String(serial)}@example.com`;
    const callback = await facebookSignIn({ id: `fb-fresh-${String(serial)}`, email });
    const session = callback.cookies.find((c) => c.name === 'episodic_session')!.value;
    const me = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: session } }),
    );
    expect(me.data).toMatchObject({ email, emailVerified: true, isGuest: false });
  });
});
