import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminOrder,
  AdminPage,
  AdminPlan,
  AdminUser,
  EpisodeListItem,
  Plan,
  User,
} from '@episodic/contract';
import { createTestApp, envelope, type TestApp } from '../../../test/test-app';
import { caller, createCallers, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';
import { newGuest } from '../../../test/viewer-api';
import type { AdminDeps } from './admin-deps';
import { createOrdersService } from './orders.service';
import { createOrderLifecycle, createRefunds } from '../billing/index';

let t: TestApp;
let who: Callers;
let fx: CatalogFixture;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://episodic.test' });
  fx = await seedCatalogFixture(t.database.db);
  who = await createCallers(t);
  admin = caller(t, who.admin);
});
afterAll(() => t.close());

const card = {
  number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvv: '123',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
};

/** A new registered buyer with a session. */
async function buyer(email = `buyer-${randomUUID().slice(0, 8)}@episodic.test`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: 'buyer password 1', confirmPassword: 'buyer password 1', agree: true },
  });
  return {
    token: String(res.headers['x-user-token']),
    id: envelope<User>(res).data.id,
    email,
    api: caller(t, String(res.headers['x-user-token'])),
  };
}

async function buy(token: string, planId: string, headers: Record<string, string> = {}): Promise<string> {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/payment/order',
    headers: { 'x-user-token': token, ...headers },
    payload: { planId },
  });
  const orderId = envelope<{ id: string }>(order).data.id;
  const paid = await caller(t, token).post<{ status: string }>('/api/payment/pay', {
    orderId,
    method: 'card',
    card,
    agree: true,
  });
  expect(paid.data.status).toBe('paid');
  return orderId;
}

