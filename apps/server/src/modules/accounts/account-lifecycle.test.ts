import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, Page, Series, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, outbox, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

type Res = { code: number; message: string; data: unknown; fields?: Record<string, string> };
async function call<T = unknown>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: { ...(token ? { 'x-user-token': token } : {}), ...headers },
  });
  return { ...envelope<T>(res), token: res.headers['x-user-token'] as string | undefined } as Res & {
    data: T;
    token?: string;
  };
}
const strong = 'drama2026!';

/** The newest mail to an address, once there are more than `after` (verification emails left out). */
async function waitForMail(to: string, after = 0): Promise<{ subject: string; text: string; html: string }> {
  for (let i = 0; i < 50; i++) {
    await t.app.background.idle();
    // Registration also sends a verification email; these tests read the other mails.
    const mails = (await outbox(t)).filter((m) => m.to === to && !m.text.includes('verifyToken='));
    const found = mails.length > after ? mails.at(-1) : undefined;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('registration', () => {
  it('answers the form prompts as field errors', async () => {
    const res = await call('POST', '/api/user/register', null, {});
    expect(res.code).toBe(422);
    expect(res.fields).toMatchObject({
      email: 'Please enter your email.',
      password: 'Please enter your password.',
      confirmPassword: 'Please repeat your password.',
      agree: expect.stringMatching(/agree/),
    });
    const weak = await call('POST', '/api/user/register', null, {
      email: 'x@y.co',
      password: 'short',
      confirmPassword: 'other',
      agree: true,
    });
    expect(weak.fields).toEqual({
      password: 'Use at least 8 characters.',
      confirmPassword: 'The passwords do not match.',
    });
    const noDigit = await call('POST', '/api/user/register', null, {
      email: 'x@y.co',
      password: 'lettersonly',
      confirmPassword: 'lettersonly',
      agree: true,
    });
    expect(noDigit.fields).toEqual({ password: 'Use at least one letter and one number.' });
    const longEmail = await call('POST', '/api/user/register', null, {
      email: `${'a'.repeat(250)}@x.co`,
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(longEmail.code).toBe(422);
  });

  it('turns the guest into the account: the list and history stay, the token rotates', async () => {
    const g = await newGuest(t);
    await call('POST', '/api/user/favorite', g.token, { seriesId: f.series.wolf });
    await call('POST', '/api/user/history', g.token, { episodeId: f.episodes.wolf[1], position: 20 });
    const res = await call<User>('POST', '/api/user/register', g.token, {
      email: '  New.Viewer@Example.com ',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: g.id, email: 'new.viewer@example.com', isGuest: false });
    expect(res.token).toBeTruthy();
    expect(res.token).not.toBe(g.token);
    expect((await call('GET', '/api/user/favorite', g.token)).code).toBe(401);
    const list = await call<Page<Series>>('GET', '/api/user/favorite', res.token!);
    expect(list.data.items.map((s) => s.id)).toEqual([f.series.wolf]);
    const history = await call<Page<HistoryEntry>>('GET', '/api/user/history', res.token!);
    expect(history.data.items.map((h) => h.episodeId)).toEqual([f.episodes.wolf[1]]);
  });

  it('refuses a taken email without creating anything', async () => {
    const res = await call('POST', '/api/user/register', null, {
      email: 'new.viewer@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    expect(res.code).toBe(409);
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'new.viewer@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('signing in from a guest session', () => {
  it('moves the guest’s list, history and unlocks to the account, keeping the newer position', async () => {
    const owner = await newGuest(t);
    const reg = await call('POST', '/api/user/register', owner.token, {
      email: 'merge@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    await call('POST', '/api/user/favorite', reg.token!, { seriesId: f.series.ceo });
    await call('POST', '/api/user/history', reg.token!, { episodeId: f.episodes.palace[0], position: 10 });

    const g = await newGuest(t);
    await call('POST', '/api/user/favorite', g.token, { seriesId: f.series.ceo });
    await call('POST', '/api/user/favorite', g.token, { seriesId: f.series.palace });
    await call('POST', '/api/user/history', g.token, { episodeId: f.episodes.palace[1], position: 33 });
    await t.database.db.insertInto('unlocks').values({ user_id: g.id, episode_id: f.episodes.ceo[5]! }).execute();

    const login = await call<User>('POST', '/api/user/login', g.token, {
      email: 'merge@example.com',
      password: strong,
    });
    expect(login.data.id).toBe(owner.id);
    const favs = await call<Page<Series>>('GET', '/api/user/favorite', login.token!);
    expect(favs.data.items.map((s) => s.id).sort()).toEqual([f.series.ceo, f.series.palace].sort());
    const history = await call<Page<HistoryEntry>>('GET', '/api/user/history', login.token!);
    expect(history.data.items.find((h) => h.series.id === f.series.palace)).toMatchObject({
      episodeId: f.episodes.palace[1],
      position: 33,
    });
    const unlocks = await t.database.db
      .selectFrom('unlocks')
      .select('episode_id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(unlocks.map((u) => u.episode_id)).toEqual([f.episodes.ceo[5]]);
    const gone = await t.database.db.selectFrom('users').select('id').where('id', '=', g.id).execute();
    expect(gone).toEqual([]);
  });
});

describe('password reset by email', () => {
  it('answers the same whether or not the email has an account, and emails a link only to accounts', async () => {
    const known = await call('POST', '/api/user/password/forgot', null, { email: 'new.viewer@example.com' });
    const unknown = await call('POST', '/api/user/password/forgot', null, { email: 'nobody-here@example.com' });
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ code: 200, data: {} });
    const mail = await waitForMail('new.viewer@example.com');
    expect(mail.subject).toBe('Reset your Episodic password');
    expect(mail.text).toMatch(/\/retrievePassword\?token=/);
    expect(mail.html).toMatch(/retrievePassword/);
    expect((await outbox(t)).some((m) => m.to === 'nobody-here@example.com')).toBe(false);
  });

  it('sets a new password with the emailed link, once; other sessions end', async () => {
    const before = await call('POST', '/api/user/login', null, { email: 'new.viewer@example.com', password: strong });
    const sent = (await outbox(t)).filter(
      (m) => m.to === 'new.viewer@example.com' && !m.text.includes('verifyToken='),
    ).length;
    await call('POST', '/api/user/password/forgot', null, { email: 'new.viewer@example.com' });
    // A new link revokes the ones before it: this test uses the new one.
    const mail = await waitForMail('new.viewer@example.com', sent);
    const token = decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]!);
    const mismatch = await call('POST', '/api/user/password/reset', null, {
      token,
      password: 'another1pass',
      confirmPassword: 'nope',
    });
    expect(mismatch.code).toBe(422);
    // Opening the link asks whether it still works, using nothing up (twice: still usable).
    const check = () => call<{ usable: boolean }>('POST', '/api/user/password/reset/check', null, { token });
    expect((await check()).data).toEqual({ usable: true });
    expect((await check()).data).toEqual({ usable: true });
    expect(
      (await call<{ usable: boolean }>('POST', '/api/user/password/reset/check', null, { token: `${token}x` })).data,
    ).toEqual({ usable: false });
    const reset = await call<User>('POST', '/api/user/password/reset', null, {
      token,
      password: 'another1pass',
      confirmPassword: 'another1pass',
    });
    expect(reset.code).toBe(200);
    expect(reset.data.email).toBe('new.viewer@example.com');
    const again = await call('POST', '/api/user/password/reset', null, {
      token,
      password: 'third1pass',
      confirmPassword: 'third1pass',
    });
    expect(again.code).toBe(410);
    // A used link says so as it opens.
    expect((await check()).data).toEqual({ usable: false });
    expect((await call('GET', '/api/user/favorite', before.token!)).code).toBe(401);
    expect(
      (await call('POST', '/api/user/login', null, { email: 'new.viewer@example.com', password: 'another1pass' })).code,
    ).toBe(200);
  });

  it('writes the email in the account’s language', async () => {
    const g = await newGuest(t);
    const reg = await call('POST', '/api/user/register', g.token, {
      email: 'leser@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    await call('POST', '/api/user/profile', reg.token!, { language: 'dy' });
    await call('POST', '/api/user/password/forgot', null, { email: 'leser@example.com' });
    const mail = await waitForMail('leser@example.com');
    expect(mail.subject).toBe('Setze dein Episodic-Passwort zurück');
  });
});

describe('the account', () => {
  it('changes preferences and password; other devices are signed out', async () => {
    const g = await newGuest(t);
    const a = await call<User>('POST', '/api/user/register', g.token, {
      email: 'prefs@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    const b = await call('POST', '/api/user/login', null, { email: 'prefs@example.com', password: strong });
    const prefs = await call<User>('POST', '/api/user/profile', a.token!, { language: 'pt', autoUnlock: true });
    expect(prefs.data).toMatchObject({ language: 'pt', autoUnlock: true });
    expect((await call('POST', '/api/user/profile', a.token!, { language: 'xx' })).code).toBe(422);
    const wrong = await call('POST', '/api/user/password', a.token!, {
      currentPassword: 'bad',
      password: 'next1pass',
      confirmPassword: 'next1pass',
    });
    expect(wrong.fields).toEqual({ currentPassword: 'This is not your current password.' });
    expect(
      (
        await call('POST', '/api/user/password', a.token!, {
          currentPassword: strong,
          password: 'next1pass',
          confirmPassword: 'next1pass',
        })
      ).code,
    ).toBe(200);
    expect((await call('GET', '/api/user/favorite', a.token!)).code).toBe(200);
    expect((await call('GET', '/api/user/favorite', b.token!)).code).toBe(401);
  });

  it('signs out everywhere', async () => {
    const g = await newGuest(t);
    const a = await call('POST', '/api/user/register', g.token, {
      email: 'everywhere@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    const b = await call('POST', '/api/user/login', null, { email: 'everywhere@example.com', password: strong });
    await call('POST', '/api/user/logout', a.token!, { everywhere: true });
    expect((await call('GET', '/api/user/favorite', a.token!)).code).toBe(401);
    expect((await call('GET', '/api/user/favorite', b.token!)).code).toBe(401);
  });

  it('deletes the account and what it owns after checking the password', async () => {
    const g = await newGuest(t);
    const a = await call('POST', '/api/user/register', g.token, {
      email: 'leaving@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    await call('POST', '/api/user/favorite', a.token!, { seriesId: f.series.ceo });
    expect((await call('POST', '/api/user/delete', a.token!, { password: 'wrong' })).code).toBe(422);
    expect((await call('POST', '/api/user/delete', a.token!, { password: strong })).code).toBe(200);
    expect(
      await t.database.db.selectFrom('users').select('id').where('email', '=', 'leaving@example.com').execute(),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('favorites').select('series_id').where('user_id', '=', g.id).execute(),
    ).toEqual([]);
    expect((await call('POST', '/api/user/login', null, { email: 'leaving@example.com', password: strong })).code).toBe(
      401,
    );
  });

  it("keeps a deleted account's plays counted without its id", async () => {
    const g = await newGuest(t);
    const a = await call('POST', '/api/user/register', g.token, {
      email: 'counted@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    const [episode] = f.episodes.ceo;
    const plays = () =>
      t.database.db.selectFrom('episode_plays').select(['viewer', 'day']).where('episode_id', '=', episode!).execute();
    await t.database.db
      .insertInto('episode_plays')
      .values([
        { episode_id: episode!, viewer: g.id, day: '2026-01-01' },
        { episode_id: episode!, viewer: g.id, day: '2026-01-02' },
      ])
      .execute();
    const before = await plays();
    expect((await call('POST', '/api/user/delete', a.token!, { password: strong })).code).toBe(200);
    const after = await plays();
    expect(after.filter((p) => p.viewer === g.id)).toEqual([]);
    // The same plays per day, for trending.
    const days = (rows: { day: unknown }[]) => rows.map((r) => String(r.day)).sort();
    expect(days(after)).toEqual(days(before));
  });
});

describe('abuse limits', () => {
  it('limits sign-in attempts per account, with a clear message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push(
        (await call('POST', '/api/user/login', null, { email: 'target@example.com', password: `guess-${i}` })).code,
      );
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const limited = await call('POST', '/api/user/login', null, { email: 'TARGET@example.com', password: 'guess' });
    expect(limited.code).toBe(429);
    expect(limited.message).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  });

  it('limits reset emails per account without telling whether it exists', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await call('POST', '/api/user/password/forgot', null, { email: 'limit-me@example.com' })).code);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('downloading my data', () => {
  it('gives everything kept about the viewer as one JSON file, and nothing of others', async () => {
    const g = await newGuest(t);
    const a = await call('POST', '/api/user/register', g.token, {
      email: 'export@example.com',
      password: strong,
      confirmPassword: strong,
      agree: true,
    });
    await call('POST', '/api/user/favorite', a.token!, { seriesId: f.series.palace });
    await call('POST', '/api/user/history', a.token!, { episodeId: f.episodes.palace[0], position: 3 });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: { 'x-user-token': a.token! } });
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="episodic-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = res.json();
    expect(data.account).toMatchObject({ email: 'export@example.com', guest: false });
    expect(data.favorites).toEqual([expect.objectContaining({ series_id: f.series.palace })]);
    expect(data.watchHistory).toEqual([
      expect.objectContaining({ episode_id: f.episodes.palace[0], position_ms: 3000 }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/password|token_hash/);
    expect(JSON.stringify(data)).not.toContain('new.viewer@example.com');
  });
});
