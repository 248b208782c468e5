import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { startFakeFacebook, type FakeFacebook } from '../../../test/fake-facebook';

let t: TestApp;
let fb: FakeFacebook;
beforeAll(async () => {
  fb = await startFakeFacebook('app-123', 'secret-456', {
    id: 'fb-1001',
    name: 'Mia Moreau',
    email: 'Mia@Example.com',
  });
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

/** Follows the flow as a browser would: start, the dialog's choice, then the callback. */
async function signIn(choice: 'continue' | 'cancel', guestToken?: string, returnTo = '/videos/7?ep=2') {
  const headers = guestToken ? { 'x-user-token': guestToken } : {};
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/user/oauth/facebook?returnTo=${encodeURIComponent(returnTo)}`,
    headers,
  });
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((c) => c.name === 'episodic_oauth')!;
  const dialog = await fetch(start.headers.location as string);
  const html = await dialog.text();
  const link = new RegExp(`id="${choice}" href="([^"]+)"`).exec(html)![1]!.replace(/&#38;/g, '&');
  const back = new URL(link);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers,
    cookies: { episodic_oauth: stateCookie.value },
  });
  return { start, callback };
}

describe('Facebook sign-in', () => {
  it('is offered when configured', async () => {
    expect(envelope(await t.app.inject({ method: 'GET', url: '/api/user/providers' })).data).toEqual({
      facebook: true,
    });
  });

  it('redirects to the dialog with state and a PKCE S256 challenge', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook' });
    const url = new URL(start.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(fb.authUrl);
    expect(url.searchParams.get('client_id')).toBe('app-123');
    expect(url.searchParams.get('redirect_uri')).toBe('http://episodic.test/api/user/oauth/facebook/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(start.cookies.find((c) => c.name === 'episodic_oauth')).toMatchObject({
      httpOnly: true,
      value: url.searchParams.get('state'),
    });
  });

  it('creates an account linked by email, keeps the guest’s data, and returns to where the viewer was', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const guestToken = String(guest.headers['x-user-token']);
    const { callback } = await signIn('continue', guestToken);
    expect(callback.statusCode).toBe(302);
    // The app loads there in the account's language.
    expect(callback.headers.location).toBe('/videos/7?ep=2&lang=en');
    const session = callback.cookies.find((c) => c.name === 'episodic_session')!;
    const me = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: session.value } }),
    );
    expect(me.data).toMatchObject({ id: envelope<User>(guest).data.id, email: 'mia@example.com', isGuest: false });
    const token = fb.requests.find((r) => r.path.endsWith('/oauth/access_token'))!;
    expect(token.query).toMatchObject({
      client_id: 'app-123',
      client_secret: 'secret-456',
      code_verifier: expect.stringMatching(/^[\w-]{64}$/),
    });
  });

  it('signs the same Facebook user into the same account next time', async () => {
    const { callback } = await signIn('continue');
    const session = callback.cookies.find((c) => c.name === 'episodic_session')!;
    const me = envelope<User>(
      await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: session.value } }),
    );
    expect(me.data.email).toBe('mia@example.com');
    const count = await t.database.db.selectFrom('users').select('id').where('email', '=', 'mia@example.com').execute();
    expect(count).toHaveLength(1);
  });

  it('returns to sign-in with a reason when the user refuses', async () => {
    const { callback } = await signIn('cancel');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?error=facebook_denied/);
    expect(callback.cookies.find((c) => c.name === 'episodic_session')).toBeUndefined();
  });

  it('refuses a callback whose state is not bound to this browser, or replayed', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/user/oauth/facebook/callback?code=x&state=${state}`,
      cookies: { episodic_oauth: 'other' },
    });
    expect(forged.headers.location).toBe('/login?error=facebook_expired');
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/user/oauth/facebook/callback?code=x&state=${state}`,
      cookies: { episodic_oauth: state },
    });
    expect(replay.headers.location).toBe('/login?error=facebook_failed');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/user/oauth/facebook/callback?code=x&state=${state}`,
      cookies: { episodic_oauth: state },
    });
    expect(again.headers.location).toBe('/login?error=facebook_expired');
  });

  it('never redirects off-site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const { callback } = await signIn('continue', undefined, returnTo);
      expect(callback.headers.location).toBe('/my?lang=en');
    }
  });

  it('refuses targets a browser reads as another host, and answers a redirect (never a 5xx) for control characters', async () => {
    // `/\t/evil.example/` is `//evil.example/` to a browser's URL parser: another site.
    for (const returnTo of [
      '/\t/evil.example/',
      '/%09/evil.example/',
      '/\n/evil.example',
      '/%2F/evil.example',
      '/x\r\nSet-Cookie: a=b',
      '/%0d%0aSet-Cookie:%20a=b',
      '/\u2028/evil.example',
    ]) {
      const { start, callback } = await signIn('continue', undefined, returnTo);
      expect(start.statusCode, JSON.stringify(returnTo)).toBe(302);
      expect(callback.statusCode, JSON.stringify(returnTo)).toBe(302);
      expect(callback.headers.location, JSON.stringify(returnTo)).toBe('/my?lang=en');
    }
    // A target stored before the rule changed is checked again on the way out.
    const { db } = t.database;
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook?returnTo=%2Ffavorites' });
    await db
      .updateTable('oauth_states')
      .set({ return_to: '/\t/evil.example/' })
      .where('return_to', '=', '/favorites')
      .execute();
    const dialog = await fetch(start.headers.location as string);
    const link = /id="continue" href="([^"]+)"/.exec(await dialog.text())![1]!.replace(/&#38;/g, '&');
    const back = new URL(link);
    const stateCookie = start.cookies.find((c) => c.name === 'episodic_oauth')!;
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { episodic_oauth: stateCookie.value },
    });
    expect(callback.headers.location).toBe('/my?lang=en');
  });

  it("returns in the account's saved language, or gives the account the language chosen before leaving", async () => {
    const first = await signIn('continue');
    const session = first.callback.cookies.find((c) => c.name === 'episodic_session')!;
    const account = (
      await t.app.inject({ method: 'GET', url: '/api/user', cookies: { episodic_session: session.value } })
    ).json<{ data: { id: string } }>().data;
    await t.database.db.updateTable('users').set({ language: 'dy' }).where('id', '=', account.id).execute();
    // No choice this visit: the app loads in German, the account's language.
    expect((await signIn('continue')).callback.headers.location).toBe('/videos/7?ep=2&lang=dy');

    // Portuguese chosen in the header before: kept, and the account's from now on.
    const start = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook?returnTo=%2Fmy&lang=pt' });
    const stateCookie = start.cookies.find((c) => c.name === 'episodic_oauth')!;
    const languageCookie = start.cookies.find((c) => c.name === 'episodic_oauth_lang')!;
    expect(languageCookie).toMatchObject({ value: 'pt', httpOnly: true, path: '/api/user/oauth' });
    const link = /id="continue" href="([^"]+)"/
      .exec(await (await fetch(start.headers.location as string)).text())![1]!
      .replace(/&#38;/g, '&');
    const back = new URL(link);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { episodic_oauth: stateCookie.value, episodic_oauth_lang: languageCookie.value },
    });
    expect(callback.headers.location).toBe('/my?lang=pt');
    const row = await t.database.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', account.id)
      .executeTakeFirst();
    expect(row?.language).toBe('pt');
    // A language outside the five is refused at the start.
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/oauth/facebook?lang=xx' });
    expect(bad.cookies.find((c) => c.name === 'episodic_oauth_lang')).toBeUndefined();
  });
});

describe('Facebook sign-in when not configured', () => {
  it('is not offered and its address sends the viewer back to sign-in', async () => {
    const plain = await createTestApp();
    try {
      expect(envelope(await plain.app.inject({ method: 'GET', url: '/api/user/providers' })).data).toEqual({
        facebook: false,
      });
      const res = await plain.app.inject({ method: 'GET', url: '/api/user/oauth/facebook' });
      expect(res.headers.location).toBe('/login?error=facebook_unavailable');
    } finally {
      await plain.close();
    }
  });
});
