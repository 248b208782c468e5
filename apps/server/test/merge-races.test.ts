import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, envelope, testDbKind, type TestApp } from './test-app';
import { seedCatalogFixture, type CatalogFixture } from './catalog-fixture';
import { appendLedgerEntry } from '../src/modules/billing/index';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const PASSWORD = 'merge races 1';

async function newGuest(coins: number): Promise<{ token: string; id: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user' });
  const id = envelope<{ id: string }>(res).data.id;
  if (coins > 0)
    await t.database.db
      .transaction()
      .execute((trx) => appendLedgerEntry(trx, { userId: id, delta: coins, kind: 'grant', key: `test:${id}` }));
  return { token: String(res.headers['x-user-token']), id };
}

async function newAccount(email: string, coins: number): Promise<{ token: string; id: string }> {
  const g = await newGuest(coins);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { 'x-user-token': g.token },
    payload: { email, password: PASSWORD, confirmPassword: PASSWORD, agree: true },
  });
  expect(envelope(res).code).toBe(200);
  return { token: String(res.headers['x-user-token']), id: g.id };
}

const unlock = (token: string, episodeId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/video/unlock',
    headers: { 'x-user-token': token },
    payload: { episodeId },
  });
const login = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-user-token': token },
    payload: { email, password: PASSWORD },
  });

/** Users whose ledger does not add up to their balance (a missing balance row counts as 0). */
async function ledgerMismatches(): Promise<unknown[]> {
  const { rows } = await sql<{ user_id: string; ledger: number; balance: number }>`
    SELECT coalesce(l.user_id, b.user_id) AS user_id, coalesce(l.total, 0)::int AS ledger, coalesce(b.balance, 0)::int AS balance
    FROM (SELECT user_id, sum(delta) AS total FROM coin_ledger GROUP BY user_id) l
    FULL OUTER JOIN coin_balances b ON b.user_id = l.user_id
    WHERE coalesce(l.total, 0) <> coalesce(b.balance, 0)`.execute(t.database.db);
  return rows;
}

