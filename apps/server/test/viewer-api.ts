import type { PayResult, User } from '@episodic/contract';
import { envelope, type TestApp } from './test-app';

/**
 * Small helpers to drive the viewer API through `app.inject` (shared by the property and security
 * tests under test/): an envelope call with a session token, a new guest, a card and a purchase.
 */

export type Envelope<T> = { code: number; message: string; data: T; fields?: Record<string, string> };

/** Calls an envelope endpoint, carrying the token in X-User-Token when given. */
export async function call<T = unknown>(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
): Promise<Envelope<T>> {
  const res = await t.app.inject({ method, url, payload, headers: token ? { 'x-user-token': token } : {} });
  return envelope<T>(res) as Envelope<T>;
}

/** A new visitor: a guest account and its session token. */
export async function newGuest(t: TestApp): Promise<{ token: string; id: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user' });
  return { token: String(res.headers['x-user-token']), id: envelope<User>(res).data.id };
}

export const SUCCEEDING_CARD = '4242 4242 4242 4242';

export const card = (number: string = SUCCEEDING_CARD, extra: Partial<Record<string, string>> = {}) => ({
  number,
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  ...extra,
});

/** Opens an order for a plan and pays it by card (one tap). */
export async function buy(
  t: TestApp,
  token: string,
  planId: string,
  cardNumber = SUCCEEDING_CARD,
): Promise<{ orderId: string; amount: number; result: Envelope<PayResult> }> {
  const order = await call<{ id: string; amount: number }>(t, token, 'POST', '/api/payment/order', { planId });
  const result = await call<PayResult>(t, token, 'POST', '/api/payment/pay', {
    orderId: order.data.id,
    method: 'card',
    card: card(cardNumber),
    agree: true,
  });
  return { orderId: order.data.id, amount: order.data.amount, result };
}
