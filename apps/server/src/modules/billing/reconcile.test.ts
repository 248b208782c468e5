import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { card, newGuest } from '../../../test/viewer-api';
import { billingInstance } from '../../../test/billing-instance';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { validateCard } from './card';
import { coinBalance } from './coin-ledger.repository';
import { createOrderReconciler } from './reconcile';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const STALE_MS = 60_000;

/** Another server instance's billing on the same database, as it starts after a crash. */
function instance() {
  const { db, sandbox, billing } = billingInstance(t);
  const reconciler = createOrderReconciler({
    db,
    billing,
    provider: sandbox,
    staleAfterMs: STALE_MS,
    log: () => undefined,
  });
  return { sandbox, reconciler };
}

const CARD = card('4242424242424242');

/** An order claimed for its first card attempt, as `pay` leaves it just before asking the processor. */
async function claimedOrder(
  userId: string,
  planId: string,
  opts: { provider?: string; minutesAgo?: number; purpose?: 'purchase' | 'renewal' } = {},
) {
  const plan = await t.database.db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
  const at = new Date(Date.now() - (opts.minutesAgo ?? 5) * 60_000);
  return t.database.db
    .insertInto('orders')
    .values({
      user_id: userId,
      plan_id: planId,
      amount: plan.price,
      currency: plan.currency,
      status: 'processing',
      attempt: 1,
      provider: opts.provider ?? null,
      purpose: opts.purpose ?? 'purchase',
      renewal_for: opts.purpose === 'renewal' ? at : null,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function chargeAtProvider(
  sandbox: ReturnType<typeof instance>['sandbox'],
  order: { id: string; amount: number; currency: string },
  number = CARD.number,
) {
  const checked = validateCard({ ...CARD, number });
  if ('fields' in checked) throw new Error('bad test card');
  return sandbox.charge({
    orderId: order.id,
    idempotencyKey: `${order.id}:1`,
    amount: order.amount,
    currency: order.currency,
    description: 'test',
    email: CARD.email,
    card: checked.card,
    returnUrl: 'http://episodic.test/order/result',
  });
}

async function orderRow(id: string) {
  return t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('reconciling interrupted purchases', () => {
  it('settles a charge taken just before a crash, once, even with several instances at once', async () => {
    const user = await newGuest(t);
    const order = await claimedOrder(user.id, 'coins-1000');
    const first = instance();
    expect((await chargeAtProvider(first.sandbox, order)).status).toBe('succeeded');
    expect(await coinBalance(t.database.db, user.id)).toBe(0);

    const reports = await Promise.all([
      instance().reconciler.runOnce(),
      instance().reconciler.runOnce(),
      instance().reconciler.runOnce(),
    ]);
    expect(reports.reduce((sum, r) => sum + r.paid, 0)).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    expect(row.provider).toBe('sandbox');
    expect(await coinBalance(t.database.db, user.id)).toBe(1100);
    // The saved card is the one the processor kept, shown by brand and last four only.
    const overview = envelope<{ paymentMethod: { last4: string } | null }>(
      await t.app.inject({ method: 'GET', url: '/api/payment', headers: { 'x-user-token': user.token } }),
    );
    expect(overview.data.paymentMethod?.last4).toBe('4242');

    expect(await instance().reconciler.runOnce()).toEqual({ paid: 0, failed: 0, waiting: 0 });
    expect(await coinBalance(t.database.db, user.id)).toBe(1100);
    const charges = await t.database.db
      .selectFrom('sandbox_charges')
      .select('id')
      .where('idempotency_key', 'like', `${order.id}:%`)
      .execute();
    expect(charges).toHaveLength(1);
  });

  it('records a decline the processor answered before the crash', async () => {
    const user = await newGuest(t);
    const order = await claimedOrder(user.id, 'coins-300');
    const { sandbox, reconciler } = instance();
    await chargeAtProvider(sandbox, order, '4000000000000002');
    expect((await reconciler.runOnce()).failed).toBe(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe('Your card was declined.');
    expect(await coinBalance(t.database.db, user.id)).toBe(0);
  });

  it('marks an order failed when the charge never reached the processor, and it can be paid again, charged once', async () => {
    const user = await newGuest(t);
    const order = await claimedOrder(user.id, 'coins-300');
    expect((await instance().reconciler.runOnce()).failed).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/you were not charged/);

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/pay',
      headers: { 'x-user-token': user.token },
      payload: { orderId: order.id, method: 'card', agree: true, card: CARD },
    });
    expect(envelope<{ status: string }>(paid).data.status).toBe('paid');
    expect(await coinBalance(t.database.db, user.id)).toBe(300);
    const charges = await t.database.db
      .selectFrom('sandbox_charges')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `${order.id}:%`)
      .execute();
    expect(charges.map((c) => c.idempotency_key)).toEqual([`${order.id}:2`]);
  });

  it('leaves payments still in flight, renewals (the renewal job retries them) and finished orders alone', async () => {
    const user = await newGuest(t);
    const fresh = await claimedOrder(user.id, 'coins-300', { minutesAgo: 0 });
    const renewal = await claimedOrder(user.id, 'weekly', { purpose: 'renewal' });
    await instance().reconciler.runOnce();
    expect((await orderRow(fresh.id)).status).toBe('processing');
    expect((await orderRow(renewal.id)).status).toBe('processing');
    await t.database.db.deleteFrom('orders').where('id', 'in', [fresh.id, renewal.id]).execute();
  });

  it('fails a PayPal order that never reached the approval page (nothing is taken before approval)', async () => {
    const user = await newGuest(t);
    const order = await claimedOrder(user.id, 'coins-300', { provider: 'paypal' });
    await instance().reconciler.runOnce();
    expect((await orderRow(order.id)).status).toBe('failed');
  });
});
