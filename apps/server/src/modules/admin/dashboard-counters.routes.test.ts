import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { backfill } from '../../db/migrations/0029-dashboard-counters';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caller, createCallers } from '../../../test/admin-fixture';

// The dashboard reads sign-ups and sales from counters kept by triggers (migration 0029). Here its
// answer is compared with a plain count of the rows, over days that include today, before and after
// the changes that move figures of days already ended: disabling, promoting, signing up a guest,
// refunds, orders moved to another account, a deleted account (with its refunded order), and
// concurrent sign-ups and payments.

let t: TestApp;
let admin: ReturnType<typeof caller>;
let db: Kysely<DB>;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number, hour = 12) => {
  const d = new Date(Date.now() - n * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/** The figures the counters serve, counted from the rows (the dashboard's former queries, plainly). */
async function plainCount(from: string, to: string) {
  const paidOn = sql`o.paid_at IS NOT NULL AND o.status IN ('paid', 'refunded') AND o.currency = 'USD'`;
  const inRange = sql`(o.paid_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date`;
  const viewer = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.role = 'viewer' AND u.disabled_at IS NULL)`;
  const { rows: days } = await sql<Record<string, string | number>>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day,
      (SELECT count(*) FROM users u WHERE (u.created_at AT TIME ZONE 'UTC')::date = d AND u.role = 'viewer' AND u.disabled_at IS NULL)
        + COALESCE((SELECT n FROM purged_guests WHERE day = d), 0) AS "newVisitors",
      (SELECT count(*) FROM users u WHERE (u.created_at AT TIME ZONE 'UTC')::date = d AND u.role = 'viewer' AND u.disabled_at IS NULL
        AND NOT u.is_guest) AS "newAccounts",
      (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paidOn} AND (o.paid_at AT TIME ZONE 'UTC')::date = d AND ${viewer}) AS "payingUsers",
      (SELECT COALESCE(sum(o.amount), 0) FROM orders o WHERE ${paidOn} AND (o.paid_at AT TIME ZONE 'UTC')::date = d) AS gross,
      (SELECT count(*) FROM orders o WHERE ${paidOn} AND (o.paid_at AT TIME ZONE 'UTC')::date = d AND o.purpose = 'renewal') AS renewals,
      (SELECT COALESCE(sum(r.amount), 0) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.status = 'succeeded'
        AND (r.completed_at AT TIME ZONE 'UTC')::date = d AND o.currency = 'USD') AS refunds
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') d`.execute(db);
  const { rows: totals } = await sql<Record<string, string>>`
    SELECT (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paidOn} AND ${inRange} AND ${viewer}) AS "payingUsers",
      (SELECT count(*) FROM orders o WHERE ${paidOn} AND ${inRange}) AS "paidOrders",
      (SELECT count(*) FROM orders o JOIN plans p ON p.id = o.plan_id WHERE ${paidOn} AND ${inRange} AND ${viewer}
        AND p.kind = 'membership' AND o.purpose = 'purchase') AS "newPaidMemberships",
      (SELECT count(*) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.status = 'succeeded' AND o.currency = 'USD'
        AND (r.completed_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date) AS "refundCount"`.execute(
    db,
  );
  const { rows: sources } = await sql<{ source: string; conversions: string; revenue: string }>`
    SELECT CASE WHEN attribution ->> 'fbclid' <> '' THEN 'fbclid' WHEN attribution ->> 'ttclid' <> '' THEN 'ttclid'
        WHEN attribution ->> 'refererToken' <> '' THEN 'referrer' WHEN attribution #>> '{lastTouch,fbclid}' <> '' THEN 'fbclid'
        ELSE 'organic' END AS source, count(*) AS conversions, sum(amount) AS revenue
    FROM orders o WHERE ${paidOn} AND ${inRange} AND o.purpose = 'purchase' GROUP BY 1`.execute(db);
  const num = (row: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'day' || k === 'source' ? v : Number(v)]));
  return { days: days.map(num), totals: num(totals[0]!), sources: sources.map(num) };
}

