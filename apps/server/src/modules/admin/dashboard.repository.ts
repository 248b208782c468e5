import { sql, type Kysely } from 'kysely';
import type { AdminAttributionSource } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { SOURCE_SQL } from './orders.repository';

export interface DayRow {
  day: string;
  plays: number;
  new_visitors: number;
  new_accounts: number;
  paying_users: number;
  revenue: number;
  renewals: number;
  cancellations: number;
}

export interface DashboardTotalsRow {
  paying_users: number;
  paid_orders: number;
  new_memberships: number;
  failed_renewals: number;
  refunds: number;
  active_memberships: number;
  renewal_revenue: number;
}

/** The plans' main currency: the first plan on sale, else the first plan. */
export async function mainCurrency(db: Kysely<DB>): Promise<string | undefined> {
  const row = await db
    .selectFrom('plans')
    .select('currency')
    .orderBy('active', 'desc')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.currency;
}

/** Per day, totals and per attribution source of the whole UTC days from `from` to `to`, money in `currency`. */
export async function dashboardRows(db: Kysely<DB>, from: string, to: string, currency: string) {
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

  const { rows: totalsRows } = await sql<DashboardTotalsRow>`
    SELECT
      (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paid}) AS paying_users,
      (SELECT count(*) FROM orders o WHERE ${paid}) AS paid_orders,
      (SELECT count(*) FROM orders o JOIN plans p ON p.id = o.plan_id WHERE ${paid} AND p.kind = 'membership' AND o.purpose = 'purchase') AS new_memberships,
      (SELECT count(*) FROM orders o WHERE o.purpose = 'renewal' AND o.status = 'failed' AND o.updated_at >= ${start} AND o.updated_at < ${end}) AS failed_renewals,
      (SELECT COALESCE(sum(r.amount), 0) FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE r.status = 'succeeded' AND r.completed_at >= ${start} AND r.completed_at < ${end} AND o.currency = ${currency}) AS refunds,
      (SELECT count(*) FROM memberships m WHERE m.status = 'active' AND m.current_period_end > now()) AS active_memberships,
      (SELECT COALESCE(sum(o.amount), 0) FROM orders o WHERE ${paid} AND o.purpose = 'renewal') AS renewal_revenue`.execute(
    db,
  );

  const { rows: sourceRows } = await sql<{ source: AdminAttributionSource; conversions: number; revenue: number }>`
    SELECT ${SOURCE_SQL} AS source, count(*) AS conversions, sum(o.amount) AS revenue
    FROM orders o WHERE ${paid} AND o.purpose = 'purchase' GROUP BY 1`.execute(db);

  return { days, totals: totalsRows[0]!, sources: sourceRows };
}
