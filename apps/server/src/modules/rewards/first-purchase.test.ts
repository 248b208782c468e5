import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, type TestApp, unique } from '../../testing';
import { caller, createCallers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import type { AdminOrder, User, WalletPage } from '@episodic/contract';

let t: TestApp;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;
const BONUS = 40;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  fx = await seedCatalogFixture(t.database.db);
  admin = caller(t, (await createCallers(t)).admin);
  expect(
    (await admin.put('/api/admin/settings/config/rewards_first_purchase_coins', { value: String(BONUS) })).code,
  ).toBe(200);
});
afterAll(() => t.close());

const db = () => t.database.db;
const paid = { status: 'succeeded' as const, providerRef: 'ch_first' };

/** A registered account with its email verified. */
async function account(): Promise<{ id: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: nextAddress(),
    payload: {
      email: `first-${unique()}@episodic.test`,
      password: 'first purchase 1',
      confirmPassword: 'first purchase 1',
      agree: true,
    },
  });
  const { id } = (res.json() as { data: { id: string } }).data;
  await db().updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();
  return { id, token: String(res.headers['x-user-token']) };
}

/** An order of `planId` being paid (its charge at the provider under way), as a card payment leaves it. */
async function processingOrder(userId: string, planId = 'coins-300'): Promise<string> {
  const plan = await db().selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('orders')
    .values({
      user_id: userId,
      plan_id: planId,
      amount: plan.price,
      currency: plan.currency,
      status: 'processing',
      attempt: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const settle = (orderId: string) => t.app.billing.lifecycle.settle(orderId, paid, 'sandbox');

const ledger = (userId: string) =>
  db()
    .selectFrom('coin_ledger')
    .select(['kind', 'delta', 'bonus_delta', 'order_id', 'idempotency_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const statusOf = async (orderId: string) =>
  (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

describe('the first-purchase bonus is part of the payment', () => {
  it('is written in the settlement’s transaction: a failure after the fulfilment leaves neither, the retry both', async () => {
    const a = await account();
    const orderId = await processingOrder(a.id);
    // The bonus's line cannot be written (a crash, a full disk): the whole settlement must fail.
    await sql`
      CREATE FUNCTION refuse_first_bonus() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(db());
    await sql`
      CREATE TRIGGER refuse_first_bonus BEFORE INSERT ON coin_ledger FOR EACH ROW
      WHEN (NEW.idempotency_key LIKE 'reward:first_purchase:%') EXECUTE FUNCTION refuse_first_bonus()`.execute(db());
    try {
      await expect(settle(orderId)).rejects.toThrow(/injected failure/);
    } finally {
      await sql`DROP TRIGGER refuse_first_bonus ON coin_ledger`.execute(db());
      await sql`DROP FUNCTION refuse_first_bonus()`.execute(db());
    }
    expect(await statusOf(orderId)).toBe('processing');
    expect(await ledger(a.id)).toEqual([]);
    expect(await db().selectFrom('reward_claims').select('kind').where('user_id', '=', a.id).execute()).toEqual([]);

    // The provider's webhook comes again: the order is paid with its coins and its bonus, once.
    expect((await settle(orderId)).changed).toBe(true);
    expect((await settle(orderId)).changed).toBe(false);
    expect(await statusOf(orderId)).toBe('paid');
    expect((await ledger(a.id)).map((l) => [l.kind, l.delta, l.bonus_delta, l.order_id])).toEqual([
      ['purchase', 300, 0, orderId],
      ['reward', BONUS, BONUS, orderId],
    ]);
  });

  it('goes to exactly one of the orders settled at the same time, and never again', async () => {
    // Each buyer: two coin orders (they meet on the balance), a membership (it meets them on the claim)
    // and a webhook sent twice, all at once, for several buyers at once.
    const buyers = await Promise.all(Array.from({ length: 4 }, () => account()));
    const orders = await Promise.all(
      buyers.map(async (a) => ({
        a,
        ids: [
          await processingOrder(a.id, 'coins-300'),
          await processingOrder(a.id, 'monthly'),
          await processingOrder(a.id, 'coins-1000'),
        ],
      })),
    );
    const results = await Promise.all(orders.flatMap(({ ids }) => [...ids, ids[0]!].map((id) => settle(id))));
    expect(results.filter((r) => r.changed)).toHaveLength(3 * buyers.length);
    for (const { a, ids } of orders) {
      const rewards = (await ledger(a.id)).filter((l) => l.kind === 'reward');
      expect(rewards).toHaveLength(1);
      expect(rewards[0]).toMatchObject({ delta: BONUS, idempotency_key: `reward:first_purchase:${a.id}` });
      expect(ids).toContain(rewards[0]!.order_id);
    }

    const { a } = orders[0]!;
    await settle(await processingOrder(a.id));
    expect((await ledger(a.id)).filter((l) => l.kind === 'reward')).toHaveLength(1);
  });

  it('comes with a first membership too, in the transaction that starts it', async () => {
    const a = await account();
    const orderId = await processingOrder(a.id, 'monthly');
    await settle(orderId);
    expect(await ledger(a.id)).toEqual([
      expect.objectContaining({ kind: 'reward', delta: BONUS, bonus_delta: BONUS, order_id: orderId }),
    ]);
  });
});

const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

/** Buys `planId` by card through the API (the sandbox processor), as a viewer does. */
async function buy(token: string, planId: string): Promise<string> {
  const api = caller(t, token);
  const order = await api.post<{ id: string }>('/api/payment/order', { planId });
  const pay = await api.post<{ status: string }>('/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card,
    agree: true,
  });
  expect(pay.data.status).toBe('paid');
  return order.data.id;
}

const refund = async (orderId: string) => {
  const res = await admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, { reason: 'Asked by the buyer' });
  expect(res.code).toBe(200);
  return res.data.refund!;
};

const coinsOf = async (token: string) => (await caller(t, token).get<User>('/api/user')).data;

describe('a refund of the first purchase', () => {
  it('takes the bonus back on a line of its own, and says so in the refund and the audit log', async () => {
    const a = await account();
    const orderId = await buy(a.token, 'coins-300');
    expect(await coinsOf(a.token)).toMatchObject({ coins: 300 + BONUS, paidCoins: 300, bonusCoins: BONUS });

    expect(await refund(orderId)).toMatchObject({
      coinsReversed: 300,
      coinsShort: 0,
      rewardCoinsReversed: BONUS,
      rewardCoinsShort: 0,
    });
    expect(await coinsOf(a.token)).toMatchObject({ coins: 0, paidCoins: 0, bonusCoins: 0 });
    const refunds = (await ledger(a.id)).filter((l) => l.kind === 'refund');
    expect(refunds.map((l) => [l.delta, l.bonus_delta, l.idempotency_key])).toEqual([
      [-300, 0, expect.stringMatching(new RegExp(`^order:${orderId}:refund:\\d+$`))],
      [-BONUS, -BONUS, expect.stringMatching(new RegExp(`^reward:first_purchase:${a.id}:refund:\\d+$`))],
    ]);
    const wallet = await caller(t, a.token).get<WalletPage>('/api/wallet?lang=en');
    expect(wallet.data.items[0]).toMatchObject({ kind: 'refund', delta: -BONUS, reward: 'first_purchase' });
    expect(wallet.data.items[1]).toMatchObject({ kind: 'refund', delta: -300, reward: null });

    const audit = await db()
      .selectFrom('audit_log')
      .select(['summary', 'after'])
      .where('action', '=', 'order.refund')
      .where('target_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain(`first-purchase bonus: ${BONUS} coins taken back`);
    expect(audit.after).toMatchObject({ rewardCoinsReversed: BONUS, rewardCoinsShort: 0 });

    // Refunded, the first purchase stays the first: a new purchase brings no second bonus.
    await buy(a.token, 'coins-300');
    expect((await ledger(a.id)).filter((l) => l.kind === 'reward')).toHaveLength(1);
  });

  it('takes back what is left of a bonus partly spent, never below zero, and states the rest', async () => {
    const a = await account();
    await caller(t, a.token).post('/api/rewards/welcome', {}); // 30 bonus coins
    const orderId = await buy(a.token, 'coins-300'); // 300 bought + the bonus
    // 50 coins: bonus coins first, so the bonus bucket keeps 30 + BONUS - 50.
    expect((await caller(t, a.token).post('/api/video/unlock', { episodeId: fx.episodes.ceo[4]! })).code).toBe(200);
    const left = 30 + BONUS - 50;
    expect(await coinsOf(a.token)).toMatchObject({ paidCoins: 300, bonusCoins: left });

    expect(await refund(orderId)).toMatchObject({
      coinsReversed: 300,
      coinsShort: 0,
      rewardCoinsReversed: left,
      rewardCoinsShort: BONUS - left,
    });
    expect(await coinsOf(a.token)).toMatchObject({ coins: 0, paidCoins: 0, bonusCoins: 0 });
  });

  it('of a membership takes its bonus back with its time', async () => {
    const a = await account();
    const orderId = await buy(a.token, 'monthly');
    expect(await coinsOf(a.token)).toMatchObject({ coins: BONUS, bonusCoins: BONUS });
    const result = await refund(orderId);
    expect(result).toMatchObject({ coinsReversed: 0, rewardCoinsReversed: BONUS, rewardCoinsShort: 0 });
    expect(result.membershipEndsAt).not.toBeNull();
    expect(await coinsOf(a.token)).toMatchObject({ coins: 0, bonusCoins: 0 });
  });

  it('of a later order leaves the bonus alone', async () => {
    const a = await account();
    await buy(a.token, 'coins-300');
    const second = await buy(a.token, 'coins-300');
    expect(await refund(second)).toMatchObject({ coinsReversed: 300, rewardCoinsReversed: 0, rewardCoinsShort: 0 });
    expect(await coinsOf(a.token)).toMatchObject({ paidCoins: 300, bonusCoins: BONUS });
  });
});
