import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOptions, PayResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { FAKE_STRIPE_KEY, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { loadEnv, paymentStartProblem } from '../../env';
import { sharedSecret } from '../../db/secrets';
import { NOT_A_TEST_CARD, signSandboxPayload } from './sandbox-provider';

type Env<T> = { code: number; message: string; data: T; fields?: Record<string, string> };
const card = (number: string) => ({
  number,
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
});

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
  return { call, viewer, order };
}

describe('the payment mode is explicit', () => {
  it('defaults to test mode; live needs Stripe with live keys; test mode never takes live keys', () => {
    expect(loadEnv({}).paymentMode).toBe('test');
    expect(() => loadEnv({ PAYMENT_MODE: 'production' })).toThrow(/PAYMENT_MODE.*test, live/);
    expect(() => loadEnv({ PAYMENT_MODE: 'live' })).toThrow(/PAYMENT_MODE: live needs a real card processor/);
    expect(() =>
      loadEnv({
        PAYMENT_MODE: 'live',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }),
    ).toThrow(/STRIPE_SECRET_KEY: is a test key but PAYMENT_MODE is live/);
    expect(() =>
      loadEnv({
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      }),
    ).toThrow(/STRIPE_SECRET_KEY: is a live key but PAYMENT_MODE is test/);
    expect(
      loadEnv({
        PAYMENT_MODE: 'live',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      }).paymentMode,
    ).toBe('live');
  });

  it('points PayPal at its sandbox in test mode and refuses its live API there', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(loadEnv(paypal).paypal?.apiUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(() => loadEnv({ ...paypal, PAYPAL_API_URL: 'https://api-m.paypal.com' })).toThrow(
      /PAYPAL_API_URL.*live API but PAYMENT_MODE is test/,
    );
    const live = {
      PAYMENT_MODE: 'live',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      ...paypal,
    };
    expect(loadEnv(live).paypal?.apiUrl).toBe('https://api-m.paypal.com');
    expect(() => loadEnv({ ...live, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' })).toThrow(
      /PAYPAL_API_URL.*sandbox but PAYMENT_MODE is live/,
    );
  });

  it('refuses to start in test mode on an https address unless an operator allows it, with one clear line', () => {
    const https = loadEnv({ PUBLIC_URL: 'https://episodic.example' });
    const problem = paymentStartProblem(https);
    expect(problem).toMatch(
      /^Refusing to start: PAYMENT_MODE is test .* PUBLIC_URL is https .* ALLOW_TEST_PAYMENTS_ON_HTTPS=true/,
    );
    expect(problem).not.toContain('\n');
    expect(
      paymentStartProblem(loadEnv({ PUBLIC_URL: 'https://episodic.example', ALLOW_TEST_PAYMENTS_ON_HTTPS: 'true' })),
    ).toBeNull();
    expect(paymentStartProblem(loadEnv({ PUBLIC_URL: 'http://localhost:8080' }))).toBeNull();
    // However the scheme is spelled: the address is read as the URL parser reads it.
    expect(paymentStartProblem(loadEnv({ PUBLIC_URL: 'HTTPS://Episodic.Example' }))).toMatch(/^Refusing to start/);
    expect(loadEnv({ PUBLIC_URL: 'HTTPS://Episodic.Example/' }).publicUrl).toBe('https://episodic.example');
    expect(
      paymentStartProblem(
        loadEnv({
          PUBLIC_URL: 'https://episodic.example',
          PAYMENT_MODE: 'live',
          STRIPE_SECRET_KEY: 'sk_live_abc',
          STRIPE_WEBHOOK_SECRET: 'whsec_abc',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
        }),
      ),
    ).toBeNull();
    expect(() => loadEnv({ ALLOW_TEST_PAYMENTS_ON_HTTPS: 'maybe' })).toThrow(/ALLOW_TEST_PAYMENTS_ON_HTTPS/);
  });
});

describe('test mode (the built-in sandbox)', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
    c = client(t);
  });
  afterAll(() => t.close());

  it('tells the client it is test mode, that PayPal is offered, and which test cards exist', async () => {
    const { data } = await c.call<PaymentOptions>(null, 'GET', '/api/payment/options');
    expect(data).toMatchObject({ mode: 'test', paypal: true });
    expect(data.testCards).toContainEqual({ number: '4242424242424242', brand: 'visa', outcome: 'succeeds' });
    expect(data.testCards).toContainEqual({ number: '4000000000000002', brand: 'visa', outcome: 'declines' });
    expect(data.testCards).toContainEqual({ number: '4000002500003155', brand: 'visa', outcome: 'authentication' });
  });

  it('declines a valid card number that is not a documented test card, saying why, and gives nothing', async () => {
    const me = await c.viewer();
    for (const number of ['4532 0151 1283 0366', '5425 2334 3010 9903', '4111 1111 1111 1111']) {
      const orderId = await c.order(me);
      const paid = await c.call<PayResult>(me, 'POST', '/api/payment/pay', {
        orderId,
        method: 'card',
        card: card(number),
        agree: true,
      });
      expect(paid.data).toMatchObject({ status: 'failed', reason: NOT_A_TEST_CARD });
    }
    await t.app.background.idle();
    expect((await c.call<User>(me, 'GET', '/api/user')).data.coins).toBe(0);
    expect(
      await t.database.db
        .selectFrom('sandbox_methods')
        .select('token')
        .where('last4', 'in', ['0366', '9903', '1111'])
        .execute(),
    ).toEqual([]);
  });

  it('pays with every documented succeeding test card', async () => {
    const me = await c.viewer();
    const { data } = await c.call<PaymentOptions>(null, 'GET', '/api/payment/options');
    const succeeding = data.testCards.filter((tc) => tc.outcome === 'succeeds' || tc.outcome === 'declines_renewals');
    for (const tc of succeeding) {
      const orderId = await c.order(me);
      const paid = await c.call<PayResult>(me, 'POST', '/api/payment/pay', {
        orderId,
        method: 'card',
        card: { ...card(tc.number), cvv: tc.brand === 'amex' ? '1234' : '123' },
        agree: true,
      });
      expect([tc.number, paid.data.status]).toEqual([tc.number, 'paid']);
    }
  });
});

