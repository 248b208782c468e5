import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOverview, PayResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createStripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_episodic_test';
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    PUBLIC_URL: 'http://episodic.test',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Env<T> = { code: number; message: string; data: T; fields?: Record<string, string> };
async function call<T = unknown>(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Env<T>> {
  const res = await t.app.inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} });
  return envelope<T>(res) as Env<T>;
}
const card = (number: string) => ({
  number,
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
});
async function buy(
  token: string,
  planId: string,
  cardNumber: string,
): Promise<{ orderId: string; result: Env<PayResult> }> {
  const order = await call<{ id: string }>(token, 'POST', '/api/payment/order', { planId });
  const result = await call<PayResult>(token, 'POST', '/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card: card(cardNumber),
    agree: true,
  });
  return { orderId: order.data.id, result };
}
const signer = new Stripe(FAKE_STRIPE_KEY);
function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/payment/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
const intentOf = (orderId: string) =>
  [...stripe.intents.values()].find((i) => (i.metadata as Record<string, string>).order_id === orderId)!;

describe('card payments through Stripe', () => {
  it('pays with a PaymentIntent under the secret key and idempotency keys, keeping the card for renewals', async () => {
    const v = await newGuest(t);
    const { orderId, result } = await buy(v.token, 'monthly', '4242 4242 4242 4242');
    expect(result.data).toMatchObject({ orderId, status: 'paid' });
    const calls = stripe.requests.filter(
      (r) => r.body.metadata && (r.body.metadata as Record<string, string>).order_id === orderId,
    );
    expect(calls.map((r) => r.path)).toEqual(['/v1/customers', '/v1/payment_intents']);
    expect(stripe.requests.every((r) => r.authorization === `Bearer ${FAKE_STRIPE_KEY}`)).toBe(true);
    const intentCall = calls[1]!;
    expect(intentCall.idempotencyKey).toBe(`${orderId}:1`);
    expect(intentCall.body).toMatchObject({
      amount: '1499',
      currency: 'usd',
      confirm: 'true',
      setup_future_usage: 'off_session',
      return_url: `http://episodic.test/order/result?orderId=${orderId}`,
    });
    const overview = await call<PaymentOverview>(v.token, 'GET', '/api/payment');
    expect(overview.data.membership.active).toBe(true);
    expect(overview.data.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const saved = await t.database.db
      .selectFrom('payment_methods')
      .select(['provider', 'provider_token'])
      .where('user_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(saved.provider).toBe('stripe');
    expect(saved.provider_token).toMatch(/^cus_\w+:pm_\w+$/);
  });

  it('turns each declined test card into a failed order with Stripe’s reason', async () => {
    const v = await newGuest(t);
    const cases: [string, string][] = [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000000000000069', 'Your card has expired.'],
      ['4000000000000127', "Your card's security code is incorrect."],
    ];
    for (const [number, reason] of cases) {
      const { result } = await buy(v.token, 'coins-300', number);
      expect(result.data).toMatchObject({ status: 'failed', reason });
    }
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(0);
  });

  it('sends the buyer to the bank’s page for 3-D Secure, and settles from the signed webhook once', async () => {
    const v = await newGuest(t);
    const { orderId, result } = await buy(v.token, 'coins-1000', '4000 0025 0000 3155');
    expect(result.data.status).toBe('requires_action');
    const intent = intentOf(orderId);
    expect(result.data.redirectUrl).toBe(`${stripe.url}/authenticate/${String(intent.id)}`);
    stripe.authenticate(intent.id as string, true);
    const event = { id: 'evt_3ds_ok', object: 'event', type: 'payment_intent.succeeded', data: { object: intent } };
    expect(envelope<{ result: string }>(await webhook(event)).data.result).toBe('applied');
    expect((await call<{ status: string }>(v.token, 'GET', `/api/payment/order?id=${orderId}`)).data.status).toBe(
      'paid',
    );
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(1100);
    // Replayed: nothing changes.
    expect(envelope<{ result: string }>(await webhook(event)).data.result).toBe('duplicate');
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(1100);
  });

  it('sends a one-tap purchase to the checkout when Stripe wants the cardholder for an off-session charge', async () => {
    const v = await newGuest(t);
    const first = await buy(v.token, 'coins-300', '4000002760003184');
    const intent = intentOf(first.orderId);
    stripe.authenticate(intent.id as string, true);
    await webhook({
      id: 'evt_always_auth',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const requestId = '4b0d1c1e-7f0a-4c55-9a51-1f0f7c1b2a33';
    const quick = await call<PayResult>(v.token, 'POST', '/api/payment/quick', {
      planId: 'coins-300',
      requestId,
      agree: true,
    });
    expect(quick.data).toMatchObject({
      status: 'redirect',
      redirectUrl: `http://episodic.test/order/easy?orderId=${quick.data.orderId}`,
    });
    const offSession = stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.body.off_session === 'true' &&
        r.idempotencyKey?.startsWith(quick.data.orderId),
    );
    expect(offSession).toHaveLength(1);
    // The order waits, unpaid, for the checkout page to pay it with the buyer present.
    const order = await call<{ status: string }>(v.token, 'GET', `/api/payment/order?id=${quick.data.orderId}`);
    expect(order.data.status).toBe('failed');
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(300);
  });

  it('fails the order when the bank check is abandoned', async () => {
    const v = await newGuest(t);
    const { orderId } = await buy(v.token, 'coins-300', '4000002500003155');
    const intent = intentOf(orderId);
    stripe.authenticate(intent.id as string, false);
    await webhook({
      id: 'evt_3ds_fail',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: intent },
    });
    const order = await call<{ status: string; failureReason: string }>(
      v.token,
      'GET',
      `/api/payment/order?id=${orderId}`,
    );
    expect(order.data).toMatchObject({ status: 'failed', failureReason: 'The card authentication was not completed.' });
  });

  it('refuses webhooks with a bad signature and ignores events about other things', async () => {
    const bad = await webhook(
      {
        id: 'evt_forged',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_x', metadata: {} } },
      },
      'whsec_someone_else',
    );
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).code).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhook/payment/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const other = await webhook({
      id: 'evt_customer',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect(envelope<{ result: string }>(other).data.result).toBe('ignored');
  });
});

describe('validly signed junk at the Stripe webhook', () => {
  const signed = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhook/payment/stripe',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  const intentEvent = (object: unknown, id: unknown = 'evt_junk') =>
    JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object } });

  it.each([
    ['not json', 'not json'],
    ['an empty object', '{}'],
    ['null', 'null'],
    ['an array', '[]'],
    ['an event without data', JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' })],
    [
      'an event whose id is not a string',
      intentEvent({ id: 'pi_1', metadata: { idempotency_key: '00000000-0000-4000-8000-000000000000:1' } }, 7),
    ],
    ['a key of the wrong type', intentEvent({ id: 'pi_1', metadata: { idempotency_key: 12 } })],
    [
      'a key that is not one of our charges',
      intentEvent({ id: 'pi_1', metadata: { idempotency_key: 'not-an-order:1' } }),
    ],
  ])('answers %s with a 400 envelope, never a 5xx', async (_what, payload) => {
    const res = await signed(payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: 400, message: 'This event is not one we can read.' });
  });

  it('acknowledges a payment intent that is not ours (no key of ours) without acting', async () => {
    const res = await signed(intentEvent({ id: 'pi_foreign', metadata: {} }));
    expect(envelope<{ result: string }>(res)).toMatchObject({ code: 200, data: { result: 'ignored' } });
  });
});

