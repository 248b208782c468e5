import { sql } from 'kysely';
import type { AdminAttributionSource, AdminDashboard } from '@episodic/contract';
import type { AdminDeps } from './admin-deps';
import { FieldCheck } from './input-rules';
import { SOURCE_SQL } from './orders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const SOURCES: AdminAttributionSource[] = ['fbclid', 'ttclid', 'referrer', 'organic'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface DayRow {
  day: string;
  plays: number;
  new_visitors: number;
  new_accounts: number;
  paying_users: number;
  revenue: number;
  renewals: number;
  cancellations: number;
}

/**
 * The business at a glance for a period of whole days (UTC): plays, sign-ups, sales, memberships
 * and which campaigns converted. Money is counted in the plans' main currency.
 */
export function createDashboardService(deps: AdminDeps) {
  const { db } = deps;

  function period(from: string | undefined, to: string | undefined): { from: string; to: string } {
    const end = to ?? isoDay(new Date());
    const start = from ?? isoDay(new Date(Date.parse(`${end}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
    const check = new FieldCheck();
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
    if (!(days >= 1)) check.add('to', 'date_range_invalid', 'The end date is before the start date.');
    else if (days > MAX_DAYS) check.add('from', 'date_range_invalid', `Choose at most ${MAX_DAYS} days.`);
    check.check();
    return { from: start, to: end };
  }

  async function dashboard(query: { from?: string; to?: string }): Promise<AdminDashboard> {
    const { from, to } = period(query.from, query.to);
    const currencyRow = await db.selectFrom('plans').select('currency').orderBy('active', 'desc').orderBy('position').limit(1).executeTakeFirst();
    const currency = currencyRow?.currency ?? 'USD';
    // Half-open UTC range [from, to + 1 day).
    const start = sql`${from}::date::timestamp AT TIME ZONE 'UTC'`;
    const end = sql`(${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
    const dayOf = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE 'UTC')::date`;
    const paid = sql`o.paid_at >= ${start} AND o.paid_at < ${end} AND o.status IN ('paid', 'refunded') AND o.currency = ${currency}`;

    const { rows: days } = await sql<DayRow>`
      WITH days AS (SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date AS day),
      plays AS (SELECT day, count(*) AS n FROM episode_plays WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY day),
      visitors AS (SELECT day, sum(n) AS n, sum(accounts) AS accounts FROM (
          SELECT ${dayOf('u.created_at')} AS day, count(*) AS n, count(*) FILTER (WHERE NOT u.is_guest) AS accounts
          FROM users u WHERE u.created_at >= ${start} AND u.created_at < ${end} GROUP BY 1
          -- Guests purged since (unused, see account-retention.ts) still arrived that day.
          UNION ALL SELECT day, n, 0 FROM purged_guests WHERE day BETWEEN ${from}::date AND ${to}::date
        ) arrivals GROUP BY day),
      sales AS (SELECT ${dayOf('o.paid_at')} AS day, count(DISTINCT o.user_id) AS payers, sum(o.amount) AS revenue,
          count(*) FILTER (WHERE o.purpose = 'renewal') AS renewals
        FROM orders o WHERE ${paid} GROUP BY 1),
      cancels AS (SELECT ${dayOf('m.cancelled_at')} AS day, count(*) AS n FROM memberships m
        WHERE m.cancelled_at >= ${start} AND m.cancelled_at < ${end} GROUP BY 1)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(p.n, 0) AS plays, COALESCE(v.n, 0) AS new_visitors, COALESCE(v.accounts, 0) AS new_accounts,
        COALESCE(s.payers, 0) AS paying_users, COALESCE(s.revenue, 0) AS revenue, COALESCE(s.renewals, 0) AS renewals, COALESCE(c.n, 0) AS cancellations
      FROM days d
      LEFT JOIN plays p ON p.day = d.day LEFT JOIN visitors v ON v.day = d.day LEFT JOIN sales s ON s.day = d.day LEFT JOIN cancels c ON c.day = d.day
      ORDER BY d.day`.execute(db);

    const { rows: totalsRows } = await sql<{
      paying_users: number;
      paid_orders: number;
      new_memberships: number;
      failed_renewals: number;
      refunds: number;
      active_memberships: number;
      renewal_revenue: number;
    }>`
      SELECT
        (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paid}) AS paying_users,
        (SELECT count(*) FROM orders o WHERE ${paid}) AS paid_orders,
        (SELECT count(*) FROM orders o JOIN plans p ON p.id = o.plan_id WHERE ${paid} AND p.kind = 'membership' AND o.purpose = 'purchase') AS new_memberships,
        (SELECT count(*) FROM orders o WHERE o.purpose = 'renewal' AND o.status = 'failed' AND o.updated_at >= ${start} AND o.updated_at < ${end}) AS failed_renewals,
        (SELECT COALESCE(sum(r.amount), 0) FROM refunds r JOIN orders o ON o.id = r.order_id
          WHERE r.status = 'succeeded' AND r.completed_at >= ${start} AND r.completed_at < ${end} AND o.currency = ${currency}) AS refunds,
        (SELECT count(*) FROM memberships m WHERE m.status = 'active' AND m.current_period_end > now()) AS active_memberships,
        (SELECT COALESCE(sum(o.amount), 0) FROM orders o WHERE ${paid} AND o.purpose = 'renewal') AS renewal_revenue`.execute(db);

    const { rows: sourceRows } = await sql<{ source: AdminAttributionSource; conversions: number; revenue: number }>`
      SELECT ${SOURCE_SQL} AS source, count(*) AS conversions, sum(o.amount) AS revenue
      FROM orders o WHERE ${paid} AND o.purpose = 'purchase' GROUP BY 1`.execute(db);

    const t = totalsRows[0]!;
    const daily = days.map((d) => ({
      day: d.day,
      plays: Number(d.plays),
      newVisitors: Number(d.new_visitors),
      newAccounts: Number(d.new_accounts),
      payingUsers: Number(d.paying_users),
      revenue: Number(d.revenue),
      renewals: Number(d.renewals),
      cancellations: Number(d.cancellations),
    }));
    const sum = (key: keyof (typeof daily)[number]) => daily.reduce((acc, d) => acc + Number(d[key]), 0);
    return {
      from,
      to,
      currency,
      totals: {
        plays: sum('plays'),
        newVisitors: sum('newVisitors'),
        newAccounts: sum('newAccounts'),
        payingUsers: Number(t.paying_users),
        revenue: sum('revenue'),
        refunds: Number(t.refunds),
        paidOrders: Number(t.paid_orders),
        newMemberships: Number(t.new_memberships),
        renewals: sum('renewals'),
        failedRenewals: Number(t.failed_renewals),
        cancellations: sum('cancellations'),
        activeMemberships: Number(t.active_memberships),
      },
      days: daily,
      sources: SOURCES.map((source) => {
        const row = sourceRows.find((r) => r.source === source);
        return { source, conversions: Number(row?.conversions ?? 0), revenue: Number(row?.revenue ?? 0) };
      }),
      renewalRevenue: Number(t.renewal_revenue),
    };
  }

  return { dashboard };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
