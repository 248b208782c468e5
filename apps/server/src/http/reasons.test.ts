import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_CODES, REASONS, type Envelope, type PayResult, type User } from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { seedCatalogFixture } from '../../test/catalog-fixture';

// Every failure envelope says why in a code the apps translate; field errors carry codes beside their text.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'http://episodic.test',
    TRUST_PROXY: 'true',
    GUEST_SESSIONS_PER_MINUTE: '2',
    GUEST_SESSIONS_BURST: '10',
  });
  await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

let address = 0;
async function viewer(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { 'x-forwarded-for': `198.51.100.${String(++address)}` },
  });
  expect(envelope<User>(res).code).toBe(200);
  return String(res.headers['x-user-token']);
}
const call = async (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  envelope(
    await t.app.inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} }),
  ) as Envelope<unknown>;

describe('failure reasons', () => {
  it('asks for a sign-in with login_required', async () => {
    const res = await call(await viewer(), 'GET', '/api/search/history');
    expect(res).toMatchObject({ code: 401, reason: 'login_required', message: 'Please sign in to continue.' });
  });

  it('gives field errors a code beside their English text, from the schema and from the rules', async () => {
    const schema = await call(null, 'POST', '/api/user/login', { email: 'not an email', password: '' });
    expect(schema).toMatchObject({ code: 422, reason: 'invalid_input' });
    expect(schema.fieldCodes).toEqual(
      Object.fromEntries(Object.keys(schema.fields ?? {}).map((name) => [name, expect.any(String)])),
    );
    const register = await call(await viewer(), 'POST', '/api/user/register', {
      email: 'x@example.com',
      password: 'short',
      confirmPassword: 'other',
      agree: false,
    });
    expect(register).toMatchObject({
      code: 422,
      reason: 'invalid_input',
      fields: { password: 'Use at least 8 characters.', confirmPassword: 'The passwords do not match.' },
      fieldCodes: { password: 'password_too_short', confirmPassword: 'password_mismatch', agree: 'terms_required' },
    });
    for (const code of Object.values({ ...schema.fieldCodes, ...register.fieldCodes }))
      expect(FIELD_CODES).toContain(code);
  });

  it('says which card problem refused a payment, in the result and the order', async () => {
    const token = await viewer();
    const order = await call(token, 'POST', '/api/payment/order', { planId: 'monthly', price: 1 });
    const orderId = (order.data as { id: string }).id;
    const card = {
      number: '4000000000000002',
      expiry: '12/34',
      cvv: '123',
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.com',
    };
    const paid = await call(token, 'POST', '/api/payment/pay', { orderId, method: 'card', card, agree: true });
    expect(paid.data).toMatchObject({
      status: 'failed',
      reason: 'Your card was declined.',
      reasonCode: 'card_declined',
    } satisfies Partial<PayResult>);
    const again = await call(token, 'GET', `/api/payment/order?id=${orderId}`);
    expect(again.data).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
      failureCode: 'card_declined',
    });
  });

  it('answers a rate limit with too_many_requests and the seconds to wait', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    let refused = await t.app.inject({ method: 'GET', url: '/api/user', headers: from });
    for (let i = 0; i < 20 && envelope(refused).code === 200; i++)
      refused = await t.app.inject({ method: 'GET', url: '/api/user', headers: from });
    expect(envelope(refused)).toMatchObject({
      code: 429,
      reason: 'too_many_requests',
      retryAfter: Number(refused.headers['retry-after']),
    });
  });

  it('names what was not found', async () => {
    expect(await call(null, 'GET', '/api/nothing-here')).toMatchObject({ code: 404, reason: 'unknown_api' });
    const token = await viewer();
    expect(await call(token, 'GET', '/api/payment/order?id=00000000-0000-4000-8000-000000000000')).toMatchObject({
      code: 404,
      reason: 'order_not_found',
    });
  });

  it('uses only the contract’s reason codes', async () => {
    const res = await call(null, 'POST', '/api/user/login', {
      email: 'nobody@example.com',
      password: 'wrong password 1',
    });
    expect(res).toMatchObject({ code: 401, reason: 'bad_credentials' });
    expect(REASONS).toContain(res.reason);
  });
});
