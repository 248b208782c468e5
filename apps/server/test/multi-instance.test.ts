import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, testDbKind } from './test-app';
import { startInstances, type Instances } from './instances';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { appendLedgerEntry } from '../src/modules/billing/index';
import type { Database } from '../src/db/connection';
import type { AppInstance } from '../src/http/types';

/**
 * Two server instances on one PostgreSQL database and one Redis, requests spread across them, as
 * behind a load balancer. PostgreSQL only: the embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('two instances on one PostgreSQL and one Redis', () => {
  let instances: Instances | undefined;
  const databases: Database[] = [];
  const apps: AppInstance[] = [];
  let f: CatalogFixture;

  beforeAll(async () => {
    instances = await startInstances({
      TRUST_PROXY: 'true',
      GUEST_SESSIONS_PER_MINUTE: '20',
      GUEST_SESSIONS_BURST: '0',
    });
    apps.push(...instances.apps);
    databases.push(...instances.databases);
    f = await seedCatalogFixture(databases[0]!.db);
  }, 60_000);

  afterAll(async () => {
    await instances?.close();
  });

  const on = (i: number) => apps[i % 2]!;

  it('honours a session made on one instance on the other', async () => {
    const made = await on(0).inject({ method: 'GET', url: '/api/user' });
    const token = String(made.headers['x-user-token']);
    const id = envelope<{ id: string }>(made).data.id;
    const seen = await on(1).inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': token } });
    expect(envelope<{ id: string }>(seen).data.id).toBe(id);
    expect(seen.headers['x-user-token']).toBeUndefined();
    // Registered on one, signed in on the other, signed out everywhere from the first.
    const reg = await on(0).inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-user-token': token },
      payload: { email: 'two@example.com', password: 'twoinstances1', confirmPassword: 'twoinstances1', agree: true },
    });
    const session = String(reg.headers['x-user-token']);
    expect(
      envelope<{ email: string }>(
        await on(1).inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': session } }),
      ).data.email,
    ).toBe('two@example.com');
    await on(1).inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-user-token': session },
      payload: { everywhere: true },
    });
    const after = await on(0).inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': session } });
    expect(envelope<{ id: string }>(after).data.id).not.toBe(id);
  });

  it('shares rate limits: attempts spread over both instances count together', async () => {
    const ip = `203.0.113.${String(Math.floor(Math.random() * 200) + 1)}`;
    const email = `nobody-${String(Date.now())}@example.com`;
    const codes: number[] = [];
    // Ten wrong passwords on one account from one address in an hour, whichever instance takes them.
    for (let i = 0; i < 12; i++) {
      const res = await on(i).inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-forwarded-for': ip },
        payload: { email, password: 'wrong-password-1' },
      });
      codes.push(envelope(res).code);
    }
    expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('shares the guest budget of an address: guests minted through both instances count together', async () => {
    const ip = `198.51.100.${String(Math.floor(Math.random() * 200) + 1)}`;
    const codes: number[] = [];
    for (let i = 0; i < 26; i++)
      codes.push(
        envelope(await on(i).inject({ method: 'GET', url: '/api/user', headers: { 'x-forwarded-for': ip } })).code,
      );
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429, 429]);
  });

  it('shows a catalog edit made through one instance on the other within a second', async () => {
    const title = async (i: number) =>
      envelope<{ title: string }>(await on(i).inject({ method: 'GET', url: `/api/video?id=${String(f.series.ceo)}` }))
        .data.title;
    expect(await title(0)).toBe('The Billionaire’s Secret Bride');
    expect(await title(1)).toBe('The Billionaire’s Secret Bride');
    await databases[0]!.db
      .updateTable('series_translations')
      .set({ title: 'The Bride of the Bund' })
      .where('series_id', '=', f.series.ceo)
      .where('language', '=', 'en')
      .execute();
    const editedAt = Date.now();
    await on(0).services.catalog.invalidate();
    let seenAt = 0;
    while (Date.now() - editedAt < 1000) {
      if ((await title(1)) === 'The Bride of the Bund') {
        seenAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt - editedAt).toBeLessThan(1000);
  });

  it('keeps money rules across instances: parallel unlocks of one episode on both debit once', async () => {
    const made = await on(0).inject({ method: 'GET', url: '/api/user' });
    const token = String(made.headers['x-user-token']);
    const userId = envelope<{ id: string }>(made).data.id;
    await databases[0]!.db
      .transaction()
      .execute((trx) => appendLedgerEntry(trx, { userId, delta: 200, kind: 'grant', key: `multi:${userId}` }));
    const episode = f.episodes.ceo[4]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        on(i).inject({
          method: 'POST',
          url: '/api/video/unlock',
          headers: { 'x-user-token': token },
          payload: { episodeId: episode },
        }),
      ),
    );
    expect(answers.every((a) => envelope(a).code === 200)).toBe(true);
    const spent = await databases[1]!.db
      .selectFrom('coin_ledger')
      .select('delta')
      .where('user_id', '=', userId)
      .where('kind', '=', 'spend')
      .execute();
    expect(spent).toHaveLength(1);
    expect(
      envelope<{ coins: number }>(
        await on(1).inject({ method: 'GET', url: '/api/user', headers: { 'x-user-token': token } }),
      ).data.coins,
    ).toBe(150);
  });
});