const audits = async (action: string) =>
  (await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?action=${action}&pageSize=100`)).data.items;
const me = async (token: string) => (await caller(t, token).get<User>('/api/user')).data;

describe('plans and coin packs', () => {
  it('creates a coin pack off sale, puts it on sale, reprices it; open orders keep their price', async () => {
    const invalid = await admin.post('/api/admin/plans', {
      id: 'Bad Id',
      kind: 'membership',
      price: 100,
      texts: { en: { name: '', description: '' } },
    });
    expect(invalid).toMatchObject({
      code: 422,
      fields: { id: expect.any(String), renewalDays: expect.any(String), 'texts.en.title': expect.any(String) },
    });
    expect(
      (
        await admin.post('/api/admin/plans', {
          id: 'coins-x',
          kind: 'coins',
          price: 0,
          texts: { en: { name: 'X', description: '' } },
        })
      ).fields,
    ).toMatchObject({ price: 'Must be 1 or more.' });

    const created = await admin.post<AdminPlan>('/api/admin/plans', {
      id: 'coins-5000',
      kind: 'coins',
      price: 2999,
      coins: 5000,
      bonusCoins: 1500,
      texts: {
        en: { name: '5,000 coins', description: 'Plus 1,500 bonus coins.' },
        es: { name: '5.000 monedas', description: '' },
      },
    });
    expect(created.data).toMatchObject({
      id: 'coins-5000',
      active: false,
      price: 2999,
      currency: 'USD',
      renewalDays: null,
      coins: 5000,
      bonusCoins: 1500,
    });
    expect(
      (
        await admin.post('/api/admin/plans', {
          id: 'coins-5000',
          kind: 'coins',
          price: 1,
          coins: 1,
          texts: { en: { name: 'Dup', description: '' } },
        })
      ).code,
    ).toBe(409);
    const forSale = async () => (await caller(t, who.viewer).get<Plan[]>('/api/plan')).data.map((p) => p.id);
    expect(await forSale()).not.toContain('coins-5000');

    await admin.patch('/api/admin/plans/coins-5000', { active: true });
    expect(await forSale()).toContain('coins-5000');
    const b = await buyer();
    const open = envelope<{ id: string; amount: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/order',
        headers: { 'x-user-token': b.token },
        payload: { planId: 'coins-5000' },
      }),
    ).data;
    expect(open.amount).toBe(2999);

    const repriced = await admin.patch<AdminPlan>('/api/admin/plans/coins-5000', { price: 3499 });
    expect(repriced.data.price).toBe(3499);
    expect((await caller(t, who.viewer).get<Plan[]>('/api/plan')).data.find((p) => p.id === 'coins-5000')?.price).toBe(
      3499,
    );
    const kept = await b.api.post<{ status: string }>('/api/payment/pay', {
      orderId: open.id,
      method: 'card',
      card,
      agree: true,
    });
    expect(kept.data.status).toBe('paid');
    const order = await admin.get<AdminOrder>(`/api/admin/orders/${open.id}`);
    expect(order.data).toMatchObject({ amount: 2999, status: 'paid', planId: 'coins-5000' });
    // An order is read by its id: an unknown id, or its buyer's id (which the search matches), is no order.
    for (const id of [randomUUID(), b.id])
      expect(await admin.get(`/api/admin/orders/${encodeURIComponent(id)}`)).toMatchObject({
        code: 404,
        reason: 'order_not_found',
      });
    expect((await me(b.token)).coins).toBe(6500);

    expect(await admin.patch('/api/admin/plans/coins-5000', { kind: 'membership', renewalDays: 30 })).toMatchObject({
      code: 422,
      fields: { kind: expect.any(String), renewalDays: expect.any(String) },
    });
    expect(
      (
        await admin.patch('/api/admin/plans/monthly', {
          renewalDays: 28,
          texts: { en: { name: 'Four weeks', description: 'Renews every 28 days.' } },
        })
      ).data,
    ).toMatchObject({ renewalDays: 28, texts: { en: { name: 'Four weeks' } } });
    const [update] = await audits('plan.update');
    expect(update).toMatchObject({ targetId: 'monthly', before: { renewalDays: 30 }, after: { renewalDays: 28 } });

    await admin.patch('/api/admin/plans/coins-5000', { active: false });
    const refused = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/order',
        headers: { 'x-user-token': b.token },
        payload: { planId: 'coins-5000' },
      }),
    );
    expect(refused.code).toBe(404);
  });
});

describe('orders', () => {
  it('finds orders by email, id, status, plan and date, with the campaign that brought them', async () => {
    const b = await buyer('finder@episodic.test');
    const orderId = await buy(b.token, 'coins-300', { fbclid: 'IwAR-test-click' });
    const byEmail = await admin.get<AdminPage<AdminOrder>>('/api/admin/orders?q=finder@');
    expect(byEmail.data.items.map((o) => o.id)).toEqual([orderId]);
    expect(byEmail.data.items[0]).toMatchObject({
      user: { id: b.id, email: 'finder@episodic.test', isGuest: false },
      planName: '300 coins',
      kind: 'coins',
      status: 'paid',
      provider: 'sandbox',
      card: 'visa •••• 4242',
      attribution: { source: 'fbclid', fbclid: 'IwAR-test-click' },
      refund: null,
    });
    expect(
      (await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?q=${orderId}`)).data.items.map((o) => o.id),
    ).toEqual([orderId]);
    expect((await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?q=${b.id}`)).data.items.map((o) => o.id)).toEqual(
      [orderId],
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await admin.get<AdminPage<AdminOrder>>(
          `/api/admin/orders?planId=coins-300&status=paid&from=${today}&to=${today}`,
        )
      ).data.items.map((o) => o.id),
    ).toContain(orderId);
    expect(
      (await admin.get<AdminPage<AdminOrder>>('/api/admin/orders?from=2020-01-01&to=2020-01-31')).data.items,
    ).toEqual([]);
    expect(await admin.get('/api/admin/orders?from=2024-02-02&to=2024-02-01')).toMatchObject({
      code: 422,
      fields: { to: expect.any(String) },
    });
    expect(await admin.get('/api/admin/orders?status=lost')).toMatchObject({
      code: 422,
      fields: { status: expect.any(String) },
    });
  });
});

describe('order detail', () => {
  it('shows the email a guest gave for the receipt, apart from the account’s', async () => {
    const guest = await newGuest(t);
    const guestOrder = await buy(guest.token, 'coins-300');
    const detail = await admin.get<AdminOrder>(`/api/admin/orders/${guestOrder}`);
    expect(detail.data).toMatchObject({
      user: { id: guest.id, email: null, isGuest: true },
      buyerEmail: card.email,
    });
    // In the list too, the same order.
    const listed = await admin.get<AdminPage<AdminOrder>>(`/api/admin/orders?userId=${guest.id}`);
    expect(listed.data.items.map((o) => [o.id, o.buyerEmail])).toEqual([[guestOrder, card.email]]);

    // An account's order has none: the receipt goes to the account's email.
    const b = await buyer();
    const accountOrder = await buy(b.token, 'coins-300');
    expect((await admin.get<AdminOrder>(`/api/admin/orders/${accountOrder}`)).data).toMatchObject({
      user: { email: b.email, isGuest: false },
      buyerEmail: null,
    });
  });
});

describe('refunds', () => {
  it('refunds a coin pack through the provider and takes back the coins not yet spent', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-1000');
    const unlocked = await b.api.post('/api/video/unlock', { episodeId: fx.episodes.ceo[4] });
    expect(unlocked.code).toBe(200);
    expect((await me(b.token)).coins).toBe(1050);

    expect(await admin.post(`/api/admin/orders/${orderId}/refund`, { reason: '  ' })).toMatchObject({
      code: 422,
      fields: { reason: expect.any(String) },
    });
    const refunded = await admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, {
      reason: 'Bought by mistake',
    });
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      refund: {
        status: 'succeeded',
        amount: 899,
        reason: 'Bought by mistake',
        by: 'ops@episodic.test',
        coinsReversed: 1050,
        coinsShort: 50,
      },
    });
    expect((await me(b.token)).coins).toBe(0);
    const charge = await t.database.db
      .selectFrom('sandbox_charges')
      .select('status')
      .where('id', '=', refunded.data.providerRef!)
      .executeTakeFirstOrThrow();
    expect(charge.status).toBe('refunded');
    const [entry] = await audits('order.refund');
    expect(entry).toMatchObject({
      targetId: orderId,
      reason: 'Bought by mistake',
      before: { status: 'paid' },
      after: { status: 'refunded', coinsReversed: 1050, coinsShort: 50 },
    });

    // Asking again changes nothing.
    const again = await admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, { reason: 'Again' });
    expect(again.data.refund).toMatchObject({ reason: 'Bought by mistake' });
    const entries = await t.database.db
      .selectFrom('coin_ledger')
      .select(['kind', 'delta'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'purchase', delta: 1000 },
      { kind: 'bonus', delta: 100 },
      { kind: 'refund', delta: -1050 },
    ]);
  });

  it('refunds a membership: access to locked episodes ends', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'weekly');
    const locked = async () =>
      (await b.api.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.wolf}`)).data.filter(
        (e) => !e.unlocked,
      ).length;
    expect((await me(b.token)).membership.active).toBe(true);
    expect(await locked()).toBe(0);
    const refunded = await admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, { reason: 'Charged twice' });
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      refund: { status: 'succeeded', membershipEndsAt: expect.any(String) },
    });
    expect((await me(b.token)).membership).toMatchObject({ active: false, autoRenew: false });
    expect(await locked()).toBeGreaterThan(0);
    const user = await admin.get<AdminUser>(`/api/admin/users/${b.id}`);
    expect(user.data.membership).toMatchObject({ active: false, status: 'lapsed', autoRenew: false });
  });

  it('refunds once when asked many times at once', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-300');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, { reason: 'Duplicate' }),
      ),
    );
    for (const a of answers) expect(a.code === 200 || (a.code === 409 && /under way/.test(a.message))).toBe(true);
    expect(answers.some((a) => a.code === 200 && a.data.status === 'refunded')).toBe(true);
    const refunds = await t.database.db
      .selectFrom('coin_ledger')
      .select('delta')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ delta: -300 }]);
    expect((await audits('order.refund')).filter((a) => a.targetId === orderId)).toHaveLength(1);
    expect((await me(b.token)).coins).toBe(0);
  });

  it('refuses orders that were not paid', async () => {
    const b = await buyer();
    const open = envelope<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/order',
        headers: { 'x-user-token': b.token },
        payload: { planId: 'coins-300' },
      }),
    ).data;
    const res = await admin.post(`/api/admin/orders/${open.id}/refund`, { reason: 'Nothing to refund' });
    expect(res.code).toBe(409);
    expect(res.message).toMatch(/Only paid orders/);
    expect((await admin.post(`/api/admin/orders/${randomUUID()}/refund`, { reason: 'x' })).code).toBe(404);
  });

  it('keeps the order paid when the provider refuses, and can try again', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-300');
    let refuse = true;
    const operator = { userId: who.adminId, ip: '127.0.0.1' };
    const db = t.database.db;
    const refunders = {
      sandbox: {
        refund: async () => {
          if (refuse) throw new Error('charge already disputed');
        },
      },
    };
    const deps = {
      db,
      refundOrder: createRefunds({ db, lifecycle: createOrderLifecycle({ db }), refunders }),
    } as unknown as AdminDeps;
    const orders = createOrdersService(deps);
    await expect(orders.refundOrder(operator, orderId, { reason: 'Customer asked' })).rejects.toMatchObject({
      code: 500,
      message: 'sandbox did not refund this payment: charge already disputed',
    });
    expect(await orders.getOrder(orderId)).toMatchObject({
      status: 'paid',
      refund: { status: 'failed', error: 'charge already disputed' },
    });
    expect((await me(b.token)).coins).toBe(300);
    expect((await audits('order.refund-failed'))[0]).toMatchObject({ targetId: orderId, reason: 'Customer asked' });
    refuse = false;
    expect(await orders.refundOrder(operator, orderId, { reason: 'Customer asked' })).toMatchObject({
      status: 'refunded',
      refund: { status: 'succeeded', error: null },
    });
    expect((await me(b.token)).coins).toBe(0);
  });
});

