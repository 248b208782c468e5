import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '@episodic/contract';
import { envelope, testDbKind } from './test-app';
import { startInstances, type Instances } from './instances';
import { appendLedgerEntry } from '../src/modules/billing/index';
import type { Database } from '../src/db/connection';
import type { AppInstance } from '../src/http/types';

/**
 * Two instances on one PostgreSQL and one Redis, each with its session cache warm: a change made
 * through one must be seen by the other on the very next request, with no wait. PostgreSQL only:
 * the embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('the session cache on two instances', () => {
  let instances: Instances | undefined;
  const databases: Database[] = [];
  const apps: AppInstance[] = [];
  let address = 0;

  beforeAll(async () => {
    instances = await startInstances({});
    apps.push(...instances.apps);
    databases.push(...instances.databases);
  }, 60_000);

  afterAll(async () => {
    await instances?.close();
  });

  const call = (i: number, method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    apps[i]!.inject({
      method,
      url,
      headers: token ? { 'x-user-token': token } : {},
      remoteAddress: `10.9.${String(++address >> 8)}.${String(address & 255)}`,
      ...(payload ? { payload } : {}),
    });
  const user = (res: LightMyRequestResponse) => envelope<User>(res).data;
  const me = async (i: number, token: string) => user(await call(i, 'GET', '/api/user', token));
  /** A registered account and its token, made through instance 0; both instances' caches warm with it. */
  async function account(): Promise<{ id: string; token: string; email: string; password: string }> {
    const email = `cache-${String(Date.now())}-${String(++address)}@example.com`;
    const password = 'two instances 1';
    const res = await call(0, 'POST', '/api/user/register', null, {
      email,
      password,
      confirmPassword: password,
      agree: true,
    });
    const made = { id: user(res).id, token: String(res.headers['x-user-token']), email, password };
    for (let i = 0; i < 4; i++) expect((await me(i % 2, made.token)).id).toBe(made.id);
    return made;
  }

  it('refuses on one instance, at once, a session signed out on the other', async () => {
    for (const [writer, reader] of [
      [1, 0],
      [0, 1],
    ]) {
      const who = await account();
      await call(writer!, 'POST', '/api/user/logout', who.token, {});
      expect((await me(reader!, who.token)).id).not.toBe(who.id);
      expect(envelope(await call(reader!, 'GET', '/api/user/export', who.token)).code).toBe(401);
    }
  });

  it('signs out every device on both instances when the password is changed on one', async () => {
    const who = await account();
    const login = await call(1, 'POST', '/api/user/login', null, { email: who.email, password: who.password });
    const device = String(login.headers['x-user-token']);
    for (let i = 0; i < 4; i++) expect((await me(i % 2, device)).id).toBe(who.id);
    const changed = await call(1, 'POST', '/api/user/password', who.token, {
      currentPassword: who.password,
      password: 'a new password 3',
      confirmPassword: 'a new password 3',
    });
    expect(envelope(changed).code).toBe(200);
    expect((await me(0, device)).id).not.toBe(who.id);
    expect((await me(0, who.token)).id).toBe(who.id);
  });

  it('refuses everywhere an account disabled in the database through one instance', async () => {
    const who = await account();
    // The console's disable writes this statement (admin/users.repository.ts) on instance 0's connections.
    await databases[0]!.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', who.id).execute();
    expect((await me(1, who.token)).id).not.toBe(who.id);
  });

  it('shows coins granted and spent through one instance on the other at once', async () => {
    const who = await account();
    await databases[0]!.db
      .transaction()
      .execute((trx) => appendLedgerEntry(trx, { userId: who.id, delta: 90, kind: 'grant', key: `ci:${who.id}` }));
    expect((await me(1, who.token)).coins).toBe(90);
    await databases[1]!.db
      .transaction()
      .execute((trx) => appendLedgerEntry(trx, { userId: who.id, delta: -40, kind: 'spend', key: `cs:${who.id}` }));
    expect((await me(0, who.token)).coins).toBe(50);
  });

  it('refuses on both instances every request that starts after a logout answered, with reads running alongside', async () => {
    for (let round = 0; round < 3; round++) {
      const who = await account();
      const during = Array.from({ length: 20 }, (_, i) => me(i % 2, who.token));
      expect(envelope(await call(round % 2, 'POST', '/api/user/logout', who.token, {})).code).toBe(200);
      const after = await Promise.all(Array.from({ length: 20 }, (_, i) => me(i % 2, who.token)));
      await Promise.all(during);
      expect(after.every((u) => u.id !== who.id)).toBe(true);
    }
  });
  it('refuses, under a hundred reads at once that share sync markers, every read that starts after a password change or a disable on the other instance', async () => {
    for (const change of ['password', 'disable'] as const) {
      const who = await account();
      const login = await call(0, 'POST', '/api/user/login', null, { email: who.email, password: who.password });
      const device = String(login.headers['x-user-token']);
      expect((await me(1, device)).id).toBe(who.id);
      // Reads keep arriving on instance 1 while the change is made through instance 0: their markers
      // are in flight when it answers, and those that start afterwards must not ride on them.
      const during = Array.from({ length: 100 }, () => me(1, device));
      if (change === 'password') {
        const changed = await call(0, 'POST', '/api/user/password', who.token, {
          currentPassword: who.password,
          password: 'another password 4',
          confirmPassword: 'another password 4',
        });
        expect(envelope(changed).code).toBe(200);
      } else {
        await databases[0]!.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', who.id).execute();
      }
      const after = await Promise.all(Array.from({ length: 100 }, () => me(1, device)));
      await Promise.all(during);
      expect(after.filter((u) => u.id === who.id)).toEqual([]);
    }
  });
});
