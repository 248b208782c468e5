import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EpisodeListItem, Order, PaymentOverview, PayResult, Plan, UnlockResult, User } from '@episodic/contract';
import { createTestApp, envelope, newGuest, type TestApp } from '../../testing';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { signSandboxPayload } from './sandbox-provider';
import { appendLedgerEntry } from './coin-ledger';
import { sharedSecret } from '../../db/secrets';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  f = await seedCatalogFixture(t.database.db);
});
afterAll(() => t.close());

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
async function grant(userId: string, coins: number, key = `test-grant:${userId}:${Math.random()}`) {
  await t.database.db
    .transaction()
    .execute((trx) => appendLedgerEntry(trx, { userId, delta: coins, kind: 'grant', key }));
}
const card = (number: string, extra: Partial<Record<string, string>> = {}) => ({
  number,
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  ...extra,
});
async function buy(
  token: string,
  planId: string,
  cardNumber = '4242 4242 4242 4242',
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
/** Waits for the work the answers left running (the sandbox's webhooks, receipts). */
const settle = () => t.app.background.idle();
/** Polls until the check passes: webhooks land shortly after the answer. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('plans', () => {
  it('lists memberships renewing every N days and coin packs, priced by the server, localized', async () => {
    const { data } = await call<Plan[]>(null, 'GET', '/api/plan');
    expect(data.map((p) => [p.id, p.kind, p.price, p.renewalDays, p.coins, p.bonusCoins])).toEqual([
      ['weekly', 'membership', 499, 7, 0, 0],
      ['monthly', 'membership', 1499, 30, 0, 0],
      ['yearly', 'membership', 9999, 365, 0, 0],
      ['coins-300', 'coins', 299, null, 300, 0],
      ['coins-1000', 'coins', 899, null, 1000, 100],
      ['coins-2500', 'coins', 1999, null, 2500, 500],
    ]);
    expect(data[0]!.description).toMatch(/every 7 days until you cancel/);
    const de = await call<Plan[]>(null, 'GET', '/api/plan?lang=dy');
    expect(de.data[1]!.name).toBe('Monatlich');
  });
});

describe('coins and unlocks', () => {
  it('spends an episode’s price once and shows it unlocked', async () => {
    const v = await newGuest(t);
    await grant(v.id, 120);
    const episode = f.episodes.ceo[4]!;
    const first = await call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId: episode });
    expect(first.data).toEqual({ coins: 70, unlocked: [episode], spent: 50 });
    const again = await call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId: episode });
    expect(again.data).toEqual({ coins: 70, unlocked: [episode], spent: 0 });
    const list = await call<EpisodeListItem[]>(v.token, 'GET', `/api/video/episode?seriesId=${f.series.ceo}`);
    expect(list.data.find((e) => e.id === episode)?.unlocked).toBe(true);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(70);
  });

  it('spends nothing when the episode costs other than the price the viewer saw', async () => {
    const v = await newGuest(t);
    await grant(v.id, 120);
    const episode = f.episodes.ceo[3]!;
    const stale = await call(v.token, 'POST', '/api/video/unlock', { episodeId: episode, price: 35 });
    expect(stale).toMatchObject({ code: 409, reason: 'price_changed' });
    expect(stale.message).toMatch(/changed to 50 coins/);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(120);
    const seen = await call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId: episode, price: 50 });
    expect(seen.data).toEqual({ coins: 70, unlocked: [episode], spent: 50 });
  });

  it('refuses when the balance is short, without a half-written record', async () => {
    const v = await newGuest(t);
    await grant(v.id, 20);
    const res = await call(v.token, 'POST', '/api/video/unlock', { episodeId: f.episodes.ceo[5] });
    expect(res.code).toBe(402);
    expect(res.message).toMatch(/Not enough coins: this costs 50 and you have 20/);
    // Its own reason: monitoring and clients never read it as a crash.
    expect((res as { reason?: string }).reason).toBe('not_enough_coins');
    const ledger = await t.database.db.selectFrom('coin_ledger').select('kind').where('user_id', '=', v.id).execute();
    expect(ledger.map((l) => l.kind)).toEqual(['grant']);
    expect(
      await t.database.db.selectFrom('unlocks').select('episode_id').where('user_id', '=', v.id).execute(),
    ).toEqual([]);
  });

  it('charges nothing for a free episode', async () => {
    const v = await newGuest(t);
    const res = await call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId: f.episodes.ceo[0] });
    expect(res.data).toMatchObject({ spent: 0, coins: 0 });
  });

  it('debits once for 50 parallel unlocks of one episode', async () => {
    const v = await newGuest(t);
    await grant(v.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId: f.episodes.wolf[6] }),
      ),
    );
    expect(results.every((r) => r.code === 200)).toBe(true);
    expect(results.filter((r) => r.data.spent > 0)).toHaveLength(1);
    const { rows } = await sql<{
      sum: number;
    }>`SELECT sum(delta)::int AS sum FROM coin_ledger WHERE user_id = ${v.id}::uuid`.execute(t.database.db);
    expect(rows[0]!.sum).toBe(950);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(950);
  });

  it('never lets parallel spends take the balance below zero', async () => {
    const v = await newGuest(t);
    await grant(v.id, 100);
    const episodes = f.episodes.palace.slice(2, 8);
    const results = await Promise.all(
      episodes.map((episodeId) => call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { episodeId })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    expect(results.filter((r) => r.code === 402)).toHaveLength(4);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(0);
  });

  it('unlocks a whole series at its quoted price, and refuses a stale price', async () => {
    const v = await newGuest(t);
    await grant(v.id, 1000);
    const stale = await call(v.token, 'POST', '/api/video/unlock', { seriesId: f.series.wolf, price: 1 });
    expect(stale.code).toBe(409);
    const res = await call<UnlockResult>(v.token, 'POST', '/api/video/unlock', { seriesId: f.series.wolf, price: 210 });
    expect(res.data).toMatchObject({ spent: 210, coins: 790 });
    expect(res.data.unlocked).toHaveLength(6);
    const list = await call<EpisodeListItem[]>(v.token, 'GET', `/api/video/episode?seriesId=${f.series.wolf}`);
    expect(list.data.every((e) => e.unlocked)).toBe(true);
  });

  it('keeps the ledger append-only', async () => {
    await expect(sql`UPDATE coin_ledger SET delta = 1000000`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});

describe('orders and card payments (sandbox)', () => {
  it('refuses a payment without consent, and checks the card before any charge', async () => {
    const v = await newGuest(t);
    const order = await call<{ id: string; amount: number }>(v.token, 'POST', '/api/payment/order', {
      planId: 'monthly',
      price: 1,
    });
    expect(order.data.amount).toBe(1499);
    const noConsent = await call(v.token, 'POST', '/api/payment/pay', {
      orderId: order.data.id,
      method: 'card',
      card: card('4242424242424242'),
      agree: false,
    });
    expect(noConsent).toMatchObject({ code: 422, fields: { agree: expect.any(String) } });
    const bad = await call(v.token, 'POST', '/api/payment/pay', {
      orderId: order.data.id,
      method: 'card',
      card: card('4242424242424241', { expiry: '01/20', cvv: '12' }),
      agree: true,
    });
    expect(bad.fields).toEqual({
      'card.number': 'This card number is not valid.',
      'card.expiry': 'This card has expired.',
      'card.cvv': 'The security code has 3 digits.',
    });
    const charges = await t.database.db
      .selectFrom('sandbox_charges')
      .select('id')
      .where('idempotency_key', 'like', `${order.data.id}%`)
      .execute();
    expect(charges).toEqual([]);
  });

  it.each([
    ['4242 4242 4242 4242', 'paid', null],
    ['4000 0000 0000 0002', 'failed', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'failed', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'failed', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'failed', "Your card's security code is incorrect."],
    ['5555 5555 5555 4444', 'paid', null],
  ])('card %s → %s', async (number, status, reason) => {
    const v = await newGuest(t);
    const { result } = await buy(v.token, 'coins-1000', number);
    expect(result.data).toMatchObject({ status, reason });
    const user = await eventually(
      () => call<User>(v.token, 'GET', '/api/user'),
      (u) => u.data.coins === (status === 'paid' ? 1100 : 0),
    );
    expect(user.data.coins).toBe(status === 'paid' ? 1100 : 0);
  });

  it('lets a failed order be paid again with another card', async () => {
    const v = await newGuest(t);
    const { orderId, result } = await buy(v.token, 'coins-300', '4000000000000002');
    expect(result.data.status).toBe('failed');
    const retry = await call<PayResult>(v.token, 'POST', '/api/payment/pay', {
      orderId,
      method: 'card',
      card: card('4242424242424242'),
      agree: true,
    });
    expect(retry.data.status).toBe('paid');
  });

  it('charges once when Pay is tapped ten times at once', async () => {
    const v = await newGuest(t);
    const order = await call<{ id: string }>(v.token, 'POST', '/api/payment/order', { planId: 'coins-300' });
    const taps = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<PayResult>(v.token, 'POST', '/api/payment/pay', {
          orderId: order.data.id,
          method: 'card',
          card: card('4242424242424242'),
          agree: true,
        }),
      ),
    );
    expect(taps.every((r) => r.code === 200)).toBe(true);
    expect(taps.some((r) => r.data.status === 'paid')).toBe(true);
    await eventually(
      () => call<User>(v.token, 'GET', '/api/user'),
      (u) => u.data.coins === 300,
    );
    await settle();
    const charges = await t.database.db
      .selectFrom('sandbox_charges')
      .select('id')
      .where('idempotency_key', 'like', `${order.data.id}%`)
      .execute();
    expect(charges).toHaveLength(1);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(300);
  });

  it('runs the 3-D Secure challenge: completed pays, cancelled fails', async () => {
    const v = await newGuest(t);
    const { orderId, result } = await buy(v.token, 'weekly', '4000 0025 0000 3155');
    expect(result.data.status).toBe('requires_action');
    const url = new URL(result.data.redirectUrl!);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.body).toContain('Complete authentication');
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=complete',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/order/result?orderId=${orderId}`);
    const overview = await eventually(
      () => call<PaymentOverview>(v.token, 'GET', '/api/payment'),
      (o) => o.data.orders.items[0]?.status === 'paid',
    );
    expect(overview.data.orders.items[0]).toMatchObject({ id: orderId, status: 'paid' });
    expect(overview.data.membership).toMatchObject({ active: true, planId: 'weekly', autoRenew: true });

    const w = await newGuest(t);
    const second = await buy(w.token, 'weekly', '4000002500003155');
    const path = new URL(second.result.data.redirectUrl!).pathname;
    await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=fail',
    });
    const failed = await eventually(
      () => call<{ status: string; failureReason: string }>(w.token, 'GET', `/api/payment/order?id=${second.orderId}`),
      (o) => o.data.status === 'failed',
    );
    expect(failed.data).toMatchObject({
      status: 'failed',
      failureReason: 'The card authentication was not completed.',
    });
  });

  describe("another card after leaving the bank's check", () => {
    const CHECKED = '4000002500003155';
    const payAgain = (token: string, orderId: string, number: string) =>
      call<PayResult>(token, 'POST', '/api/payment/pay', { orderId, method: 'card', card: card(number), agree: true });
    const charges = (orderId: string) =>
      t.database.db
        .selectFrom('sandbox_charges')
        .select(['id', 'status', 'idempotency_key'])
        .where('idempotency_key', 'like', `${orderId}:%`)
        .orderBy('idempotency_key')
        .execute();
    const answerCheck = (redirectUrl: string, action: 'complete' | 'fail') =>
      t.app.inject({
        method: 'POST',
        url: new URL(redirectUrl).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=${action}`,
      });
    const coins = async (token: string) => (await call<User>(token, 'GET', '/api/user')).data.coins;

    it('ends the first check: the new card pays, and the first card cannot be charged from its page', async () => {
      const v = await newGuest(t);
      const first = await buy(v.token, 'coins-300', CHECKED);
      expect(first.result.data.status).toBe('requires_action');
      const paid = await payAgain(v.token, first.orderId, '4242424242424242');
      expect(paid.data).toMatchObject({ orderId: first.orderId, status: 'paid' });
      // The first bank page, still open in a tab, passes nothing and leads to the order's result.
      const late = await answerCheck(first.result.data.redirectUrl!, 'complete');
      expect(late.headers.location).toBe(`/order/result?orderId=${first.orderId}`);
      await settle();
      expect((await charges(first.orderId)).map((c) => c.status)).toEqual(['failed', 'succeeded']);
      expect(await coins(v.token)).toBe(300);
      const order = await call<Order>(v.token, 'GET', `/api/payment/order?id=${first.orderId}`);
      expect(order.data.status).toBe('paid');
    });

    it("a second card that needs its own check gets its own bank page, kept when the first check's end arrives", async () => {
      const v = await newGuest(t);
      const first = await buy(v.token, 'coins-300', CHECKED);
      const second = await payAgain(v.token, first.orderId, CHECKED);
      expect(second.data.status).toBe('requires_action');
      expect(second.data.redirectUrl).not.toBe(first.result.data.redirectUrl);
      // The first check's failure is delivered after the answer: it belongs to an earlier attempt.
      await settle();
      const order = await call<Order>(v.token, 'GET', `/api/payment/order?id=${first.orderId}`);
      expect(order.data.status).toBe('requires_action');
      await answerCheck(second.data.redirectUrl!, 'complete');
      const done = await eventually(
        () => call<Order>(v.token, 'GET', `/api/payment/order?id=${first.orderId}`),
        (o) => o.data.status === 'paid',
      );
      expect(done.data.status).toBe('paid');
      expect(await coins(v.token)).toBe(300);
    });

    it('a check passed in another tab first is the payment: the new card is not charged', async () => {
      const v = await newGuest(t);
      const first = await buy(v.token, 'coins-300', CHECKED);
      await answerCheck(first.result.data.redirectUrl!, 'complete');
      const again = await payAgain(v.token, first.orderId, '4242424242424242');
      expect(again.data.status).toBe('paid');
      await settle();
      expect((await charges(first.orderId)).map((c) => c.status)).toEqual(['succeeded']);
      expect(await coins(v.token)).toBe(300);
    });

    it('the check passed and another card sent at the same moment charge one card, once', async () => {
      for (let round = 0; round < 4; round++) {
        const v = await newGuest(t);
        const first = await buy(v.token, 'coins-300', CHECKED);
        const [, again] = await Promise.all([
          answerCheck(first.result.data.redirectUrl!, 'complete'),
          payAgain(v.token, first.orderId, '4242424242424242'),
        ]);
        expect(again.data.status).toBe('paid');
        await settle();
        const made = await charges(first.orderId);
        expect(made.filter((c) => c.status === 'succeeded')).toHaveLength(1);
        expect(await coins(v.token)).toBe(300);
      }
    });

    it('a paid order names the card that paid it, not one an earlier attempt left on it', async () => {
      const v = await newGuest(t);
      const earlier = await buy(v.token, 'coins-300', '4242424242424242');
      const cardA = (await t.database.db
        .selectFrom('orders')
        .select('payment_method_id')
        .where('id', '=', earlier.orderId)
        .executeTakeFirstOrThrow())!.payment_method_id;
      expect(cardA).not.toBeNull();
      // An unpaid order that names card A (an attempt on it that never paid), then paid with card B.
      const order = await call<{ id: string }>(v.token, 'POST', '/api/payment/order', { planId: 'coins-300' });
      await t.database.db
        .updateTable('orders')
        .set({ payment_method_id: cardA })
        .where('id', '=', order.data.id)
        .execute();
      const paid = await payAgain(v.token, order.data.id, '5555555555554444');
      expect(paid.data.status).toBe('paid');
      const row = await t.database.db
        .selectFrom('orders as o')
        .innerJoin('payment_methods as pm', 'pm.id', 'o.payment_method_id')
        .select(['pm.last4'])
        .where('o.id', '=', order.data.id)
        .executeTakeFirstOrThrow();
      expect(row.last4).toBe('4444');
      const overview = await call<PaymentOverview>(v.token, 'GET', '/api/payment');
      expect(overview.data.paymentMethod).toMatchObject({ last4: '4444' });
    });

    it("another viewer's card cannot end a buyer's check", async () => {
      const a = await newGuest(t);
      const b = await newGuest(t);
      const first = await buy(a.token, 'coins-300', CHECKED);
      const foreign = await payAgain(b.token, first.orderId, '4242424242424242');
      expect(foreign.code).toBe(404);
      expect((await charges(first.orderId)).map((c) => c.status)).toEqual(['requires_action']);
    });
  });

  it('shows orders, membership and the saved card (brand and last four only)', async () => {
    const v = await newGuest(t);
    await buy(v.token, 'monthly', '4242 4242 4242 4242');
    const { data } = await call<PaymentOverview>(v.token, 'GET', '/api/payment');
    expect(data.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(data.orders.items[0]).toMatchObject({
      planId: 'monthly',
      amount: 1499,
      currency: 'USD',
      status: 'paid',
      kind: 'membership',
    });
    const user = await call<User>(v.token, 'GET', '/api/user');
    expect(user.data.membership).toMatchObject({ active: true, planId: 'monthly', autoRenew: true });
    const renews = new Date(user.data.membership.renewsAt!).getTime();
    expect(Math.round((renews - Date.now()) / 86400000)).toBe(30);
  });

  it('keeps other users out of an order', async () => {
    const a = await newGuest(t);
    const b = await newGuest(t);
    const order = await call<{ id: string }>(a.token, 'POST', '/api/payment/order', { planId: 'coins-300' });
    expect(
      (
        await call(b.token, 'POST', '/api/payment/pay', {
          orderId: order.data.id,
          method: 'card',
          card: card('4242424242424242'),
          agree: true,
        })
      ).code,
    ).toBe(404);
    expect((await call(b.token, 'GET', `/api/payment/order?id=${order.data.id}`)).code).toBe(404);
  });
});

describe('memberships', () => {
  it('opens every episode while active; cancelling keeps access to the end of the period, then it ends', async () => {
    const v = await newGuest(t);
    await buy(v.token, 'weekly');
    const open = await call<EpisodeListItem[]>(v.token, 'GET', `/api/video/episode?seriesId=${f.series.palace}`);
    expect(open.data.every((e) => e.unlocked)).toBe(true);
    const cancelled = await call<{ active: boolean; autoRenew: boolean; renewsAt: string | null; endsAt: string }>(
      v.token,
      'POST',
      '/api/payment/cancel',
    );
    expect(cancelled.data).toMatchObject({ active: true, autoRenew: false, renewsAt: null });
    expect(
      (await call<EpisodeListItem[]>(v.token, 'GET', `/api/video/episode?seriesId=${f.series.palace}`)).data.every(
        (e) => e.unlocked,
      ),
    ).toBe(true);
    await t.database.db
      .updateTable('memberships')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('user_id', '=', v.id)
      .execute();
    const after = await call<EpisodeListItem[]>(v.token, 'GET', `/api/video/episode?seriesId=${f.series.palace}`);
    expect(after.data.filter((e) => !e.unlocked).length).toBeGreaterThan(0);
    expect((await call<User>(v.token, 'GET', '/api/user')).data.membership.active).toBe(false);
  });

  it('extends the paid period when a member pays again', async () => {
    const v = await newGuest(t);
    await buy(v.token, 'weekly');
    await buy(v.token, 'weekly');
    const user = await call<User>(v.token, 'GET', '/api/user');
    expect(Math.round((new Date(user.data.membership.endsAt!).getTime() - Date.now()) / 86400000)).toBe(14);
  });
});

describe('what an order says it sells', () => {
  const DAY = 86_400_000;
  const open = async (token: string, planId: string) =>
    (await call<{ id: string }>(token, 'POST', '/api/payment/order', { planId })).data.id;
  const read = (token: string, id: string) => call<Order>(token, 'GET', `/api/payment/order?id=${id}`);
  const daysAhead = (iso: string | null | undefined) => Math.round((new Date(iso!).getTime() - Date.now()) / DAY);

  it('names a coin pack’s coins and bonus, with nothing renewing', async () => {
    const v = await newGuest(t);
    const { data } = await read(v.token, await open(v.token, 'coins-1000'));
    expect(data).toMatchObject({ kind: 'coins', renewalDays: null, coins: 1000, bonusCoins: 100, renewsAt: null });
  });

  it('names a membership’s renewal days and the first renewal paying now would set', async () => {
    const v = await newGuest(t);
    const first = await open(v.token, 'monthly');
    const { data } = await read(v.token, first);
    expect(data).toMatchObject({ kind: 'membership', renewalDays: 30, coins: 0, bonusCoins: 0 });
    expect(daysAhead(data.renewsAt)).toBe(30);

    await buy(v.token, 'weekly');
    await settle();
    // A member extends the paid period: the first renewal comes after the week already bought.
    const again = await read(v.token, await open(v.token, 'monthly'));
    expect(daysAhead(again.data.renewsAt)).toBe(37);
    const user = await call<User>(v.token, 'GET', '/api/user');
    const paid = (await call<PaymentOverview>(v.token, 'GET', '/api/payment')).data.orders.items.find(
      (o) => o.status === 'paid',
    )!;
    expect(new Date(again.data.renewsAt!).getTime() - new Date(user.data.membership.endsAt!).getTime()).toBe(30 * DAY);
    // A paid order has nothing left to consent to.
    expect((await read(v.token, paid.id)).data.renewsAt).toBeNull();
    expect(paid).toMatchObject({ renewalDays: 7, coins: 0 });
  });
});

describe('sandbox webhooks', () => {
  it('applies a signed event once; a replay changes nothing; a forged one is refused', async () => {
    const v = await newGuest(t);
    const { orderId } = await buy(v.token, 'coins-300', '4000002500003155');
    const charge = await t.database.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('idempotency_key', 'like', `${orderId}%`)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('sandbox_charges')
      .set({ status: 'succeeded' })
      .where('id', '=', charge.id)
      .execute();
    const body = JSON.stringify({
      id: 'evt_test_1',
      type: 'charge.succeeded',
      chargeId: charge.id,
      idempotencyKey: charge.idempotency_key,
      created: Math.floor(Date.now() / 1000),
    });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhook/payment/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        payload: body,
      });
    const forged = await post(signSandboxPayload('wrong-secret', body));
    expect(forged.statusCode).toBe(400);
    const secret = await sharedSecret(t.database.db, 'sandbox-webhook');
    const first = await post(signSandboxPayload(secret, body));
    expect(envelope<{ result: string }>(first).data.result).toBe('applied');
    const replay = await post(signSandboxPayload(secret, body));
    expect(envelope<{ result: string }>(replay).data.result).toBe('duplicate');
    expect((await call<User>(v.token, 'GET', '/api/user')).data.coins).toBe(300);
    const ledger = await t.database.db.selectFrom('coin_ledger').select('delta').where('user_id', '=', v.id).execute();
    expect(ledger).toHaveLength(1);
  });
});

describe('a guest who pays and then gets an account', () => {
  it('keeps the membership after registering', async () => {
    const g = await newGuest(t);
    await buy(g.token, 'monthly');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-user-token': g.token },
      payload: {
        email: 'paid-guest@example.com',
        password: 'member1pass',
        confirmPassword: 'member1pass',
        agree: true,
      },
    });
    const user = envelope<User>(reg).data;
    expect(user).toMatchObject({ isGuest: false, membership: { active: true, planId: 'monthly' } });
  });

  it('brings coins, orders and membership time along when signing in to an existing account', async () => {
    const owner = await newGuest(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'x-user-token': owner.token },
      payload: { email: 'owner@example.com', password: 'owner1pass', confirmPassword: 'owner1pass', agree: true },
    });
    const login1 = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'owner@example.com', password: 'owner1pass' },
    });
    await buy(String(login1.headers['x-user-token']), 'weekly');

    const g = await newGuest(t);
    await buy(g.token, 'coins-300');
    await buy(g.token, 'weekly');
    await eventually(
      () => call<User>(g.token, 'GET', '/api/user'),
      (u) => u.data.coins === 300,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-user-token': g.token },
      payload: { email: 'owner@example.com', password: 'owner1pass' },
    });
    const user = envelope<User>(login).data;
    expect(user.coins).toBe(300);
    expect(Math.round((new Date(user.membership.endsAt!).getTime() - Date.now()) / 86400000)).toBe(14);
    const overview = await call<PaymentOverview>(String(login.headers['x-user-token']), 'GET', '/api/payment');
    expect(overview.data.orders.items).toHaveLength(3);
  });
});
