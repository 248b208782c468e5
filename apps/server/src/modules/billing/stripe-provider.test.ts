import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent, PaymentOptions, PaymentOverview, PayResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import {
  confirmAsBrowser,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  injectedWebhook,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fake-stripe';
import { createStripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_episodic_test';
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  // The stand-in's events reach the app as Stripe's would: signed, at the webhook route.
  stripe = await startFakeStripe({
    webhook: injectedWebhook(WEBHOOK_SECRET, () => t.app),
  });
  t = await createTestApp({
    PUBLIC_URL: 'http://episodic.test',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_URL: stripe.url,
    STRIPE_JS_URL: `${stripe.url}/v3/`,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

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
const buyer = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima', agree: true };
async function order(token: string, planId: string): Promise<string> {
  return (await call<{ id: string }>(token, 'POST', '/api/payment/order', { planId })).data.id;
}
const intentFor = (token: string, orderId: string, extra: object = {}) =>
  call<PaymentIntent>(token, 'POST', '/api/payment/intent', { orderId, ...buyer, ...extra });
const orderStatus = async (token: string, orderId: string) =>
  (await call<{ status: string; failureReason: string | null }>(token, 'GET', `/api/payment/order?id=${orderId}`)).data;
/** The buyer confirms in the browser; the stand-in's webhook has been applied when this returns. */
async function confirm(clientSecret: string, number: string) {
  const answer = await confirmAsBrowser(stripe.url, clientSecret, number);
  await stripe.idle();
  return answer;
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
const intentsOf = (orderId: string) =>
  [...stripe.intents.values()].filter((i) => (i.metadata as Record<string, string>).order_id === orderId);

describe('paying through Stripe’s Payment Element', () => {
  it('tells the page that Stripe takes the cards, and how to start Stripe.js', async () => {
    expect((await call<PaymentOptions>(null, 'GET', '/api/payment/options')).data).toMatchObject({
      processor: 'stripe',
      stripe: { publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, jsUrl: `${stripe.url}/v3/` },
      testCards: [],
    });
  });

  it('makes one PaymentIntent for the order’s own amount, and the signed webhook pays the order and keeps the card', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'monthly');
    const started = await intentFor(v.token, orderId);
    expect(started.data).toMatchObject({ orderId, amount: 1499, currency: 'USD' });
    const [intent] = intentsOf(orderId);
    expect(started.data.clientSecret).toBe(intent!.client_secret);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `${orderId}:1`,
    )!;
    expect(create.authorization).toBe(`Bearer ${FAKE_STRIPE_KEY}`);
    expect(create.body).toMatchObject({
      amount: '1499',
      currency: 'usd',
      automatic_payment_methods: { enabled: 'true' },
      setup_future_usage: 'off_session',
      receipt_email: 'ana@example.com',
      metadata: { order_id: orderId, idempotency_key: `${orderId}:1` },
    });
    expect(create.body.confirm).toBeUndefined();
    expect(create.body.customer).toMatch(/^cus_/);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['status', 'provider', 'provider_ref'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'requires_action', provider: 'stripe', provider_ref: intent!.id });

    expect((await confirm(started.data.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await orderStatus(v.token, orderId)).status).toBe('paid');
    const overview = await call<PaymentOverview>(v.token, 'GET', '/api/payment');
    expect(overview.data.membership.active).toBe(true);
    expect(overview.data.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const saved = await t.database.db
      .selectFrom('payment_methods')
      .select(['provider', 'provider_token'])
      .where('user_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(saved.provider).toBe('stripe');
    expect(saved.provider_token).toBe(`${String(create.body.customer)}:${String(intent!.payment_method)}`);
    // Paid: no second payment of the same order.
    expect((await intentFor(v.token, orderId)).code).toBe(409);

    // The next order reuses the buyer's Customer.
    const next = await order(v.token, 'coins-300');
    await intentFor(v.token, next);
    expect(intentsOf(next)[0]!.customer).toBe(create.body.customer);
    expect(
      stripe.requests.filter((r) => r.path === '/v1/customers' && r.idempotencyKey === `customer:${v.id}`),
    ).toHaveLength(1);
  });

  it('answers a double tap, a reload and fifty parallel requests with the same intent', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'coins-300');
    const answers = await Promise.all(Array.from({ length: 50 }, () => intentFor(v.token, orderId)));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.clientSecret)).size).toBe(1);
    expect(intentsOf(orderId)).toHaveLength(1);
    expect((await intentFor(v.token, orderId)).data.clientSecret).toBe(answers[0]!.data.clientSecret);
    expect(intentsOf(orderId)).toHaveLength(1);
  });

  it('asks for consent and the buyer’s details before anything, and only for the caller’s own order', async () => {
    const v = await newGuest(t);
    const other = await newGuest(t);
    const orderId = await order(v.token, 'coins-300');
    const before = stripe.requests.length;
    expect(await intentFor(v.token, orderId, { agree: false })).toMatchObject({
      code: 422,
      fields: { agree: 'Please tick “I agree” to pay.' },
    });
    expect(await intentFor(v.token, orderId, { email: 'not-an-email', firstName: ' ' })).toMatchObject({
      code: 422,
      fields: { email: 'Enter a valid email address.', firstName: 'Please enter the first name on the card.' },
    });
    expect((await intentFor(other.token, orderId)).code).toBe(404);
    expect((await intentFor(v.token, '00000000-0000-4000-8000-000000000000')).code).toBe(404);
    expect(stripe.requests.length).toBe(before);
    expect((await orderStatus(v.token, orderId)).status).toBe('pending');
  });

  it('marks a declined order failed with Stripe’s reason, then takes another card on the same intent', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'coins-1000');
    const first = await intentFor(v.token, orderId);
    const declined = await confirm(first.data.clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(await orderStatus(v.token, orderId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    const again = await intentFor(v.token, orderId);
    expect(again.data.clientSecret).toBe(first.data.clientSecret);
    expect((await orderStatus(v.token, orderId)).status).toBe('requires_action');
    await confirm(again.data.clientSecret, '4242424242424242');
    expect((await orderStatus(v.token, orderId)).status).toBe('paid');
    expect(intentsOf(orderId)).toHaveLength(1);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(1100);
  });

  it('sends a one-tap purchase to the checkout when Stripe wants the cardholder for an off-session charge', async () => {
    const v = await newGuest(t);
    // The first purchase at the checkout passes the bank's check, and keeps the card.
    const firstOrder = await order(v.token, 'coins-300');
    const started = await intentFor(v.token, firstOrder);
    await confirm(started.data.clientSecret, '4000002760003184');
    const intent = intentsOf(firstOrder)[0]!;
    stripe.authenticate(intent.id as string, true);
    await webhook({
      id: 'evt_always_auth',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    expect((await orderStatus(v.token, firstOrder)).status).toBe('paid');
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
    expect((await orderStatus(v.token, quick.data.orderId)).status).toBe('failed');
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(300);
  });

  it('sends the buyer to the bank’s page for 3-D Secure, back to the result page, and settles from the webhook', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'coins-300');
    const started = await intentFor(v.token, orderId);
    const back = `http://episodic.test/order/result?orderId=${orderId}`;
    const challenged = await confirmAsBrowser(stripe.url, started.data.clientSecret, '4000002500003155', back);
    const next = challenged.body.next_action as { redirect_to_url: { url: string } };
    expect(challenged.body.status).toBe('requires_action');
    expect((await fetch(next.redirect_to_url.url)).status).toBe(200);
    const done = await fetch(next.redirect_to_url.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
      redirect: 'manual',
    });
    await stripe.idle();
    const to = new URL(done.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe('http://episodic.test/order/result');
    expect(to.searchParams.get('orderId')).toBe(orderId);
    expect(to.searchParams.get('redirect_status')).toBe('succeeded');
    expect(to.searchParams.get('payment_intent')).toBe(intentsOf(orderId)[0]!.id);
    expect((await orderStatus(v.token, orderId)).status).toBe('paid');
  });

  it('fails the order when the bank check is abandoned, and replays change nothing', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'coins-300');
    const started = await intentFor(v.token, orderId);
    await confirmAsBrowser(stripe.url, started.data.clientSecret, '4000002760003184');
    const intent = intentsOf(orderId)[0]!;
    stripe.authenticate(intent.id as string, false);
    const event = {
      id: 'evt_3ds_fail',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: intent },
    };
    expect(envelope<{ result: string }>(await webhook(event)).data.result).toBe('applied');
    expect(await orderStatus(v.token, orderId)).toMatchObject({
      status: 'failed',
      failureReason: 'The card authentication was not completed.',
    });
    expect(envelope<{ result: string }>(await webhook(event)).data.result).toBe('duplicate');
  });

  it('refuses card fields at /api/payment/pay: cards are entered in Stripe’s own form', async () => {
    const v = await newGuest(t);
    const orderId = await order(v.token, 'coins-300');
    const res = await call(v.token, 'POST', '/api/payment/pay', {
      orderId,
      method: 'card',
      card: { number: '4242424242424242', expiry: '12/34', cvv: '123', firstName: 'A', lastName: 'B', email: 'a@b.co' },
      agree: true,
    });
    expect(res).toMatchObject({ code: 422, reason: 'card_fields_refused' });
    expect(res.message).toMatch(/secure form, not sent to us/);
    expect((await orderStatus(v.token, orderId)).status).toBe('pending');
  });
});