describe('grants', () => {
  it('gives coins once per request id, also when the form is sent twice at once', async () => {
    const b = await buyer();
    const requestId = randomUUID();
    expect(await admin.post(`/api/admin/users/${b.id}/grants`, { requestId, kind: 'coins', reason: '' })).toMatchObject(
      { code: 422, fields: { reason: expect.any(String), coins: expect.any(String) } },
    );
    const [first, second] = await Promise.all([
      admin.post<AdminUser>(`/api/admin/users/${b.id}/grants`, {
        requestId,
        kind: 'coins',
        coins: 120,
        reason: 'Playback problem on 12 May',
      }),
      admin.post<AdminUser>(`/api/admin/users/${b.id}/grants`, {
        requestId,
        kind: 'coins',
        coins: 120,
        reason: 'Playback problem on 12 May',
      }),
    ]);
    expect([first.code, second.code]).toEqual([200, 200]);
    expect((await me(b.token)).coins).toBe(120);
    // The same id with another amount is not the same grant: refused, and nothing more is given.
    const edited = await admin.post(`/api/admin/users/${b.id}/grants`, {
      requestId,
      kind: 'coins',
      coins: 1200,
      reason: 'Playback problem on 12 May',
    });
    expect(edited).toMatchObject({ code: 409, reason: 'already_used' });
    expect((await me(b.token)).coins).toBe(120);
    const ledger = (await admin.get<AdminUser>(`/api/admin/users/${b.id}`)).data.ledger;
    expect(ledger).toEqual([
      expect.objectContaining({ delta: 120, kind: 'grant', reason: 'Playback problem on 12 May' }),
    ]);
    expect((await audits('user.grant-coins')).filter((a) => a.targetId === b.id)).toEqual([
      expect.objectContaining({
        before: { coins: 0 },
        after: { coins: 120 },
        reason: 'Playback problem on 12 May',
        summary: `Gave 120 coins to ${b.email}`,
      }),
    ]);
  });

  it('gives nothing to the operator who asks: another operator grants them', async () => {
    for (const body of [
      { kind: 'coins', coins: 1_000_000 },
      { kind: 'membership', days: 365 },
    ])
      expect(
        await admin.post(`/api/admin/users/${who.adminId}/grants`, { requestId: randomUUID(), reason: 'Me', ...body }),
      ).toMatchObject({ code: 409, reason: 'not_allowed_now' });
    const own = (await admin.get<AdminUser>(`/api/admin/users/${who.adminId}`)).data;
    expect(own.ledger).toEqual([]);
    expect(own.membership.active).toBe(false);
  });

  it('gives membership days: locked episodes open', async () => {
    const b = await buyer();
    const granted = await admin.post<AdminUser>(`/api/admin/users/${b.id}/grants`, {
      requestId: randomUUID(),
      kind: 'membership',
      days: 3,
      reason: 'Influencer trial',
    });
    expect(granted.data.membership).toMatchObject({ active: true, planId: 'weekly', autoRenew: false });
    const endsAt = Date.parse(granted.data.membership.endsAt!);
    expect(endsAt - Date.now()).toBeGreaterThan(3 * 86400_000 - 60_000);
    const list = await b.api.get<EpisodeListItem[]>(`/api/video/episode?seriesId=${fx.series.ceo}`);
    expect(list.data.every((e) => e.unlocked)).toBe(true);
    // A second grant extends the period.
    const more = await admin.post<AdminUser>(`/api/admin/users/${b.id}/grants`, {
      requestId: randomUUID(),
      kind: 'membership',
      days: 2,
      planId: 'monthly',
      reason: 'Extended',
    });
    expect(Date.parse(more.data.membership.endsAt!) - endsAt).toBe(2 * 86400_000);
    expect(
      (
        await admin.post(`/api/admin/users/${b.id}/grants`, {
          requestId: randomUUID(),
          kind: 'membership',
          days: 2,
          planId: 'coins-300',
          reason: 'x',
        })
      ).fields,
    ).toMatchObject({ planId: expect.any(String) });
  });
});
