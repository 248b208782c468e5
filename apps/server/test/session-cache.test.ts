import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from './test-app';
import { callOk, grantCoins, newAccount, newAdmin, newGuest, send, type Principal } from './principals';

/**
 * GET /api/user and every signed-in request read their session and user from memory once warm
 * (modules/accounts/session-cache.ts). Each test warms the cache, changes the rows behind it the way
 * the product does, and reads at once, with no wait: a stale answer here is a revoked session
 * still honoured, or money shown wrong. One instance, no Redis (the two-instance case is in
 * session-cache-instances.test.ts).
 */
describe('the session cache on one instance', () => {
  let t: TestApp;
  let admin: Principal;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const me = async (who: Principal) => envelope<User>(await send(t, who.token, 'GET', '/api/user'));
  /** Whether the token still opens the account (GET /api/user would hand a stranger a new guest). */
  const opens = async (who: Principal) => (await me(who)).data.id === who.id;
  const warm = async (who: Principal) => {
    for (let i = 0; i < 3; i++) expect(await opens(who)).toBe(true);
  };

  it('refuses a session at once after its logout, and every session after a logout everywhere', async () => {
    const who = await newAccount(t);
    await warm(who);
    await callOk(t, who.token, 'POST', '/api/user/logout', {});
    expect(await opens(who)).toBe(false);
    // A signed-in route other than /api/user is refused as well.
    expect(envelope(await send(t, who.token, 'GET', '/api/user/export')).code).toBe(401);

    const again = await callOk<User>(t, null, 'POST', '/api/user/login', { email: who.email, password: who.password });
    const second = { ...who, token: String(again.res.headers['x-user-token']) };
    const third = await callOk<User>(t, null, 'POST', '/api/user/login', { email: who.email, password: who.password });
    const other = { ...who, token: String(third.res.headers['x-user-token']) };
    await warm(second);
    await warm(other);
    await callOk(t, second.token, 'POST', '/api/user/logout', { everywhere: true });
    expect(await opens(second)).toBe(false);
    expect(await opens(other)).toBe(false);
  });

  it('signs other devices out at once when the password changes, keeping this one', async () => {
    const who = await newAccount(t);
    const login = await callOk<User>(t, null, 'POST', '/api/user/login', { email: who.email, password: who.password });
    const device = { ...who, token: String(login.res.headers['x-user-token']) };
    await warm(who);
    await warm(device);
    await callOk(t, who.token, 'POST', '/api/user/password', {
      currentPassword: who.password,
      password: 'a new password 2',
      confirmPassword: 'a new password 2',
    });
    expect(await opens(device)).toBe(false);
    expect(await opens(who)).toBe(true);
  });

  it('refuses a disabled account at once', async () => {
    const who = await newAccount(t);
    await warm(who);
    await callOk(t, admin.token, 'POST', `/api/admin/users/${who.id!}/disable`, { reason: 'cache test' });
    expect(await opens(who)).toBe(false);
    expect(envelope(await send(t, who.token, 'GET', '/api/user/export')).code).toBe(401);
  });

  it('shows coins granted and spent at once', async () => {
    const who = await newGuest(t);
    await warm(who);
    expect((await me(who)).data.coins).toBe(0);
    await grantCoins(t, who.id!, 70);
    expect((await me(who)).data.coins).toBe(70);
    await t.database.db.transaction().execute(async (trx) => {
      const { appendLedgerEntry } = await import('../src/modules/billing/index');
      await appendLedgerEntry(trx, { userId: who.id!, delta: -30, kind: 'spend', key: `cache-spend:${who.id!}` });
    });
    expect((await me(who)).data.coins).toBe(40);
  });

  it('shows a profile change at once', async () => {
    const who = await newAccount(t);
    await warm(who);
    await callOk(t, who.token, 'POST', '/api/user/profile', { autoUnlock: false });
    expect((await me(who)).data.autoUnlock).toBe(false);
    await callOk(t, who.token, 'POST', '/api/user/profile', { autoUnlock: true });
    expect((await me(who)).data.autoUnlock).toBe(true);
  });

  it('never serves one viewer another’s user, however many read at once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => newGuest(t)));
    const reads = await Promise.all(people.flatMap((p) => [me(p), me(p), me(p)]));
    reads.forEach((r, i) => expect(r.data.id).toBe(people[Math.floor(i / 3)]!.id));
  });

  it('refuses every request that starts after a logout answered, with reads running alongside it', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await newAccount(t);
      await warm(who);
      const during = Array.from({ length: 20 }, () => me(who));
      await callOk(t, who.token, 'POST', '/api/user/logout', {});
      const after = await Promise.all(Array.from({ length: 20 }, () => me(who)));
      await Promise.all(during);
      expect(after.every((r) => r.data.id !== who.id)).toBe(true);
    }
  });
});