async function compare(from: string, to: string) {
  const shown = (await admin.get<AdminDashboard>(`/api/admin/dashboard?from=${from}&to=${to}`)).data;
  const plain = await plainCount(from, to);
  expect(
    shown.days.map((d) => ({
      day: d.day,
      newVisitors: d.newVisitors,
      newAccounts: d.newAccounts,
      payingUsers: d.payingUsers,
      gross: d.gross,
      renewals: d.renewals,
      refunds: d.refunds,
    })),
  ).toEqual(plain.days);
  expect(shown.totals).toMatchObject(plain.totals);
  expect(shown.totals.renewals).toBe(plain.days.reduce((n, d) => n + Number(d.renewals), 0));
  for (const s of plain.sources) expect(shown.sources.find((x) => x.source === s.source)).toEqual(s);
  expect(shown.sources.reduce((n, s) => n + s.conversions, 0)).toBe(
    plain.sources.reduce((n, s) => n + Number(s.conversions), 0),
  );
  return shown;
}

const user = async (created: Date, extra: { guest?: boolean; role?: 'admin'; disabled?: boolean } = {}) =>
  (
    await db
      .insertInto('users')
      .values({
        email: extra.guest ? null : `${randomUUID()}@episodic.test`,
        is_guest: extra.guest ?? false,
        role: extra.role ?? 'viewer',
        disabled_at: extra.disabled ? created : null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const order = (userId: string, planId: string, amount: number, paidAt: Date | null, extra: object = {}) => ({
  id: randomUUID(),
  user_id: userId,
  plan_id: planId,
  amount,
  currency: 'USD',
  status: paidAt ? ('paid' as const) : ('pending' as const),
  paid_at: paidAt,
  ...extra,
});

const periods = () => {
  const today = isoDay(new Date());
  return [
    [isoDay(daysAgo(6)), today],
    [isoDay(daysAgo(6)), isoDay(daysAgo(2))],
    [isoDay(daysAgo(3)), today],
  ] as const;
};

let ids: Record<string, string> = {};
let orderIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, (await createCallers(t)).admin);
  db = t.database.db;
  ids = {
    ann: await user(daysAgo(5, 1)),
    bob: await user(daysAgo(4, 23)),
    guest: await user(daysAgo(4), { guest: true }),
    guest2: await user(daysAgo(1), { guest: true }),
    operator: await user(daysAgo(5), { role: 'admin' }),
    disabled: await user(daysAgo(3), { disabled: true }),
    cid: await user(daysAgo(2)),
    dan: await user(daysAgo(0, 0)),
  };
  const orders = [
    order(ids.ann!, 'weekly', 999, daysAgo(5, 3), { attribution: JSON.stringify({ fbclid: 'fb1' }) }),
    order(ids.ann!, 'coins-300', 299, daysAgo(5, 4)),
    order(ids.ann!, 'coins-300', 299, daysAgo(1)),
    order(ids.bob!, 'coins-1000', 499, daysAgo(4), { status: 'refunded' }),
    order(ids.bob!, 'weekly', 999, daysAgo(0, 0), { purpose: 'renewal', renewal_for: daysAgo(0, 0) }),
    order(ids.operator!, 'weekly', 999, daysAgo(3), { attribution: JSON.stringify({ lastTouch: { fbclid: 'x' } }) }),
    order(ids.operator!, 'coins-300', 299, daysAgo(0, 0)),
    order(ids.disabled!, 'coins-300', 299, daysAgo(2), { attribution: JSON.stringify({ ttclid: 't' }) }),
    order(ids.cid!, 'coins-300', 500, daysAgo(2), { currency: 'EUR' }),
    order(ids.cid!, 'coins-300', 299, null),
    order(ids.guest!, 'coins-300', 299, daysAgo(4), { attribution: JSON.stringify({ refererToken: 'r' }) }),
  ];
  orderIds = orders.map((o) => o.id);
  await db.insertInto('orders').values(orders).execute();
  const refund = (orderId: string, amount: number, completed: Date | null, status: 'succeeded' | 'processing') => ({
    order_id: orderId,
    amount,
    status,
    reason: 'asked',
    completed_at: completed,
  });
  await db
    .insertInto('refunds')
    .values([
      refund(orderIds[3]!, 499, daysAgo(3), 'succeeded'),
      refund(orderIds[1]!, 100, daysAgo(1), 'succeeded'),
      refund(orderIds[1]!, 99, null, 'processing'),
      refund(orderIds[8]!, 500, daysAgo(1), 'succeeded'),
      refund(orderIds[6]!, 299, daysAgo(0, 0), 'succeeded'),
    ])
    .execute();
  // Dan's order, refunded, then gone with his account (below).
  const dans = order(ids.dan!, 'coins-300', 299, daysAgo(0, 0));
  await db.insertInto('orders').values(dans).execute();
  await db
    .insertInto('refunds')
    .values(refund(dans.id, 299, daysAgo(0, 0), 'succeeded'))
    .execute();
});
afterAll(() => t.close());

