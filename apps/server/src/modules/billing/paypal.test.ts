import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { FAKE_PAYPAL, startFakePaypal, type FakePaypal } from '../../../test/fake-paypal';
import { createPaypalRest } from './paypal-gateway';

type Env<T> = { code: number; message: string; data: T; fields?: Record<string, string> };

function client(t: TestApp) {
  const call = async <T = unknown>(
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<Env<T>> =>
    envelope<T>(
      await t.app.inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} }),
    ) as Env<T>;
  const viewer = async () => (await newGuest(t)).token;
  const order = async (token: string, planId = 'coins-300') =>
    (await call<{ id: string }>(token, 'POST', '/api/payment/order', { planId })).data.id;
  const payPaypal = (token: string, orderId: string, agree = true) =>
    call<PayResult>(token, 'POST', '/api/payment/pay', {
      orderId,
      method: 'paypal',
      email: 'buyer@example.com',
      agree,
    });
  const status = async (token: string, orderId: string) =>
    (await call<{ status: string }>(token, 'GET', `/api/payment/order?id=${orderId}`)).data.status;
  const coins = async (token: string) => (await call<User>(token, 'GET', '/api/user')).data.coins;
  /** Follows an absolute address of this server inside the test app. */
  const visit = (address: string) => t.app.inject({ method: 'GET', url: address.replace(/^https?:\/\/[^/]+/, '') });
  return { call, viewer, order, payPaypal, status, coins, visit };
}