describe('Stripe webhooks', () => {
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
  /** A card saved the way a first payment saves it: confirmed in the browser on an intent of ours. */
  async function savedCard(key: string, number = '4242424242424242') {
    const p = provider();
    const customer = await p.createCustomer(`user-${key}`, 'a@b.co');
    const intent = await p.createCheckoutIntent({ ...request(key), customer });
    await confirmAsBrowser(stripe.url, intent.clientSecret, number);
    const outcome = await p.lookup(`${key}:1`, intent.id);
    return { intent, outcome };
  }

  it('charges a saved card off session (renewals), and a card that declines later fails then', async () => {
    const p = provider();
    const { outcome: first } = await savedCard('order-a');
    expect(first?.status).toBe('succeeded');
    const token = first?.status === 'succeeded' ? first.method!.token : '';
    expect(token).toMatch(/^cus_\w+:pm_\w+$/);
    const renewal = await p.charge(request('order-b', { savedToken: token }));
    expect(renewal.status).toBe('succeeded');
    const renewalCall = stripe.requests.filter((r) => r.idempotencyKey === 'order-b:1')[0]!;
    expect(renewalCall.body).toMatchObject({ off_session: 'true', confirm: 'true' });

    const { outcome: fragile } = await savedCard('order-c', '4000000000000341');
    expect(fragile?.status).toBe('succeeded');
    const later = await p.charge(
      request('order-d', { savedToken: fragile?.status === 'succeeded' ? fragile.method!.token : '' }),
    );
    expect(later).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    expect(await p.charge(request('order-e', { savedToken: 'garbage' }))).toMatchObject({ status: 'failed' });
  });

  it('never sends a new card from the server', async () => {
    const card = {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvv: '123',
      name: 'A',
      email: 'a@b.co',
      brand: 'visa',
      last4: '4242',
    };
    const before = stripe.requests.length;
    await expect(provider().charge(request('order-raw', { card }))).rejects.toThrow(/Payment Element/);
    expect(stripe.requests.length).toBe(before);
  });

  it('answers a repeated request with the same intent, finds a charge by id or key, treats an unconfirmed intent as waiting, and refunds', async () => {
    const p = provider();
    const customer = await p.createCustomer('user-f', 'a@b.co');
    const once = await p.createCheckoutIntent({ ...request('order-f'), customer });
    const twice = await p.createCheckoutIntent({ ...request('order-f'), customer });
    expect(twice.id).toBe(once.id);
    expect(await p.lookup('order-f:1', once.id)).toMatchObject({ status: 'requires_action', providerRef: once.id });
    await confirmAsBrowser(stripe.url, once.clientSecret, '4242424242424242');
    expect(await p.lookup('order-f:1', once.id)).toMatchObject({ status: 'succeeded', providerRef: once.id });
    expect(await p.lookup('order-f:1')).toMatchObject({ status: 'succeeded', providerRef: once.id });
    // Another charge's key does not match this intent: it is not taken for that charge.
    expect(await p.lookup('order-unknown:1', once.id)).toBeNull();
    expect(await p.lookup('order-unknown:1', 'pi_0000')).toBeNull();
    // Partial refunds, each under its own key, add up to the charge and no further.
    await p.refund(once.id, 299, 'USD', 'refund:order-f:1');
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund:order-f:1',
      body: { payment_intent: once.id, amount: '299' },
    });
    await p.refund(once.id, 200, 'USD', 'refund:order-f:2');
    await expect(p.refund(once.id, 1, 'USD', 'refund:order-f:3')).rejects.toThrow(/greater than unrefunded/);
  });
});
