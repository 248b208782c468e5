import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOverview, PayResult, QuickPayCard, QuickPayResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
});
afterAll(() => t.close());

type Env<T> = { code: number; message: string; reason?: string; data: T; fields?: Record<string, string> };
async function call<T = unknown>(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Env<T>> {
  const res = await t.app.inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} });
  return envelope<T>(res) as Env<T>;
}

/** A viewer who paid once at the checkout with this card (so it is saved). */
async function viewerWithCard(number = '4242424242424242', planId = 'coins-300') {
  const v = await newGuest(t);
  const order = await call<{ id: string }>(v.token, 'POST', '/api/payment/order', { planId });
  const paid = await call<PayResult>(v.token, 'POST', '/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card: { number, expiry: '12/34', cvv: '123', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' },
    agree: true,
  });
  return { ...v, firstOrder: order.data.id, firstResult: paid.data };
}

const quick = (token: string, body: object) => call<QuickPayResult>(token, 'POST', '/api/payment/quick', body);
const orderCount = async (userId: string) =>
  (await t.database.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;
async function chargesOf(orderId: string) {
  await t.app.background.idle();
  return t.database.db
    .selectFrom('sandbox_charges')
    .selectAll()
    .where('idempotency_key', 'like', `${orderId}:%`)
    .execute();
}

describe('one-tap purchase on the saved card', () => {
  it('names the saved card a one-tap purchase would charge, and none before the first payment', async () => {
    const fresh = await newGuest(t);
    expect((await call<QuickPayCard>(fresh.token, 'GET', '/api/payment/quick')).data).toEqual({ card: null });
    const v = await viewerWithCard();
    expect((await call<QuickPayCard>(v.token, 'GET', '/api/payment/quick')).data).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
  });

  it('buys coins in one request: an order at the server price, charged off-session on the saved card', async () => {
    const v = await viewerWithCard();
    const res = await quick(v.token, { planId: 'coins-1000', requestId: randomUUID(), agree: true });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ status: 'paid', kind: 'coins', coins: 300 + 1100, redirectUrl: null });
    const order = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', res.data.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount: 899, status: 'paid', user_id: v.id });
    expect(order.payment_method_id).not.toBeNull();
    const [charge] = await chargesOf(order.id);
    expect(charge).toMatchObject({ amount: 899, status: 'succeeded' });
    expect(charge!.method_token).toMatch(/^pm_/);
  });

  it('joins a membership that renews on the saved card', async () => {
    const v = await viewerWithCard();
    const res = await quick(v.token, { planId: 'weekly', requestId: randomUUID(), agree: true });
    expect(res.data).toMatchObject({
      status: 'paid',
      kind: 'membership',
      membership: { active: true, planId: 'weekly' },
    });
    const membership = await t.database.db
      .selectFrom('memberships')
      .select('payment_method_id')
      .where('user_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(membership.payment_method_id).not.toBeNull();
  });

  it('opens one order, charges once and writes one ledger entry for 20 parallel taps of one request', async () => {
    const v = await viewerWithCard();
    const before = await orderCount(v.id);
    const requestId = randomUUID();
    const taps = await Promise.all(
      Array.from({ length: 20 }, () => quick(v.token, { planId: 'coins-300', requestId, agree: true })),
    );
    expect(taps.map((r) => r.code)).toEqual(Array(20).fill(200));
    expect(new Set(taps.map((r) => r.data.orderId)).size).toBe(1);
    expect(taps.every((r) => r.data.status === 'paid')).toBe(true);
    expect(await orderCount(v.id)).toBe(before + 1);
    const orderId = taps[0]!.data.orderId;
    expect(await chargesOf(orderId)).toHaveLength(1);
    const ledger = await t.database.db
      .selectFrom('coin_ledger')
      .select('delta')
      .where('order_id', '=', orderId)
      .execute();
    expect(ledger).toEqual([{ delta: 300 }]);
    // A retry after a dropped connection answers the same outcome.
    const retry = await quick(v.token, { planId: 'coins-300', requestId, agree: true });
    expect(retry.data).toMatchObject({ orderId, status: 'paid', coins: 600 });
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(600);
  });

  it('charges nothing when the plan changed since the confirmation the viewer saw, and pays on the terms seen anew', async () => {
    const v = await viewerWithCard();
    const seen = { price: 899, currency: 'USD', coins: 1000, bonusCoins: 100, renewalDays: null };
    // As drawn: paid.
    const first = await quick(v.token, { planId: 'coins-1000', requestId: randomUUID(), agree: true, seen });
    expect(first.data.status).toBe('paid');
    // The pack now gives fewer coins than the confirmation said: refused, nothing charged.
    await t.database.db.updateTable('plans').set({ coins: 900 }).where('id', '=', 'coins-1000').execute();
    try {
      const requestId = randomUUID();
      const stale = await quick(v.token, { planId: 'coins-1000', requestId, agree: true, seen });
      expect(stale).toMatchObject({ code: 409, reason: 'price_changed' });
      // No order is opened on terms nobody confirmed (it would count against the open orders).
      const opened = await t.database.db
        .selectFrom('orders')
        .select('id')
        .where('request_key', '=', requestId)
        .execute();
      expect(opened).toEqual([]);
      // Confirmed again on what the pack now holds, the same request pays once.
      const fresh = await quick(v.token, {
        planId: 'coins-1000',
        requestId,
        agree: true,
        seen: { ...seen, coins: 900 },
      });
      expect(fresh.data).toMatchObject({ status: 'paid', coins: 300 + 1100 + 1000 });
      expect(await chargesOf(fresh.data.orderId)).toHaveLength(1);
      // A membership's period counts too; a price in another currency too.
      const weekly = { price: 499, currency: 'USD', coins: 0, bonusCoins: 0, renewalDays: 7 };
      for (const wrong of [{ renewalDays: 30 }, { currency: 'EUR' }, { price: 399 }]) {
        const refused = await quick(v.token, {
          planId: 'weekly',
          requestId: randomUUID(),
          agree: true,
          seen: { ...weekly, ...wrong },
        });
        expect(refused.reason, JSON.stringify(wrong)).toBe('price_changed');
      }
      const joined = await quick(v.token, { planId: 'weekly', requestId: randomUUID(), agree: true, seen: weekly });
      expect(joined.data.status).toBe('paid');
    } finally {
      await t.database.db.updateTable('plans').set({ coins: 1000 }).where('id', '=', 'coins-1000').execute();
    }
  });

  it('keeps no card whose bank check did not pass: one tap cannot skip the check', async () => {
    for (const action of ['left open', 'fail', 'complete'] as const) {
      const v = await newGuest(t);
      const order = await call<{ id: string }>(v.token, 'POST', '/api/payment/order', { planId: 'coins-300' });
      const checked = await call<PayResult>(v.token, 'POST', '/api/payment/pay', {
        orderId: order.data.id,
        method: 'card',
        card: {
          number: '4000002500003155',
          expiry: '12/34',
          cvv: '123',
          firstName: 'A',
          lastName: 'B',
          email: 'a@x.io',
        },
        agree: true,
      });
      expect(checked.data.status).toBe('requires_action');
      if (action !== 'left open')
        await t.app.inject({
          method: 'POST',
          url: new URL(checked.data.redirectUrl!).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `action=${action}`,
        });
      await t.app.background.idle();
      const saved = (await call<QuickPayCard>(v.token, 'GET', '/api/payment/quick')).data.card;
      const overview = (await call<PaymentOverview>(v.token, 'GET', '/api/payment')).data.paymentMethod;
      const tap = await quick(v.token, { planId: 'coins-1000', requestId: randomUUID(), agree: true });
      if (action === 'complete') {
        // The check passed: the card is the holder's, kept for one tap.
        expect(saved).toMatchObject({ last4: '3155' });
        expect(overview).toMatchObject({ last4: '3155' });
        expect(tap.data.status).toBe('paid');
      } else {
        expect(saved, action).toBeNull();
        expect(overview, action).toBeNull();
        expect(tap, action).toMatchObject({ code: 409, reason: 'no_saved_card' });
      }
    }
  });

  it('refuses without consent, and for a viewer with no saved card (nothing ordered)', async () => {
    const v = await viewerWithCard();
    const noConsent = await quick(v.token, { planId: 'coins-300', requestId: randomUUID(), agree: false });
    expect(noConsent.code).toBe(422);
    expect(noConsent.fields).toHaveProperty('agree');

    const fresh = await newGuest(t);
    const refused = await quick(fresh.token, { planId: 'coins-300', requestId: randomUUID(), agree: true });
    expect(refused).toMatchObject({ code: 409, reason: 'no_saved_card' });
    expect(refused.message).toMatch(/no saved card/i);
    expect(await orderCount(fresh.id)).toBe(0);

    const unknown = await quick(v.token, { planId: 'no-such-plan', requestId: randomUUID(), agree: true });
    expect(unknown.code).toBe(404);
    const anonymous = await call(null, 'POST', '/api/payment/quick', {
      planId: 'coins-300',
      requestId: randomUUID(),
      agree: true,
    });
    expect(anonymous.code).toBe(401);
  });

  it('keeps one viewer’s request id away from another viewer’s order', async () => {
    const a = await viewerWithCard();
    const b = await viewerWithCard('5555555555554444');
    const requestId = randomUUID();
    const first = await quick(a.token, { planId: 'coins-300', requestId, agree: true });
    const bCoins = (await call<User>(b.token, 'GET', '/api/user')).data.coins;
    const second = await quick(b.token, { planId: 'coins-300', requestId, agree: true });
    expect(second.data.status).toBe('paid');
    expect(second.data.orderId).not.toBe(first.data.orderId);
    expect(second.data.coins).toBe(bCoins + 300);
    const [aOrder] = await t.database.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', first.data.orderId)
      .execute();
    expect(aOrder!.user_id).toBe(a.id);
    // The same id for another plan is not a new purchase.
    const reused = await quick(a.token, { planId: 'coins-1000', requestId, agree: true });
    expect(reused).toMatchObject({ code: 409, reason: 'request_reused' });
  });

  it('sends the viewer to the bank when the processor asks for authentication off-session', async () => {
    const v = await viewerWithCard('4000002760003184');
    // The first payment itself asked for authentication: the card is kept once its check passed.
    expect(v.firstResult.status).toBe('requires_action');
    await t.app.inject({
      method: 'POST',
      url: new URL(v.firstResult.redirectUrl!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=complete',
    });
    await t.app.background.idle();
    const requestId = randomUUID();
    const res = await quick(v.token, { planId: 'coins-300', requestId, agree: true });
    expect(res.data.status).toBe('requires_action');
    expect(res.data.redirectUrl).toMatch(/^http:\/\/episodic\.test\/api\/payment\/sandbox\/challenge\/ch_/);
    const again = await quick(v.token, { planId: 'coins-300', requestId, agree: true });
    expect(again.data).toMatchObject({
      orderId: res.data.orderId,
      status: 'requires_action',
      redirectUrl: res.data.redirectUrl,
    });
    expect(await chargesOf(res.data.orderId)).toHaveLength(1);

    // Completing the bank's page pays the order.
    const done = await t.app.inject({
      method: 'POST',
      url: new URL(res.data.redirectUrl!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=complete',
    });
    expect(done.headers.location).toBe(`/order/result?orderId=${res.data.orderId}`);
    await t.app.background.idle();
    const overview = await call<PaymentOverview>(v.token, 'GET', '/api/payment');
    expect(overview.data.orders.items.find((o) => o.id === res.data.orderId)?.status).toBe('paid');
  });

  it('answers a declined saved card as a failure with its reason, and the same again on retry', async () => {
    const v = await viewerWithCard('4000000000000341');
    const requestId = randomUUID();
    const res = await quick(v.token, { planId: 'coins-300', requestId, agree: true });
    expect(res.data).toMatchObject({ status: 'failed', reasonCode: 'card_declined' });
    const retry = await quick(v.token, { planId: 'coins-300', requestId, agree: true });
    expect(retry.data).toMatchObject({ orderId: res.data.orderId, status: 'failed', reasonCode: 'card_declined' });
    expect(await chargesOf(res.data.orderId)).toHaveLength(1);
  });
});
