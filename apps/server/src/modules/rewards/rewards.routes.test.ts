import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardsState, User, WalletPage } from '@episodic/contract';
import { createTestApp, envelope, nextAddress, type TestApp, unique } from '../../testing';
import { caller, createCallers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

let t: TestApp;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  fx = await seedCatalogFixture(t.database.db);
  admin = caller(t, (await createCallers(t)).admin);
});
afterAll(() => t.close());

const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

/** A new account, its email verified unless asked otherwise. */
async function account(opts: { verified?: boolean; email?: string } = {}) {
  const email = opts.email ?? `reward-${unique()}@episodic.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: nextAddress(),
    payload: { email, password: 'reward password 1', confirmPassword: 'reward password 1', agree: true },
  });
  const { id } = envelope<User>(res).data;
  if (opts.verified !== false)
    await t.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
  const token = String(res.headers['x-user-token']);
  return { id, email, token, api: caller(t, token) };
}

async function setConfig(key: string, value: string) {
  const res = await admin.put(`/api/admin/settings/config/${key}`, { value });
  expect(res.code).toBe(200);
}

async function buy(token: string, planId: string): Promise<string> {
  const api = caller(t, token);
  const order = await api.post<{ id: string }>('/api/payment/order', { planId });
  const paid = await api.post<{ status: string }>('/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card,
    agree: true,
  });
  expect(paid.data.status).toBe('paid');
  return order.data.id;
}

const ledger = (userId: string) =>
  t.database.db
    .selectFrom('coin_ledger')
    .select(['kind', 'delta', 'bonus_delta', 'idempotency_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('welcome coins', () => {
  it('go once to a verified account, as bonus coins, however many claims arrive at once', async () => {
    const a = await account();
    const before = await a.api.get<RewardsState>('/api/rewards');
    expect(before.data).toMatchObject({ eligible: true, welcome: { coins: 30, claimed: false } });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => a.api.post<RewardsState>('/api/rewards/welcome', {})),
    );
    expect(claims.map((c) => c.code)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(claims[0]!.data.welcome.claimed).toBe(true);
    expect(await ledger(a.id)).toEqual([
      { kind: 'reward', delta: 30, bonus_delta: 30, idempotency_key: `reward:welcome:${a.id}` },
    ]);
    const me = await a.api.get<User>('/api/user');
    expect(me.data).toMatchObject({ coins: 30, paidCoins: 0, bonusCoins: 30 });
  });

  it('cannot be farmed: new guests get nothing, an unverified account waits, a re-registered address gets nothing again', async () => {
    // Many fresh guests from one client: each is a new cookie, and none of them is paid.
    for (let i = 0; i < 8; i++) {
      const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
      const g = caller(t, String(guest.headers['x-user-token']));
      expect((await g.get<RewardsState>('/api/rewards')).data.eligible).toBe(false);
      expect((await g.post('/api/rewards/welcome', {})).code).toBe(401);
      expect((await g.post('/api/rewards/check-in', {})).code).toBe(401);
      expect((await g.get<User>('/api/user')).data.coins).toBe(0);
    }
    const unverified = await account({ verified: false });
    expect(await unverified.api.post('/api/rewards/welcome', {})).toMatchObject({
      code: 403,
      message: expect.any(String),
    });
    expect((await unverified.api.get<User>('/api/user')).data.coins).toBe(0);

    const first = await account();
    await first.api.post('/api/rewards/welcome', {});
    const deleted = await first.api.post('/api/user/delete', { password: 'reward password 1' });
    expect(deleted.code).toBe(200);
    const again = await account({ email: first.email.toUpperCase() });
    const claim = await again.api.post<RewardsState>('/api/rewards/welcome', {});
    expect(claim.data.welcome.claimed).toBe(true);
    expect(claim.data.wallet.coins).toBe(0);
  });

  it('is off at 0, and the console refuses amounts that are not whole coins', async () => {
    expect((await admin.put('/api/admin/settings/config/rewards_welcome_coins', { value: '-5' })).code).toBe(422);
    expect((await admin.put('/api/admin/settings/config/rewards_checkin_coins', { value: '5,x' })).code).toBe(422);
    expect((await admin.put('/api/admin/settings/config/rewards_checkin_coins', { value: '5;6' })).code).toBe(422);
    expect((await admin.del('/api/admin/settings/config/rewards_welcome_coins')).code).toBe(409);
    await setConfig('rewards_welcome_coins', '0');
    const a = await account();
    expect((await a.api.post('/api/rewards/welcome', {})).code).toBe(409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', 'rewards_welcome_coins')
      .execute();
    expect(audit.map((r) => r.action)).toContain('setting.update');
    await setConfig('rewards_welcome_coins', '30');
  });
});

describe('daily check-in', () => {
  it('pays once a day under parallel claims', async () => {
    const a = await account();
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => a.api.post<RewardsState>('/api/rewards/check-in', {})),
    );
    expect(claims.every((c) => c.code === 200)).toBe(true);
    const lines = await ledger(a.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'reward', delta: 5, bonus_delta: 5 });
    const state = await a.api.get<RewardsState>('/api/rewards');
    expect(state.data.checkIn).toMatchObject({
      streak: 1,
      claimedToday: true,
      todayCoins: 5,
      days: [5, 5, 10, 10, 15, 15, 30],
    });
  });

  it('grows the streak on consecutive UTC days, repeats the last amount, and starts again after a missed day', async () => {
    const a = await account();
    const day = (n: number) => new Date(Date.UTC(2030, 0, n, 23, 59));
    const got: number[] = [];
    for (let n = 1; n <= 9; n++) {
      const s = await t.app.rewards.checkIn(a.id, day(n));
      got.push(s.checkIn.streak);
    }
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Days 8 and 9 repeat the table's last value (30).
    expect((await ledger(a.id)).map((l) => l.delta)).toEqual([5, 5, 10, 10, 15, 15, 30, 30, 30]);
    const afterGap = await t.app.rewards.checkIn(a.id, day(11));
    expect(afterGap.checkIn).toMatchObject({ streak: 1, todayCoins: 5, claimedToday: true });
    const open = await t.app.rewards.state(a.id, day(12));
    expect(open.checkIn).toMatchObject({ streak: 1, claimedToday: false, todayCoins: 5 });
  });
});

describe('spending and refunds across the two buckets', () => {
  it('spends bonus coins first, and a refund takes back the order’s bought coins and its bonus, never below zero', async () => {
    const a = await account();
    await a.api.post('/api/rewards/welcome', {}); // 30 bonus
    const orderId = await buy(a.token, 'coins-1000'); // 1000 bought + 100 plan bonus
    expect((await a.api.get<User>('/api/user')).data).toMatchObject({ coins: 1130, paidCoins: 1000, bonusCoins: 130 });
    // Two unlocks of 50 at once: 100 of the 130 bonus coins, nothing bought.
    const unlocks = await Promise.all(
      [fx.episodes.ceo[4]!, fx.episodes.ceo[5]!].map((episodeId) => a.api.post('/api/video/unlock', { episodeId })),
    );
    expect(unlocks.map((u) => u.code)).toEqual([200, 200]);
    expect((await a.api.get<User>('/api/user')).data).toMatchObject({ coins: 1030, paidCoins: 1000, bonusCoins: 30 });
    // A third: 30 bonus, then 20 bought.
    await a.api.post('/api/video/unlock', { episodeId: fx.episodes.wolf[4]! });
    expect((await a.api.get<User>('/api/user')).data).toMatchObject({ coins: 980, paidCoins: 980, bonusCoins: 0 });
    const spends = (await ledger(a.id)).filter((l) => l.kind === 'spend');
    expect(spends.map((s) => [s.delta, s.bonus_delta])).toEqual(
      expect.arrayContaining([
        [-50, -50],
        [-50, -50],
        [-50, -30],
      ]),
    );

    const refund = await admin.post<{ refund: { coinsReversed: number; coinsShort: number } }>(
      `/api/admin/orders/${orderId}/refund`,
      { reason: 'Bought by mistake' },
    );
    expect(refund.code).toBe(200);
    // The 980 bought coins left of its 1000, and none of its 100 bonus (already spent).
    expect(refund.data.refund).toMatchObject({ coinsReversed: 980, coinsShort: 120 });
    const line = (await ledger(a.id)).find((l) => l.kind === 'refund')!;
    expect(line).toMatchObject({ delta: -980, bonus_delta: 0 });
    expect((await a.api.get<User>('/api/user')).data).toMatchObject({ coins: 0, paidCoins: 0, bonusCoins: 0 });
  });

  it('refunds the plan’s bonus from the bonus bucket while the viewer still holds it', async () => {
    const a = await account();
    const orderId = await buy(a.token, 'coins-1000');
    await a.api.post('/api/rewards/welcome', {});
    await admin.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Goodwill' });
    const line = (await ledger(a.id)).find((l) => l.kind === 'refund')!;
    expect(line).toMatchObject({ delta: -1100, bonus_delta: -100 });
    expect((await a.api.get<User>('/api/user')).data).toMatchObject({ coins: 30, paidCoins: 0, bonusCoins: 30 });
  });
});

describe('first-purchase bonus', () => {
  it('comes once with the first paid order, even when orders are paid at the same time', async () => {
    await setConfig('rewards_first_purchase_coins', '50');
    try {
      const a = await account();
      await Promise.all([buy(a.token, 'coins-300'), buy(a.token, 'coins-300')]);
      const rewards = (await ledger(a.id)).filter((l) => l.kind === 'reward');
      expect(rewards).toEqual([
        { kind: 'reward', delta: 50, bonus_delta: 50, idempotency_key: `reward:first_purchase:${a.id}` },
      ]);
      await buy(a.token, 'coins-300');
      expect((await ledger(a.id)).filter((l) => l.kind === 'reward')).toHaveLength(1);
      expect((await a.api.get<RewardsState>('/api/rewards')).data.firstPurchase).toEqual({ coins: 50, claimed: true });
    } finally {
      await setConfig('rewards_first_purchase_coins', '0');
    }
  });
});

describe('the wallet', () => {
  it('lists every purchase, unlock, reward and refund with what it was for, newest first, in pages', async () => {
    const a = await account();
    await a.api.post('/api/rewards/welcome', {});
    await a.api.post('/api/rewards/check-in', {});
    const orderId = await buy(a.token, 'coins-1000');
    await a.api.post('/api/video/unlock', { episodeId: fx.episodes.ceo[4]! });
    await admin.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Goodwill' });
    const first = await a.api.get<WalletPage>('/api/wallet?pageSize=4&lang=en');
    expect(first.data.hasMore).toBe(true);
    expect(first.data.items.map((l) => [l.kind, l.reward])).toEqual([
      ['refund', null],
      ['spend', null],
      ['bonus', null],
      ['purchase', null],
    ]);
    expect(first.data.items[1]).toMatchObject({ delta: -50, seriesId: fx.series.ceo, episodeNumber: 5 });
    expect(first.data.items[1]!.seriesTitle).toEqual(expect.any(String));
    expect(first.data.items[3]).toMatchObject({ delta: 1000, bonusDelta: 0, planName: expect.any(String) });
    const second = await a.api.get<WalletPage>('/api/wallet?pageSize=4&page=2');
    expect(second.data.hasMore).toBe(false);
    expect(second.data.items.map((l) => [l.kind, l.reward, l.streakDay])).toEqual([
      ['reward', 'check_in', 1],
      ['reward', 'welcome', null],
    ]);
    expect(second.data.balances).toEqual(first.data.balances);
  });

  it('is each viewer’s own, and a guest’s is empty', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user' });
    const g = caller(t, String(guest.headers['x-user-token']));
    expect((await g.get<WalletPage>('/api/wallet')).data).toMatchObject({
      items: [],
      balances: { coins: 0, paidCoins: 0, bonusCoins: 0 },
    });
    expect(envelope(await t.app.inject({ method: 'GET', url: '/api/wallet' })).code).toBe(401);
  });
});