describe('the sandbox webhook', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
    other = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  });
  afterAll(async () => {
    await t.close();
    await other.close();
  });
  const post = (app: TestApp, body: string, secret: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/webhook/payment/sandbox',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signSandboxPayload(secret, body) },
      payload: body,
    });

  it('signs with a secret made per database, never the constant the source used to carry', async () => {
    const mine = await sharedSecret(t.database.db, 'sandbox-webhook');
    const theirs = await sharedSecret(other.database.db, 'sandbox-webhook');
    expect(mine).toMatch(/^[\w-]{43}$/);
    expect(mine).not.toBe(theirs);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'charge.succeeded',
      chargeId: 'ch_x',
      idempotencyKey: '00000000-0000-4000-8000-000000000000:1',
      created: 1,
    });
    for (const secret of ['sandbox-webhook-secret-for-local-use-only', theirs]) {
      const res = await post(t, body, secret);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).message).toBe('Invalid signature.');
    }
  });

  it.each([
    ['not json', 'not json'],
    ['an empty object', '{}'],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"evt"'],
    ['a missing key', JSON.stringify({ id: 'evt_1', type: 'charge.succeeded', chargeId: 'ch_1', created: 1 })],
    [
      'a key of the wrong type',
      JSON.stringify({ id: 'evt_2', type: 'charge.succeeded', chargeId: 'ch_1', idempotencyKey: 12, created: 1 }),
    ],
    [
      'an id of the wrong type',
      JSON.stringify({ id: { $ne: 1 }, type: 'charge.succeeded', chargeId: 'ch_1', idempotencyKey: 'a:1', created: 1 }),
    ],
    [
      'a key that is not one of our charges',
      JSON.stringify({
        id: 'evt_3',
        type: 'charge.succeeded',
        chargeId: 'ch_1',
        idempotencyKey: "x'; DROP TABLE orders; --:1",
        created: 1,
      }),
    ],
    [
      'an unknown type',
      JSON.stringify({
        id: 'evt_4',
        type: 'charge.exploded',
        chargeId: 'ch_1',
        idempotencyKey: '00000000-0000-4000-8000-000000000000:1',
        created: 1,
      }),
    ],
  ])('answers a validly signed body of %s with a 400 envelope', async (_what, body) => {
    const res = await post(t, body, await sharedSecret(t.database.db, 'sandbox-webhook'));
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({ code: 400, message: 'This event is not one we can read.' });
  });
});

describe('live mode (Stripe takes the cards, no PayPal configured)', () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      PUBLIC_URL: 'http://episodic.test',
      PAYMENT_MODE: 'live',
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY.replace('_test_', '_live_'),
      STRIPE_WEBHOOK_SECRET: 'whsec_live',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_episodic',
      STRIPE_API_URL: stripe.url,
    });
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('says live, offers no PayPal button, lists no test cards', async () => {
    expect((await c.call<PaymentOptions>(null, 'GET', '/api/payment/options')).data).toEqual({
      mode: 'live',
      processor: 'stripe',
      stripe: { publishableKey: 'pk_live_episodic', jsUrl: 'https://js.stripe.com/v3/' },
      paypal: false,
      testCards: [],
    });
  });

  it('refuses method paypal, and has neither the PayPal sandbox nor the card sandbox', async () => {
    const me = await c.viewer();
    const orderId = await c.order(me);
    const paypal = await c.call(me, 'POST', '/api/payment/pay', { orderId, method: 'paypal', agree: true });
    expect(paypal).toMatchObject({ code: 422, fields: { method: 'PayPal is not offered here. Please pay by card.' } });
    expect((await c.call<{ status: string }>(me, 'GET', `/api/payment/order?id=${orderId}`)).data.status).toBe(
      'pending',
    );
    for (const url of [
      '/api/payment/paypal/sandbox?id=x',
      `/api/payment/paypal/return?token=PAYSANDBOX-${orderId}`,
      '/api/payment/sandbox/challenge/ch_1',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhook/payment/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(404);
  });
});
