import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatusValues, type OrderStatus } from '@episodic/contract';
import { createTestApp, testDbKind, type TestApp } from '../../../test/test-app';
import { buy, newGuest } from '../../../test/viewer-api';
import { billingInstance } from '../../../test/billing-instance';
import { seedCatalogFixture } from '../../../test/catalog-fixture';
import { EventBus, type PaidOrder } from '../../events';
import {
  canMove,
  createOrderLifecycle,
  ORDER_TRANSITIONS,
  type OrderLifecycle,
  type OrderTransition,
} from './order-lifecycle';
import { createRefunds, type RefundRecord } from './refunds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const statusOf = async (id: string) =>
  await db().selectFrom('orders').select(['status', 'attempt']).where('id', '=', id).executeTakeFirstOrThrow();
const paid = { status: 'succeeded' as const, providerRef: 'ch_test' };

/** An order of `planId` put straight into `status` (attempt 1, at PayPal so a card may take it over). */
async function orderIn(userId: string, status: OrderStatus, opts: { planId?: string; renewalFor?: Date } = {}) {
  const planId = opts.planId ?? 'coins-300';
  const plan = await db().selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
  return db()
    .insertInto('orders')
    .values({
      user_id: userId,
      plan_id: planId,
      amount: plan.price,
      currency: plan.currency,
      status,
      attempt: 1,
      provider: 'paypal',
      provider_ref: 'PP-1',
      ...(opts.renewalFor ? { purpose: 'renewal' as const, renewal_for: opts.renewalFor } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Asks `transition` of the order, the way its callers do. */
async function attempt(
  lifecycle: OrderLifecycle,
  transition: Exclude<OrderTransition, 'open'>,
  userId: string,
  orderId: string,
  renewalFor: Date,
): Promise<void> {
  switch (transition) {
    case 'pay':
      return void (await lifecycle.pay(userId, orderId, 'card'));
    case 'needsAction':
      return void (await lifecycle.needsAction(orderId, 1, 'paypal', 'PP-2'));
    case 'settle':
      return void (await lifecycle.settle(orderId, paid, 'sandbox'));
    case 'fail':
      return void (await lifecycle.fail(orderId, 1, 'declined'));
    case 'renew':
      return void (await lifecycle.renew({
        userId,
        planId: 'coins-300',
        periodEnd: renewalFor,
        amount: 299,
        currency: 'USD',
        renewalDays: 30,
        paymentMethodId: null,
      }));
    case 'reconcile':
      return void (await lifecycle.reconcile(orderId, 1, 'interrupted'));
    case 'cancel':
      return void (await lifecycle.cancel(orderId));
    case 'refund':
      return void (await lifecycle.refund(
        orderId,
        { id: '0', amount: Number.MAX_SAFE_INTEGER },
        async () => undefined,
      ));
  }
}

describe(`the order lifecycle (${testDbKind})`, () => {
  it('moves an order only along the state machine: every other transition is refused and changes nothing', async () => {
    const lifecycle = createOrderLifecycle({ db: db() });
    const { id: userId } = await newGuest(t);
    const transitions = Object.keys(ORDER_TRANSITIONS).filter(
      (k): k is Exclude<OrderTransition, 'open'> => k !== 'open',
    );
    let period = Date.UTC(2030, 0, 1);
    const refused: string[] = [];
    for (const transition of transitions) {
      for (const status of OrderStatusValues) {
        const renewalFor = new Date((period += 60_000));
        const order = await orderIn(userId, status, transition === 'renew' ? { renewalFor } : {});
        await attempt(lifecycle, transition, userId, order.id, renewalFor);
        const after = await statusOf(order.id);
        if (canMove(status, transition)) {
          expect(after.status, `${transition} from ${status}`).toBe(ORDER_TRANSITIONS[transition].to);
        } else {
          expect(after, `${transition} from ${status}`).toEqual({ status, attempt: 1 });
          refused.push(`${transition}:${status}`);
        }
      }
    }
    // Final statuses move only by a paid order's refund.
    for (const status of ['paid', 'cancelled', 'refunded'] as const) {
      expect(transitions.filter((tr) => !refused.includes(`${tr}:${status}`))).toEqual(
        status === 'paid' ? ['refund'] : [],
      );
    }
    expect(refused).toContain('reconcile:failed');
    expect(refused).toContain('cancel:processing');
  });

  it('settles one order once when its outcome arrives from several requests and instances at once', async () => {
    const events = new EventBus();
    const announced: PaidOrder[] = [];
    events.on('order.paid', async (o) => void announced.push(o));
    const instances = [billingInstance(t, { events }), billingInstance(t, { events }), billingInstance(t, { events })];
    const { id: userId } = await newGuest(t);
    const coins = await orderIn(userId, 'processing');
    const member = await orderIn(userId, 'processing', { planId: 'weekly' });
    const settles = instances.flatMap(({ billing }) =>
      [coins.id, member.id, coins.id, member.id].map((id) => billing.lifecycle.settle(id, paid, 'sandbox')),
    );
    const results = await Promise.all(settles);
    expect(results.filter((r) => r.changed)).toHaveLength(2);
    const ledger = await db()
      .selectFrom('coin_ledger')
      .select(['delta', 'kind'])
      .where('order_id', '=', coins.id)
      .execute();
    expect(ledger).toEqual([{ delta: 300, kind: 'purchase' }]);
    const membership = await db()
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(membership.current_period_end.getTime() - membership.current_period_start.getTime()).toBe(7 * 86_400_000);
    expect(announced.map((o) => o.id).sort()).toEqual([coins.id, member.id].sort());
    expect((await statusOf(coins.id)).status).toBe('paid');
  });

  it('refunds an order once when two refunds of it are asked at the same time', async () => {
    const { token, id: userId } = await newGuest(t);
    const { orderId, result } = await buy(t, token, 'coins-300');
    expect(result.data.status).toBe('paid');
    const operator = await db().selectFrom('users').select('id').where('id', '=', userId).executeTakeFirstOrThrow();
    let providerCalls = 0;
    const refunders = {
      sandbox: {
        refund: async () => {
          providerCalls++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      },
    };
    const records: RefundRecord[] = [];
    const refundOrder = createRefunds({ db: db(), lifecycle: createOrderLifecycle({ db: db() }), refunders });
    const ask = () =>
      refundOrder({
        orderId,
        reason: 'Asked twice',
        actorId: operator.id,
        record: async (_trx, r) => void records.push(r),
      });
    const answers = await Promise.allSettled([ask(), ask()]);
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const a of answers)
      if (a.status === 'rejected') expect(String((a.reason as Error).message)).toMatch(/under way/);
    expect(providerCalls).toBe(1);
    expect(records).toEqual([
      expect.objectContaining({
        outcome: 'refunded',
        before: 'paid',
        reversal: {
          coinsReversed: 300,
          coinsShort: 0,
          rewardCoinsReversed: 0,
          rewardCoinsShort: 0,
          membershipEndsAt: null,
        },
      }),
    ]);
    expect(
      await db()
        .selectFrom('coin_ledger')
        .select('delta')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'refund')
        .execute(),
    ).toEqual([{ delta: -300 }]);
    expect((await statusOf(orderId)).status).toBe('refunded');
    // Asked again later: already refunded, nothing more happens.
    await ask();
    expect(providerCalls).toBe(1);
    expect(records).toHaveLength(1);
  });
});