describe('dashboard counters', () => {
  it('show what a plain count of the rows shows, for periods ending today or earlier', async () => {
    for (const [from, to] of periods()) await compare(from, to);
    const week = await compare(...periods()[0]);
    // Operators' and disabled accounts' orders are money but not paying viewers.
    expect(week.totals.payingUsers).toBe(4);
    expect(week.totals.gross).toBe(999 + 299 + 299 + 499 + 999 + 999 + 299 + 299 + 299 + 299);
  });

  it('follow changes to days already ended: disabled, promoted, signed up, refunded, moved, deleted', async () => {
    await db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', ids.ann!).execute();
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', ids.cid!).execute();
    await db.updateTable('users').set({ disabled_at: null }).where('id', '=', ids.disabled!).execute();
    await db
      .updateTable('users')
      .set({ is_guest: false, email: `${randomUUID()}@episodic.test` })
      .where('id', '=', ids.guest!)
      .execute();
    await db.updateTable('users').set({ language: 'es' }).where('id', '=', ids.bob!).execute();
    await db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', orderIds[0]!).execute();
    await db
      .updateTable('refunds')
      .set({ status: 'succeeded', completed_at: daysAgo(0, 0) })
      .where('order_id', '=', orderIds[1]!)
      .where('status', '=', 'processing')
      .execute();
    await db
      .updateTable('refunds')
      .set({ completed_at: daysAgo(2) })
      .where('order_id', '=', orderIds[3]!)
      .execute();
    // A paid order failing after all, another paid now, one moved to the guest's account (a merge).
    await db.updateTable('orders').set({ status: 'failed' }).where('id', '=', orderIds[2]!).execute();
    await db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: daysAgo(0, 0) })
      .where('id', '=', orderIds[9]!)
      .execute();
    await db.updateTable('orders').set({ user_id: ids.guest2! }).where('user_id', '=', ids.bob!).execute();
    await db.deleteFrom('users').where('id', '=', ids.dan!).execute();
    for (const [from, to] of periods()) await compare(from, to);
  });

  it('stay exact under concurrent sign-ups and payments, and match a recount from the rows', async () => {
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, i) => user(daysAgo(i % 3), { guest: i % 2 === 0 })),
    );
    await Promise.all(
      created.flatMap((id, i) => [
        db
          .insertInto('orders')
          .values(order(id, 'coins-300', 299, daysAgo(i % 2)))
          .execute(),
        db
          .insertInto('orders')
          .values(order(ids.ann!, 'coins-300', 299, daysAgo(i % 4)))
          .execute(),
      ]),
    );
    for (const [from, to] of periods()) await compare(from, to);
    const before = (
      await admin.get<AdminDashboard>(`/api/admin/dashboard?from=${periods()[0][0]}&to=${periods()[0][1]}`)
    ).data;
    await sql`TRUNCATE arrival_days, order_days, payer_days, payer_last_days, refund_days`.execute(db);
    await backfill(db as unknown as Kysely<unknown>);
    const after = (
      await admin.get<AdminDashboard>(`/api/admin/dashboard?from=${periods()[0][0]}&to=${periods()[0][1]}`)
    ).data;
    expect(after).toEqual(before);
  });
});
