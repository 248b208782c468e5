import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEntry,
  AdminOrder,
  AdminPage,
  AdminRefundPreview,
  AdminUser,
  EpisodeListItem,
  User,
} from '@episodic/contract';
import { createTestApp, envelope, testDbKind, type TestApp } from '../../../test/test-app';
import { caller, createCallers, type Callers } from '../../../test/admin-fixture';
import { seedCatalogFixture, type CatalogFixture } from '../../../test/catalog-fixture';

// Partial refunds, the refund preview, and taking unlocks and renewals away: the rules attacked.

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

async function buyer() {
  const email = `refund-${randomUUID().slice(0, 8)}@episodic.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: 'buyer password 1', confirmPassword: 'buyer password 1', agree: true },
  });
  const token = String(res.headers['x-user-token']);
  return { token, id: envelope<User>(res).data.id, email, api: caller(t, token) };
}

async function buy(token: string, planId: string): Promise<string> {
  const api = caller(t, token);
  const orderId = (await api.post<{ id: string }>('/api/payment/order', { planId })).data.id;
  const paid = await api.post<{ status: string }>('/api/payment/pay', { orderId, method: 'card', card, agree: true });
  expect(paid.data.status).toBe('paid');
  return orderId;
}

const coins = async (token: string) => (await caller(t, token).get<User>('/api/user')).data.coins;
const unlockedIn = async (token: string, seriesId: number) =>
  (await caller(t, token).get<EpisodeListItem[]>(`/api/video/episode?seriesId=${seriesId}`)).data
    .filter((e) => e.unlocked && !e.free)
    .map((e) => e.id);
const audits = async (action: string, targetId: string) =>
  (await admin.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?action=${action}&pageSize=100`)).data.items.filter(
    (a) => a.targetId === targetId,
  );
const preview = (orderId: string, amount?: number) =>
  admin.get<AdminRefundPreview>(
    `/api/admin/orders/${orderId}/refund-preview${amount === undefined ? '' : `?amount=${amount}`}`,
  );
const refund = (orderId: string, body: Record<string, unknown>) =>
  admin.post<AdminOrder>(`/api/admin/orders/${orderId}/refund`, { reason: 'Customer asked', ...body });
const charge = (ref: string) =>
  t.database.db
    .selectFrom('sandbox_charges')
    .select(['status', 'refunded_amount'])
    .where('id', '=', ref)
    .executeTakeFirstOrThrow();

