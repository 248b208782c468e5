import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResult } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { testDbKind } from '../../../test/test-app';
import { OPEN_ORDER_LIMIT } from './order-lifecycle';

type Env<T> = { code: number; message: string; data: T };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
});
afterAll(() => t.close());

const call = async <T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Env<T>> =>
  envelope<T>(await t.app.inject({ method, url, payload, headers: { 'x-user-token': token } })) as Env<T>;
const viewer = async () => (await newGuest(t)).token;
const open = (token: string) => call<{ id: string }>(token, 'POST', '/api/payment/order', { planId: 'coins-300' });
const card = {
  number: '4242424242424242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

describe('open orders per user', () => {
  it(`holds at most ${String(OPEN_ORDER_LIMIT)} unfinished orders; one more answers a 429 envelope that says why`, async () => {
    const me = await viewer();
    const ids: string[] = [];
    for (let i = 0; i < OPEN_ORDER_LIMIT; i++) ids.push((await open(me)).data.id);
    const refused = await open(me);
    expect(refused).toMatchObject({ code: 429, data: null });
    expect(refused.message).toMatch(/too many unfinished orders/);
    // Paying one of them frees a place; the paid order does not count.
    expect(
      (await call<PayResult>(me, 'POST', '/api/payment/pay', { orderId: ids[0], method: 'card', card, agree: true }))
        .data.status,
    ).toBe('paid');
    expect((await open(me)).code).toBe(200);
    expect((await open(me)).code).toBe(429);
  });

  it('lets abandoned orders expire after a day, so nobody is locked out; an expired order can no longer be paid', async () => {
    const me = await viewer();
    const ids: string[] = [];
    for (let i = 0; i < OPEN_ORDER_LIMIT; i++) ids.push((await open(me)).data.id);
    expect((await open(me)).code).toBe(429);
    await t.database.db
      .updateTable('orders')
      .set({ updated_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('id', 'in', ids)
      .execute();
    expect((await open(me)).code).toBe(200);
    const expired = await call<{ status: string }>(me, 'GET', `/api/payment/order?id=${ids[0]!}`);
    expect(expired.data.status).toBe('cancelled');
    expect(
      (await call(me, 'POST', '/api/payment/pay', { orderId: ids[0], method: 'card', card, agree: true })).code,
    ).toBe(409);
  });

  it(`keeps the cap under ${String(OPEN_ORDER_LIMIT * 2)} parallel requests (${testDbKind})`, async () => {
    const me = await viewer();
    const results = await Promise.all(Array.from({ length: OPEN_ORDER_LIMIT * 2 }, () => open(me)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(OPEN_ORDER_LIMIT);
    expect(results.filter((r) => r.code === 429)).toHaveLength(OPEN_ORDER_LIMIT);
    const user = await t.database.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', results.find((r) => r.code === 200)!.data.id)
      .executeTakeFirstOrThrow();
    const rows = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.user_id).execute();
    expect(rows).toHaveLength(OPEN_ORDER_LIMIT);
  });

  it('counts per user: another viewer is not affected', async () => {
    const a = await viewer();
    const b = await viewer();
    for (let i = 0; i < OPEN_ORDER_LIMIT; i++) await open(a);
    expect((await open(a)).code).toBe(429);
    expect((await open(b)).code).toBe(200);
  });
});