describe('PayPal through the built-in sandbox', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
    c = client(t);
  });
  afterAll(() => t.close());

  it('needs consent, sends the buyer to approve, captures on return once, and shows the result', async () => {
    const me = await c.viewer();
    const orderId = await c.order(me);
    const refused = await c.payPaypal(me, orderId, false);
    expect(refused.code).toBe(422);
    expect(refused.fields).toEqual({ agree: 'Please tick “I agree” to pay.' });

    const started = await c.payPaypal(me, orderId);
    expect(started.data).toMatchObject({ orderId, status: 'redirect' });
    const approval = started.data.redirectUrl!;
    expect(approval).toMatch(/^http:\/\/episodic\.test\/api\/payment\/paypal\/sandbox\?/);
    expect(await c.status(me, orderId)).toBe('requires_action');
    // A second tap goes to the same approval.
    expect((await c.payPaypal(me, orderId)).data.redirectUrl).toBe(approval);

    const page = await c.visit(approval);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('2.99 USD');
    const payNow = /href="([^"]+)"[^>]*>Pay now/
      .exec(page.body)![1]!
      .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
    expect(payNow).toMatch(
      new RegExp(
        `^http://episodic\\.test/api/payment/paypal/return\\?order=${orderId}&sig=[\\w-]{43}&token=PAYSANDBOX-${orderId}&PayerID=SANDBOXPAYER$`,
      ),
    );

    const back = await c.visit(payNow);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/order/result?orderId=${orderId}`);
    expect(await c.status(me, orderId)).toBe('paid');
    expect(await c.coins(me)).toBe(300);
    // Coming back again changes nothing.
    expect((await c.visit(payNow)).headers.location).toBe(`/order/result?orderId=${orderId}`);
    expect(await c.coins(me)).toBe(300);
  });

  it('refuses an approval page whose amount was changed', async () => {
    const me = await c.viewer();
    const orderId = await c.order(me);
    const approval = new URL((await c.payPaypal(me, orderId)).data.redirectUrl!);
    approval.searchParams.set('amount', '1');
    const page = await c.visit(approval.toString());
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('Pay now');
  });

  it('cancels the order when the buyer cancels at PayPal, and a card may still pay an order left at PayPal', async () => {
    const me = await c.viewer();
    const cancelled = await c.order(me);
    const page = await c.visit((await c.payPaypal(me, cancelled)).data.redirectUrl!);
    const cancel = /href="([^"]+)"[^>]*>Cancel and return/
      .exec(page.body)![1]!
      .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
    const back = await c.visit(cancel);
    expect(back.headers.location).toBe(`/order/result?status=cancelled&orderId=${cancelled}`);
    expect(await c.status(me, cancelled)).toBe('cancelled');
    // Approving afterwards does not pay a cancelled order.
    await c.visit(`/api/payment/paypal/return?token=PAYSANDBOX-${cancelled}`);
    expect(await c.status(me, cancelled)).toBe('cancelled');
    expect(await c.coins(me)).toBe(0);

    const left = await c.order(me);
    await c.payPaypal(me, left);
    const byCard = await c.call<PayResult>(me, 'POST', '/api/payment/pay', {
      orderId: left,
      method: 'card',
      agree: true,
      card: {
        number: '4242424242424242',
        expiry: '12/34',
        cvv: '123',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
      },
    });
    expect(byCard.data.status).toBe('paid');
    expect(await c.coins(me)).toBe(300);
  });

  it('acts on a return or cancel address only when it is the order’s own signed one, from no other session, once', async () => {
    const me = await c.viewer();
    const stranger = await c.viewer();
    const orderId = await c.order(me);
    const page = await c.visit((await c.payPaypal(me, orderId)).data.redirectUrl!);
    const link = (label: string) =>
      new RegExp(`href="([^"]+)"[^>]*>${label}`)
        .exec(page.body)![1]!
        .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
    const payNow = link('Pay now');
    const cancel = link('Cancel and return');
    const sig = new URL(payNow).searchParams.get('sig')!;
    const as = (token: string | null, address: string) =>
      t.app.inject({
        method: 'GET',
        url: address.replace(/^https?:\/\/[^/]+/, ''),
        headers: token ? { 'x-user-token': token } : {},
      });

    // Made from the order id alone (PayPal's sandbox order id is derived from it): nothing happens.
    for (const forged of [
      `/api/payment/paypal/return?token=PAYSANDBOX-${orderId}&PayerID=X`,
      `/api/payment/paypal/return?order=${orderId}&token=PAYSANDBOX-${orderId}`,
      `/api/payment/paypal/return?order=${orderId}&sig=${'A'.repeat(43)}&token=PAYSANDBOX-${orderId}`,
      `/api/payment/paypal/return?order=${orderId}&sig=${sig}&token=PAYSANDBOX-00000000-0000-4000-8000-000000000000`,
      `/api/payment/paypal/return?order=not-a-uuid&sig=${sig}&token=x`,
      `/api/webhook/payment/paypal-cancel?token=PAYSANDBOX-${orderId}`,
      `/api/webhook/payment/paypal-cancel?order=${orderId}&sig=${sig}&token=PAYSANDBOX-${orderId}`,
    ]) {
      const res = await as(null, forged);
      expect([forged, res.statusCode]).toEqual([forged, 302]);
      expect(res.headers.location).not.toContain(orderId);
    }
    // The real addresses, opened in another viewer's browser: nothing happens either.
    expect((await as(stranger, payNow)).headers.location).toBe('/order/result');
    expect((await as(stranger, cancel)).headers.location).toBe('/order/result?status=cancelled');
    expect(await c.status(me, orderId)).toBe('requires_action');
    expect(await c.coins(me)).toBe(0);

    // The buyer's own return pays once; replaying it, or cancelling afterwards, changes nothing.
    expect((await as(me, payNow)).headers.location).toBe(`/order/result?orderId=${orderId}`);
    await Promise.all([as(me, payNow), as(null, payNow), as(me, cancel)]);
    expect(await c.status(me, orderId)).toBe('paid');
    expect(await c.coins(me)).toBe(300);
    const ledger = await t.database.db
      .selectFrom('coin_ledger')
      .select('delta')
      .where('order_id', '=', orderId)
      .execute();
    expect(ledger).toEqual([{ delta: 300 }]);
    // The cancel address opened after paying says nothing of a cancellation: the result page shows it paid.
    expect((await as(me, cancel)).headers.location).toBe(`/order/result?orderId=${orderId}`);
  });

  it('keeps another viewer’s order out of reach', async () => {
    const owner = await c.viewer();
    const other = await c.viewer();
    const orderId = await c.order(owner);
    expect((await c.payPaypal(other, orderId)).code).toBe(404);
  });
});