describe('merging a guest into an account', () => {
  it('returns the coins a guest spent on an episode the account had already unlocked, with a ledger line saying why', async () => {
    const account = await newAccount('both-unlocked@example.com', 200);
    const episode = f.episodes.wolf[3]!;
    expect(envelope(await unlock(account.token, episode)).code).toBe(200);
    const guest = await newGuest(120);
    expect(envelope(await unlock(guest.token, episode)).code).toBe(200);
    expect(envelope(await unlock(guest.token, f.episodes.wolf[4]!)).code).toBe(200);
    const signedIn = envelope<{ coins: number }>(await login(guest.token, 'both-unlocked@example.com'));
    expect(signedIn.code).toBe(200);
    // 200 - 50 on the account; 120 - 50 - 50 on the guest; the guest's spend on the shared episode comes back.
    expect(signedIn.data.coins).toBe(150 + 20 + 50);
    const lines = await t.database.db
      .selectFrom('coin_ledger')
      .select(['delta', 'kind', 'episode_id', 'reason'])
      .where('user_id', '=', account.id)
      .where('kind', 'in', ['spend', 'refund'])
      .execute();
    expect(lines.filter((l) => l.kind === 'spend' && l.episode_id === episode)).toHaveLength(2);
    expect(lines.filter((l) => l.kind === 'refund')).toEqual([
      {
        delta: 50,
        kind: 'refund',
        episode_id: episode,
        reason: expect.stringMatching(/already unlocked on this account/) as unknown,
      },
    ]);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('returns the share of a series unlock that the account already had', async () => {
    const account = await newAccount('series-overlap@example.com', 100);
    expect(envelope(await unlock(account.token, f.episodes.palace[2]!)).code).toBe(200);
    const guest = await newGuest(1000);
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/video?id=${String(f.series.palace)}`,
      headers: { 'x-user-token': guest.token },
    });
    const price = envelope<{ seriesPrice: number | null }>(quote).data.seriesPrice;
    const series = await t.app.inject({
      method: 'POST',
      url: '/api/video/unlock',
      headers: { 'x-user-token': guest.token },
      payload: { seriesId: f.series.palace, price },
    });
    const bought = envelope<{ unlocked: number[] }>(series).data.unlocked;
    expect(envelope(await login(guest.token, 'series-overlap@example.com')).code).toBe(200);
    const refund = await t.database.db
      .selectFrom('coin_ledger')
      .select(['delta', 'reason'])
      .where('user_id', '=', account.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(refund.delta).toBe(Math.floor((price ?? 0) / bought.length));
    expect(refund.reason).toMatch(new RegExp(`1 of ${bought.length} episodes`));
    expect(await ledgerMismatches()).toEqual([]);
  });
});

// The embedded database has one connection, so requests there never overlap inside the database.
describe.skipIf(testDbKind !== 'postgres')('unlocks racing sign-in merges (PostgreSQL)', () => {
  it('keeps every ledger equal to its balance and answers no 5xx, over 40 rounds', async () => {
    const email = 'racing@example.com';
    const account = await newAccount(email, 500);
    const locked = [...f.episodes.ceo.slice(2), ...f.episodes.wolf.slice(2)];
    const statuses: number[] = [];
    const codes: number[] = [];
    for (let round = 0; round < 40; round++) {
      const guest = await newGuest(120);
      // Unlocks of episodes the account may already hold (their coins come back) and of new ones, with the sign-in among them.
      const episodes = [0, 1, 2, 3].map((i) => locked[(round + i * 3) % locked.length]!);
      const calls = [
        ...episodes.slice(0, 2).map((e) => unlock(guest.token, e)),
        login(guest.token, email),
        ...episodes.slice(2).map((e) => unlock(guest.token, e)),
        unlock(account.token, episodes[0]!),
      ];
      const answers = await Promise.all(calls);
      for (const a of answers) {
        statuses.push(a.statusCode);
        codes.push(envelope(a).code);
      }
      expect(await ledgerMismatches()).toEqual([]);
      const orphaned = await t.database.db
        .selectFrom('coin_ledger')
        .select('id')
        .where('user_id', '=', guest.id)
        .execute();
      expect(orphaned).toEqual([]);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(codes.every((c) => [200, 401, 402].includes(c))).toBe(true);
    // Every episode the account holds was paid for once: spends minus returned spends, per episode.
    const { rows } = await sql<{ episode_id: number; net: number }>`
      SELECT episode_id, sum(-delta)::int AS net FROM coin_ledger
      WHERE user_id = ${account.id}::uuid AND episode_id IS NOT NULL AND kind IN ('spend', 'refund')
      GROUP BY episode_id HAVING sum(-delta) <> 50`.execute(t.database.db);
    expect(rows).toEqual([]);
  }, 120_000);

  it('settles payments racing sign-in merges onto the account, with no 5xx and the ledger whole', async () => {
    const email = 'paying-racer@example.com';
    const account = await newAccount(email, 0);
    const card = {
      number: '4242424242424242',
      expiry: '12/34',
      cvv: '123',
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.com',
    };
    const statuses: number[] = [];
    let paid = 0;
    for (let round = 0; round < 20; round++) {
      const guest = await newGuest(0);
      const order = envelope<{ id: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/payment/order',
          headers: { 'x-user-token': guest.token },
          payload: { planId: 'coins-300' },
        }),
      );
      const [payment, signIn] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/payment/pay',
          headers: { 'x-user-token': guest.token },
          payload: { orderId: order.data.id, method: 'card', card, agree: true },
        }),
        login(guest.token, email),
      ]);
      statuses.push(payment.statusCode, signIn.statusCode);
      if (envelope<{ status: string }>(payment).data?.status === 'paid') paid++;
      expect(await ledgerMismatches()).toEqual([]);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // Every order paid, whichever side of the merge it settled on, credited the account.
    await t.app.background.idle();
    const orders = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', account.id)
      .where('plan_id', '=', 'coins-300')
      .execute();
    const credited = await t.database.db
      .selectFrom('coin_ledger')
      .select('id')
      .where('user_id', '=', account.id)
      .where('kind', '=', 'purchase')
      .execute();
    expect(credited.length).toBe(orders.filter((o) => o.status === 'paid').length);
    expect(credited.length).toBeGreaterThanOrEqual(paid);
  }, 120_000);
});

describe('a request whose user is merged away while it runs', () => {
  it('answers 401 sign-in-again, not a foreign-key 500, for writes that name the vanished user', async () => {
    const vanish = await createTestApp({}, (app) => {
      // Stands in for a merge committing between the request's session lookup and its write.
      app.addHook('preHandler', async (req) => {
        if (req.headers['x-test-vanish'] !== '1') return;
        const auth = await req.auth();
        if (auth) await vanishDb().deleteFrom('users').where('id', '=', auth.userId).execute();
      });
    });
    const vanishDb = () => vanish.database.db;
    try {
      const fx = await seedCatalogFixture(vanish.database.db);
      for (const [url, payload] of [
        ['/api/user/history', { episodeId: fx.episodes.ceo[0], position: 5 }],
        ['/api/user/favorite', { seriesId: fx.series.ceo }],
        ['/api/video/unlock', { episodeId: fx.episodes.ceo[3] }],
      ] as const) {
        const made = await vanish.app.inject({ method: 'GET', url: '/api/user' });
        const res = await vanish.app.inject({
          method: 'POST',
          url,
          headers: { 'x-user-token': String(made.headers['x-user-token']), 'x-test-vanish': '1' },
          payload,
        });
        expect(res.statusCode, url).toBe(200);
        expect(envelope(res).code, url).toBe(401);
      }
    } finally {
      await vanish.close();
    }
  });
});
