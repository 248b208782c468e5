import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@episodic/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers } from '../../../test/admin-fixture';
import { seedEpisode, seedSeries } from '../../../test/media-fixtures';

// A period in the past with every kind of money movement and every kind of account, each figure
// known in advance: what an accountant would check the dashboard against.

let t: TestApp;
let admin: ReturnType<typeof caller>;
let dashboard: AdminDashboard;

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const DAY_MS = 86_400_000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
  const who = await createCallers(t);
  admin = caller(t, who.admin);
  const db = t.database.db;
  const episode = await seedEpisode(db, await seedSeries(db), 1);

  const user = async (values: { created: Date; guest?: boolean; operator?: boolean; disabled?: boolean }) =>
    (
      await db
        .insertInto('users')
        .values({
          email: values.guest ? null : `${randomUUID()}@episodic.test`,
          is_guest: values.guest ?? false,
          role: values.operator ? 'admin' : 'viewer',
          disabled_at: values.disabled ? values.created : null,
          created_at: values.created,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  // Arrivals in the period: two accounts and a guest count; an operator and a disabled account do not.
  const ann = await user({ created: at('2026-03-01', 10) });
  const bob = await user({ created: at('2026-03-02') });
  const guest = await user({ created: at('2026-03-02'), guest: true });
  const operator = await user({ created: at('2026-03-01'), operator: true });
  const disabled = await user({ created: at('2026-03-03'), disabled: true });
  const cid = await user({ created: at('2026-02-01') });

  await db
    .insertInto('episode_plays')
    .values(
      [
        [ann, '2026-03-01'],
        [bob, '2026-03-02'],
        [operator, '2026-03-02'],
        [guest, '2026-03-03'],
        [disabled, '2026-03-03'],
        // A deleted account's play keeps counting.
        [`deleted:${randomUUID()}`, '2026-03-03'],
        [ann, '2026-03-04'],
      ].map(([viewer, day]) => ({ episode_id: episode, viewer: viewer!, day: day! })),
    )
    .execute();

  const order = (userId: string, planId: string, amount: number, paidAt: Date, extra: object = {}) => ({
    id: randomUUID(),
    user_id: userId,
    plan_id: planId,
    amount,
    currency: 'USD',
    status: 'paid' as const,
    paid_at: paidAt,
    ...extra,
  });
  const orders = [
    order(ann, 'weekly', 999, at('2026-03-01')),
    order(bob, 'coins-300', 499, at('2026-03-02'), { status: 'refunded' }),
    // Paid before the period, partly refunded in it.
    order(cid, 'coins-300', 299, at('2026-02-20'), { status: 'refunded' }),
    // An operator's own purchase is money all the same.
    order(operator, 'coins-300', 299, at('2026-03-02')),
    // Paid in the period, refunded after it.
    order(bob, 'coins-1000', 499, at('2026-03-03', 23), { status: 'refunded' }),
    // Another currency, and an unpaid order.
    order(ann, 'coins-300', 500, at('2026-03-01'), { currency: 'EUR' }),
    order(ann, 'coins-300', 299, at('2026-03-01'), { status: 'pending', paid_at: null }),
    // Ann's renewal this week: her membership now is paid for.
    order(ann, 'weekly', 999, fromNow(-2), { purpose: 'renewal', renewal_for: fromNow(-2) }),
  ];
  await db.insertInto('orders').values(orders).execute();
  const refund = (orderId: string, amount: number, completed: Date | null, status = 'succeeded' as const) => ({
    order_id: orderId,
    amount,
    status,
    reason: 'asked',
    completed_at: completed,
  });
  await db
    .insertInto('refunds')
    .values([
      refund(orders[1]!.id, 499, at('2026-03-03', 9)),
      refund(orders[2]!.id, 150, at('2026-03-02', 0)),
      refund(orders[3]!.id, 299, null, 'failed' as 'succeeded'),
      refund(orders[4]!.id, 499, at('2026-03-10')),
    ])
    .execute();

  const membership = (userId: string, end: Date, extra: object = {}) => ({
    user_id: userId,
    plan_id: 'weekly',
    status: 'active' as const,
    current_period_start: fromNow(-2),
    current_period_end: end,
    renewal_price: 999,
    renewal_currency: 'USD',
    renewal_days: 7,
    ...extra,
  });
  await db
    .insertInto('memberships')
    .values([
      membership(ann, fromNow(5)),
      // Granted time only (her paid order is long past).
      membership(cid, fromNow(10)),
      membership(operator, fromNow(10)),
      membership(disabled, fromNow(10), { cancelled_at: at('2026-03-02') }),
      membership(bob, fromNow(-20), { status: 'lapsed', cancelled_at: at('2026-03-02') }),
    ])
    .execute();
  const grant = (userId: string, created: Date) => ({
    id: randomUUID(),
    user_id: userId,
    kind: 'membership' as const,
    days: 30,
    plan_id: 'weekly',
    reason: 'support',
    created_at: created,
  });
  await db
    .insertInto('grants')
    .values([grant(cid, at('2026-03-02')), grant(operator, at('2026-03-02')), grant(cid, at('2026-04-02'))])
    .execute();

  dashboard = (await admin.get<AdminDashboard>('/api/admin/dashboard?from=2026-03-01&to=2026-03-03')).data;
});
afterAll(() => t.close());

describe('dashboard figures', () => {
  it('gross: orders paid in the period, in the main currency, refunded since or not', () => {
    expect(dashboard.currency).toBe('USD');
    expect(dashboard.totals.gross).toBe(999 + 499 + 299 + 499);
    expect(dashboard.totals.paidOrders).toBe(4);
    expect(dashboard.days.map((d) => d.gross)).toEqual([999, 499 + 299, 499]);
  });

  it('refunds: those made in the period, by the day the money went back', () => {
    expect(dashboard.totals.refunds).toBe(499 + 150);
    expect(dashboard.totals.refundCount).toBe(2);
    expect(dashboard.days.map((d) => d.refunds)).toEqual([0, 150, 499]);
  });

  it('net: gross minus refunds, per day and in total', () => {
    expect(dashboard.totals.net).toBe(2296 - 649);
    expect(dashboard.days.map((d) => d.net)).toEqual([999, 648, 0]);
    expect(dashboard.days.reduce((sum, d) => sum + d.net, 0)).toBe(dashboard.totals.net);
  });

  it('tells paid memberships from granted ones', () => {
    expect(dashboard.totals).toMatchObject({
      newPaidMemberships: 1,
      newGrantedMemberships: 1,
      activePaidMemberships: 1,
      activeGrantedMemberships: 1,
    });
  });

  it('does not count operators and disabled accounts as viewers', () => {
    expect(dashboard.totals).toMatchObject({ newVisitors: 3, newAccounts: 2, plays: 4, payingUsers: 2 });
    expect(dashboard.days.map((d) => [d.newVisitors, d.newAccounts, d.plays])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [0, 0, 2],
    ]);
    expect(dashboard.totals.cancellations).toBe(1);
  });

  it('refuses a range that is backwards, too long or not a date, naming the field', async () => {
    expect(await admin.get('/api/admin/dashboard?from=2026-03-03&to=2026-03-01')).toMatchObject({
      code: 422,
      fields: { to: 'The end date is before the start date.' },
    });
    expect(await admin.get('/api/admin/dashboard?from=2024-01-01&to=2026-03-01')).toMatchObject({
      code: 422,
      fields: { from: 'Choose at most 366 days.' },
    });
    for (const bad of ['2026-02-30', 'yesterday', ''])
      expect(await admin.get(`/api/admin/dashboard?from=${bad}&to=2026-03-01`)).toMatchObject({
        code: 422,
        fields: { from: 'Enter a date that exists, as YYYY-MM-DD.' },
      });
  });
});