describe('the Stripe adapter on its own', () => {
  const provider = () =>
    createStripeProvider({ secretKey: FAKE_STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
  const request = (key: string, extra: object = {}) => ({
    orderId: key,
    idempotencyKey: `${key}:1`,
    amount: 499,
    currency: 'USD',
    description: 'Weekly',
    email: 'a@b.co',
    returnUrl: 'http://episodic.test/order/result',
    ...extra,
  });
  const visa = (number = '4242424242424242') => ({
    number,
    expMonth: 12,
    expYear: 2034,
    cvv: '123',
    name: 'Ana Lima',
    email: 'a@b.co',
    brand: 'visa',
    last4: number.slice(-4),
  });

  it('charges a saved card off session (renewals), and a card that declines later fails then', async () => {
    const p = provider();
    const first = await p.charge(request('order-a', { card: visa() }));
    expect(first.status).toBe('succeeded');
    const token = first.status === 'succeeded' ? first.method!.token : '';
    const renewal = await p.charge(request('order-b', { savedToken: token }));
    expect(renewal.status).toBe('succeeded');
    const renewalCall = stripe.requests.filter((r) => r.idempotencyKey === 'order-b:1')[0]!;
    expect(renewalCall.body).toMatchObject({ off_session: 'true', confirm: 'true' });

    const fragile = await p.charge(request('order-c', { card: visa('4000000000000341') }));
    expect(fragile.status).toBe('succeeded');
    const later = await p.charge(
      request('order-d', { savedToken: fragile.status === 'succeeded' ? fragile.method!.token : '' }),
    );
    expect(later).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect(await p.charge(request('order-e', { savedToken: 'garbage' }))).toMatchObject({ status: 'failed' });
  });

  it('answers a repeated request with the same charge, finds a charge by its key after a lost answer, and refunds', async () => {
    const p = provider();
    const once = await p.charge(request('order-f', { card: visa() }));
    const twice = await p.charge(request('order-f', { card: visa() }));
    expect(twice.providerRef).toBe(once.providerRef);
    expect(
      [...stripe.intents.values()].filter((i) => (i.metadata as Record<string, string>).order_id === 'order-f'),
    ).toHaveLength(1);
    expect(await p.lookup('order-f:1')).toMatchObject({ status: 'succeeded', providerRef: once.providerRef });
    expect(await p.lookup('order-unknown:1')).toBeNull();
    await p.refund(once.providerRef, 499);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      body: { payment_intent: once.providerRef, amount: '499' },
    });
  });
});