describe(`refund preview and partial refunds (${testDbKind})`, () => {
  it('shows coins left and spent and on what, refunds in part with the unlocks, and never more than was paid', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-1000'); // 899, 1000 coins + 100 bonus
    const [e3, e4] = [fx.episodes.ceo[2]!, fx.episodes.ceo[3]!];
    for (const episodeId of [e3, e4]) expect((await b.api.post('/api/video/unlock', { episodeId })).code).toBe(200);
    const start = await coins(b.token);

    const seen = await preview(orderId);
    expect(seen.data).toMatchObject({ paid: 899, refunded: 0, refundable: 899, amount: 899, kind: 'coins' });
    expect(seen.data.coins).toMatchObject({ granted: 1100, spent: 100, left: 1000, takenBack: 0 });
    expect(seen.data.coins!.spentOn).toEqual([
      expect.objectContaining({
        episodeId: e3,
        episodeNumber: 3,
        seriesTitle: 'The Billionaire’s Secret Bride',
        coins: 50,
        held: true,
      }),
      expect.objectContaining({ episodeId: e4, episodeNumber: 4, coins: 50, held: true }),
    ]);
    // The amount shapes what is taken back: in proportion, as far as the balance allows.
    expect((await preview(orderId, 300)).data.coins).toMatchObject({ toTakeBack: 333, toTakeBackShort: 33 });
    expect(await preview(orderId, 900)).toMatchObject({
      code: 422,
      fields: { amount: expect.stringMatching(/8\.99/) },
    });

    // More than paid, nothing, or a fraction: refused on the field, nothing happens.
    expect(await refund(orderId, { amount: 900 })).toMatchObject({ code: 422, fields: { amount: expect.any(String) } });
    expect(await refund(orderId, { amount: 0 })).toMatchObject({ code: 422, fields: { amount: expect.any(String) } });
    expect((await refund(orderId, { amount: 1.5 })).code).toBe(422);
    expect(await coins(b.token)).toBe(start);

    const part = await refund(orderId, { amount: 300, revokeUnlocks: true, requestId: randomUUID() });
    expect(part.data).toMatchObject({
      status: 'paid',
      refundedAmount: 300,
      refund: { status: 'succeeded', amount: 300, coinsReversed: 333, coinsShort: 33, unlocksRevoked: 2 },
    });
    expect(await coins(b.token)).toBe(start - 333);
    expect(await unlockedIn(b.token, fx.series.ceo)).toEqual([]);
    expect((await charge(part.data.providerRef!)).refunded_amount).toBe(300);
    const [audit] = await audits('order.refund', orderId);
    expect(audit).toMatchObject({ reason: 'Customer asked' });
    expect(audit!.summary).toMatch(/Partly refunded 3\.00 USD .* took away 2 unlocks/);
    expect(audit!.after).toMatchObject({
      unlocksRevoked: { userId: b.id, episodeIds: expect.arrayContaining([e3, e4]) },
    });

    // An episode taken away and bought again is charged again.
    const before = await coins(b.token);
    expect((await b.api.post<{ spent: number }>('/api/video/unlock', { episodeId: e3 })).data.spent).toBe(50);
    expect(await coins(b.token)).toBe(before - 50);

    const after = await preview(orderId);
    expect(after.data).toMatchObject({ refunded: 300, refundable: 599 });
    expect(await refund(orderId, { amount: 600 })).toMatchObject({
      code: 422,
      fields: { amount: expect.stringMatching(/5\.99/) },
    });
    const rest = await refund(orderId, {});
    expect(rest.data).toMatchObject({ status: 'refunded', refundedAmount: 899 });
    expect(rest.data.refunds.map((r) => r.amount)).toEqual([300, 599]);
    expect(await charge(rest.data.providerRef!)).toEqual({ status: 'refunded', refunded_amount: 899 });
    expect(await refund(orderId, { amount: 1 })).toMatchObject({ code: 422, fields: { amount: /Nothing is left/ } });
  });

  it('gives back at most what was paid when partial refunds are asked at the same time', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-1000');
    const answers = await Promise.all([300, 300, 300, 500].map((amount) => refund(orderId, { amount })));
    for (const a of answers) expect([200, 409, 422]).toContain(a.code);
    const order = (await admin.get<AdminOrder>(`/api/admin/orders/${orderId}`)).data;
    const made = answers.filter((a) => a.code === 200).length;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(order.refundedAmount).toBeLessThanOrEqual(899);
    expect(order.refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amount, 0)).toBe(
      order.refundedAmount,
    );
    expect((await charge(order.providerRef!)).refunded_amount).toBe(order.refundedAmount);
    // The whole balance is never taken back twice: 1100 coins at most.
    const taken = await t.database.db
      .selectFrom('coin_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('sum'))
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(-Number(taken.sum)).toBeLessThanOrEqual(1100);
  });

  it('makes one refund of one request, also sent twice at once', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-1000');
    const requestId = randomUUID();
    const answers = await Promise.all([1, 2].map(() => refund(orderId, { amount: 200, requestId })));
    for (const a of answers) expect(a.code === 200 || (a.code === 409 && /under way/.test(a.message))).toBe(true);
    expect((await refund(orderId, { amount: 200, requestId })).code).toBe(200);
    // The same id with another amount (a form edited after sending) is refused, not answered as done.
    expect(await refund(orderId, { amount: 150, requestId })).toMatchObject({ code: 409, reason: 'already_used' });
    const order = (await admin.get<AdminOrder>(`/api/admin/orders/${orderId}`)).data;
    expect(order.refundedAmount).toBe(200);
    expect(order.refunds).toHaveLength(1);
  });

  it('leaves a membership as it is on a partial refund, and says when it ends after the rest', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'weekly');
    const endsAt = (await caller(t, b.token).get<User>('/api/user')).data.membership.endsAt;
    const all = await preview(orderId);
    expect(all.data.membership).toMatchObject({ active: true, endsAfterRefund: expect.any(String) });
    expect((await preview(orderId, 100)).data.membership).toMatchObject({ active: true, endsAfterRefund: null });
    expect((await refund(orderId, { amount: 100 })).data).toMatchObject({ status: 'paid', refundedAmount: 100 });
    expect((await caller(t, b.token).get<User>('/api/user')).data.membership).toMatchObject({
      active: true,
      endsAt,
    });
    expect((await refund(orderId, {})).data).toMatchObject({ status: 'refunded', refundedAmount: 499 });
    expect((await caller(t, b.token).get<User>('/api/user')).data.membership.active).toBe(false);
  });

  it('is refused to viewers and guests, and for orders that were not paid', async () => {
    const b = await buyer();
    const orderId = await buy(b.token, 'coins-300');
    for (const token of [who.viewer, who.guest, who.adminViewer, b.token]) {
      const api = caller(t, token);
      expect((await api.get(`/api/admin/orders/${orderId}/refund-preview`)).code).toBeGreaterThanOrEqual(401);
      expect(
        (await api.post(`/api/admin/orders/${orderId}/refund`, { reason: 'x', amount: 1 })).code,
      ).toBeGreaterThanOrEqual(401);
    }
    expect((await admin.get<AdminOrder>(`/api/admin/orders/${orderId}`)).data.refundedAmount).toBe(0);
    const open = (await b.api.post<{ id: string }>('/api/payment/order', { planId: 'coins-300' })).data.id;
    expect((await refund(open, { amount: 1 })).code).toBe(409);
    expect((await preview(randomUUID())).code).toBe(404);
  });
});