describe('PayPal through its REST API', () => {
  let paypal: FakePaypal;
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    paypal = await startFakePaypal();
    t = await createTestApp({
      PUBLIC_URL: 'http://episodic.test',
      PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.clientSecret,
      PAYPAL_API_URL: paypal.url,
    });
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('creates the order at the server price, captures it after approval, once', async () => {
    const me = await c.viewer();
    const orderId = await c.order(me, 'coins-1000');
    const started = await c.payPaypal(me, orderId);
    expect(started.data.status).toBe('redirect');
    const created = paypal.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')!;
    expect(created.requestId).toBe(`${orderId}:1`);
    expect(created.authorization).toMatch(/^Bearer A21\./);
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: orderId, amount: { currency_code: 'USD', value: '8.99' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: expect.stringMatching(
              new RegExp(`^http://episodic\\.test/api/payment/paypal/return\\?order=${orderId}&sig=[\\w-]{43}$`),
            ),
            cancel_url: expect.stringMatching(
              new RegExp(
                `^http://episodic\\.test/api/webhook/payment/paypal-cancel\\?order=${orderId}&sig=[\\w-]{43}$`,
              ),
            ),
          },
        },
      },
    });
    const returnUrl = (created.body as { payment_source: { paypal: { experience_context: { return_url: string } } } })
      .payment_source.paypal.experience_context.return_url;
    const paypalId = new URL(started.data.redirectUrl!).searchParams.get('token')!;
    expect(started.data.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${paypalId}`);

    paypal.approve(paypalId);
    // PayPal is down at the first return: the order waits, nothing is lost.
    paypal.failNext(1);
    expect((await c.visit(`${returnUrl}&token=${paypalId}&PayerID=P1`)).headers.location).toBe(
      `/order/result?orderId=${orderId}`,
    );
    expect(await c.status(me, orderId)).toBe('requires_action');
    await c.visit(`${returnUrl}&token=${paypalId}&PayerID=P1`);
    expect(await c.status(me, orderId)).toBe('paid');
    expect(await c.coins(me)).toBe(1100);
    await c.visit(`${returnUrl}&token=${paypalId}&PayerID=P1`);
    expect(await c.coins(me)).toBe(1100);
    expect(paypal.orders.get(paypalId)!.status).toBe('COMPLETED');
  });

  it('says PayPal could not be reached when creating fails, and lets the buyer try again', async () => {
    const me = await c.viewer();
    const orderId = await c.order(me);
    paypal.failNext(3);
    const failed = await c.payPaypal(me, orderId);
    expect(failed).toMatchObject({
      code: 500,
      message: 'PayPal could not be reached. Please try again or pay by card.',
    });
    expect(await c.status(me, orderId)).toBe('failed');
    paypal.failNext(0);
    expect((await c.payPaypal(me, orderId)).data.status).toBe('redirect');
  });

  it('refunds the capture of an order', async () => {
    const gateway = createPaypalRest({ ...FAKE_PAYPAL, apiUrl: paypal.url });
    const created = await gateway.createOrder({
      orderId: 'o-refund',
      requestId: 'o-refund:1',
      amount: 1499,
      currency: 'USD',
      description: 'Monthly',
      returnUrl: 'http://x/r',
      cancelUrl: 'http://x/c',
    });
    paypal.approve(created.id);
    const captured = await gateway.capture(created.id, 'cap-1');
    expect(captured.status).toBe('completed');
    // Two partial refunds add up to the capture; a third is refused.
    await gateway.refund(created.id, 1000, 'USD', 'refund:o-refund:1');
    await gateway.refund(created.id, 499, 'USD', 'refund:o-refund:2');
    const captureId = captured.status === 'completed' ? captured.captureId : '';
    expect(paypal.refunds).toEqual([
      { captureId, body: { amount: { currency_code: 'USD', value: '10.00' } } },
      { captureId, body: { amount: { currency_code: 'USD', value: '4.99' } } },
    ]);
    expect(paypal.requests.filter((r) => r.path.endsWith('/refund')).map((r) => r.requestId)).toEqual([
      'refund:o-refund:1',
      'refund:o-refund:2',
    ]);
    await expect(gateway.refund(created.id, 1, 'USD', 'refund:o-refund:3')).rejects.toThrow(/did not refund/);
    await expect(
      createPaypalRest({ clientId: 'x', clientSecret: 'y', apiUrl: paypal.url }).createOrder({
        orderId: 'o',
        requestId: 'o:1',
        amount: 1,
        currency: 'USD',
        description: 'd',
        returnUrl: 'r',
        cancelUrl: 'c',
      }),
    ).rejects.toThrow(/refused the credentials/);
  });
});
