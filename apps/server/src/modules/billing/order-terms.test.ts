import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlan, Order, PayResult, User } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { caller, createCallers } from '../../../test/admin-fixture';
import { callOk, card, eventually, newAccount, type Principal } from '../../../test/principals';

// An order holds what it sells as well as its price: an operator editing a plan changes what later
// orders sell, never one already open.

let t: TestApp;
let admin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogFixture(t.database.db);
  admin = caller(t, (await createCallers(t)).admin);
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function plan(body: Record<string, unknown>): Promise<void> {
  const made = await admin.post<AdminPlan>('/api/admin/plans', { active: true, ...body });
  expect(made.code).toBe(200);
}

const open = async (who: Principal, planId: string) =>
  (await callOk<{ id: string }>(t, who.token, 'POST', '/api/payment/order', { planId })).data.id;

const orderOf = async (who: Principal, id: string) =>
  (await callOk<Order>(t, who.token, 'GET', `/api/payment/order?id=${id}`)).data;

async function pay(who: Principal, orderId: string): Promise<void> {
  const paid = await callOk<PayResult>(t, who.token, 'POST', '/api/payment/pay', {
    orderId,
    method: 'card',
    card: card(),
    agree: true,
  });
  expect(paid.data.status).toBe('paid');
}

describe('an order opened before its plan changed', () => {
  it('grants the coins, bonus and membership period it was opened with, and says so on its page', async () => {
    await plan({
      id: 'terms-coins',
      kind: 'coins',
      price: 299,
      coins: 300,
      bonusCoins: 50,
      texts: { en: { name: 'Terms coins', description: 'Coins.' } },
    });
    await plan({
      id: 'terms-weekly',
      kind: 'membership',
      price: 199,
      renewalDays: 7,
      texts: { en: { name: 'Terms weekly', description: 'Every episode.' } },
    });
    const buyer = await newAccount(t, 'buyer of plans about to change');
    const coinsOrder = await open(buyer, 'terms-coins');
    const weeklyOrder = await open(buyer, 'terms-weekly');

    // The operator cuts the pack and shortens the period while both orders are open.
    expect((await admin.patch('/api/admin/plans/terms-coins', { coins: 10, bonusCoins: 0 })).code).toBe(200);
    expect((await admin.patch('/api/admin/plans/terms-weekly', { renewalDays: 1 })).code).toBe(200);

    // The pages of the open orders still say what they sell.
    expect(await orderOf(buyer, coinsOrder)).toMatchObject({ amount: 299, coins: 300, bonusCoins: 50 });
    const weekly = await orderOf(buyer, weeklyOrder);
    expect(weekly).toMatchObject({ amount: 199, renewalDays: 7 });
    expect(Date.parse(weekly.renewsAt!) - Date.now()).toBeGreaterThan(6 * DAY);

    const before = Date.now();
    await pay(buyer, coinsOrder);
    await pay(buyer, weeklyOrder);
    const user = await eventually(
      async () => (await callOk<User>(t, buyer.token, 'GET', '/api/user')).data,
      (u) => u.membership.active,
      'the membership',
    );
    expect(user.coins).toBe(350);
    expect(user.membership).toMatchObject({ planId: 'terms-weekly', renewalPrice: 199, renewalDays: 7 });
    expect(Date.parse(user.membership.renewsAt!) - before).toBeGreaterThan(6 * DAY);

    // An order opened now sells the plan as it is.
    const later = await newAccount(t, 'buyer after the change');
    const laterOrder = await open(later, 'terms-coins');
    expect(await orderOf(later, laterOrder)).toMatchObject({ coins: 10, bonusCoins: 0 });
    await pay(later, laterOrder);
    expect((await callOk<User>(t, later.token, 'GET', '/api/user')).data.coins).toBe(10);
  });

  it('refunds a membership order by the days it bought, not the plan’s days of now', async () => {
    await plan({
      id: 'terms-monthly',
      kind: 'membership',
      price: 499,
      renewalDays: 30,
      texts: { en: { name: 'Terms monthly', description: 'Every episode.' } },
    });
    const buyer = await newAccount(t, 'member refunded after the plan changed');
    const membership = async () => (await callOk<User>(t, buyer.token, 'GET', '/api/user')).data.membership;
    const orderId = await open(buyer, 'terms-monthly');
    await pay(buyer, orderId);
    const first = await eventually(membership, (m) => m.active, 'the membership');
    // The operator shortens the plan, and the member buys one more period on the new terms.
    expect((await admin.patch('/api/admin/plans/terms-monthly', { renewalDays: 1 })).code).toBe(200);
    await pay(buyer, await open(buyer, 'terms-monthly'));
    const extended = await membership();
    expect(extended.renewalDays).toBe(1);
    expect(Date.parse(extended.renewsAt!) - Date.parse(first.renewsAt!)).toBe(DAY);

    // Refunding the first order takes back its 30 days, not the single day the plan sells now.
    const refunded = await admin.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Customer asked' });
    expect(refunded.code).toBe(200);
    const after = await membership();
    expect(Date.parse(extended.renewsAt!) - Date.parse(after.renewsAt!)).toBe(30 * DAY);
  });
});