describe(`taking access away on the user page (${testDbKind})`, () => {
  it('takes one unlock away once, audited, and never someone else’s', async () => {
    const a = await buyer();
    const other = await buyer();
    await buy(a.token, 'coins-300');
    await buy(other.token, 'coins-300');
    const episodeId = fx.episodes.wolf[2]!;
    for (const u of [a, other]) expect((await u.api.post('/api/video/unlock', { episodeId })).code).toBe(200);
    const url = `/api/admin/users/${a.id}/unlocks/${episodeId}/revoke`;
    expect(await admin.post(url, { reason: ' ' })).toMatchObject({ code: 422, fields: { reason: expect.any(String) } });
    const answers = await Promise.all([1, 2].map(() => admin.post<AdminUser>(url, { reason: 'Chargeback' })));
    for (const r of answers) expect(r.code).toBe(200);
    expect(answers[0]!.data.unlocks.some((u) => u.episodeId === episodeId)).toBe(false);
    expect(await unlockedIn(a.token, fx.series.wolf)).toEqual([]);
    expect(await unlockedIn(other.token, fx.series.wolf)).toEqual([episodeId]);
    const logged = await audits('user.revoke-unlock', a.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toMatch(/episode 3/);
    // Viewers cannot call it, on themselves or anyone.
    for (const token of [other.token, who.guest])
      expect(
        (await caller(t, token).post(`/api/admin/users/${other.id}/unlocks/${episodeId}/revoke`, { reason: 'x' })).code,
      ).toBeGreaterThanOrEqual(401);
    expect(await unlockedIn(other.token, fx.series.wolf)).toEqual([episodeId]);
    // An episode id past what its column holds is refused as input: a 422, never a 500.
    for (const huge of ['2147483648', '1e30'])
      expect(await admin.post(`/api/admin/users/${a.id}/unlocks/${huge}/revoke`, { reason: 'x' }), huge).toMatchObject({
        code: 422,
        reason: 'invalid_input',
      });
  });

  it('stops auto-renewal once; the paid period stays', async () => {
    const b = await buyer();
    await buy(b.token, 'weekly');
    const before = (await caller(t, b.token).get<User>('/api/user')).data.membership;
    expect(before.autoRenew).toBe(true);
    const url = `/api/admin/users/${b.id}/membership/stop-renewal`;
    const answers = await Promise.all([1, 2].map(() => admin.post<AdminUser>(url, { reason: 'Asked by email' })));
    for (const r of answers) expect(r.data.membership).toMatchObject({ active: true, autoRenew: false });
    expect((await caller(t, b.token).get<User>('/api/user')).data.membership).toMatchObject({
      active: true,
      autoRenew: false,
      endsAt: before.endsAt,
    });
    expect(await audits('user.stop-renewal', b.id)).toHaveLength(1);
    expect((await caller(t, b.token).post(url, { reason: 'x' })).code).toBeGreaterThanOrEqual(401);
  });
});
