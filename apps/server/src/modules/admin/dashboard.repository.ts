import { sql, type Kysely } from 'kysely';
import type { AdminAttributionSource } from '@episodic/contract';
import type { DB } from '../../db/schema';

export interface DayRow {
  day: string;
  plays: number;
  new_visitors: number;
  new_accounts: number;
  paying_users: number;
  gross: number;
  refunds: number;
  renewals: number;
  cancellations: number;
}

export interface DashboardTotalsRow {
  paying_users: number;
  paid_orders: number;
  refund_count: number;
  new_paid_memberships: number;
  new_granted_memberships: number;
  failed_renewals: number;
  active_paid: number;
  active_granted: number;
  renewal_revenue: number;
}

// Operators and disabled accounts: their plays, sign-ups and memberships are not the audience's.
// The partial index users_not_viewers_idx holds exactly these rows (a handful).
const NOT_VIEWERS = sql`not_viewers AS MATERIALIZED (
  SELECT id, id::text AS viewer FROM users WHERE role <> 'viewer' OR disabled_at IS NOT NULL)`;

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
  // Refunds by the day the money went back, whenever their order was paid (counters, 0029).
  const refundDays = sql`refund_days WHERE day BETWEEN ${from}::date AND ${to}::date AND currency = ${currency}`;
  const viewer = (column: string) => sql`NOT EXISTS (SELECT 1 FROM not_viewers nv WHERE nv.id = ${sql.ref(column)})`;

  const { rows: days } = await sql<DayRow>`
    WITH ${NOT_VIEWERS},
    days AS (SELECT generate_series(${from}::date, ${to}::date, interval '1 day')::date AS day),
    -- Every play of the day (counters kept by triggers, migration 0028) less the few of operators
    -- and disabled accounts (episode_plays_viewer_idx).
    plays AS (SELECT day, sum(n)::bigint AS n FROM (
        SELECT day, plays AS n FROM play_days WHERE day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT p.day, -count(*) FROM not_viewers nv JOIN episode_plays p ON p.viewer = nv.viewer
        WHERE p.day BETWEEN ${from}::date AND ${to}::date GROUP BY p.day
      ) counted GROUP BY day),
    -- Arrivals kept per day by triggers (migration 0029), plus guests purged since (unused, see
    -- account-retention.ts), who still arrived that day.
    visitors AS (SELECT day, sum(n) AS n, sum(accounts) AS accounts FROM (
        SELECT day, visitors AS n, accounts FROM arrival_days WHERE day BETWEEN ${from}::date AND ${to}::date
        UNION ALL SELECT day, n, 0 FROM purged_guests WHERE day BETWEEN ${from}::date AND ${to}::date
      ) arrivals GROUP BY day),
    -- Sales kept per day (0029); operators and disabled accounts pay like anyone but are not paying
    -- viewers: their few orders (orders_user_idx) are taken off the payers.
    sales AS (SELECT day, sum(payers) AS payers, sum(gross) AS gross, sum(renewals) AS renewals FROM (
        SELECT day, payers, gross, renewals FROM order_days WHERE day BETWEEN ${from}::date AND ${to}::date AND currency = ${currency}
        UNION ALL
        SELECT ${dayOf('o.paid_at')}, -count(DISTINCT o.user_id), 0, 0 FROM not_viewers nv JOIN orders o ON o.user_id = nv.id
        WHERE ${paid} GROUP BY 1
      ) counted GROUP BY day),
    refunds AS (SELECT day, sum(amount) AS amount FROM ${refundDays} GROUP BY day),
    cancels AS (SELECT ${dayOf('m.cancelled_at')} AS day, count(*) AS n FROM memberships m
      WHERE m.cancelled_at >= ${start} AND m.cancelled_at < ${end} AND ${viewer('m.user_id')} GROUP BY 1)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(p.n, 0) AS plays, COALESCE(v.n, 0) AS new_visitors,
      COALESCE(v.accounts, 0) AS new_accounts, COALESCE(s.payers, 0) AS paying_users, COALESCE(s.gross, 0) AS gross,
      COALESCE(r.amount, 0) AS refunds, COALESCE(s.renewals, 0) AS renewals, COALESCE(c.n, 0) AS cancellations
    FROM days d
    LEFT JOIN plays p ON p.day = d.day LEFT JOIN visitors v ON v.day = d.day LEFT JOIN sales s ON s.day = d.day
    LEFT JOIN refunds r ON r.day = d.day LEFT JOIN cancels c ON c.day = d.day
    ORDER BY d.day`.execute(db);

  const { rows: totalsRows } = await sql<DashboardTotalsRow>`
    WITH ${NOT_VIEWERS},
    -- Paid: the member's last paid membership order falls within their renewal period. Asked per
    -- active member through orders_user_idx, not over every membership order of the year.
    active AS (SELECT (SELECT max(o.paid_at) FROM orders o JOIN plans p ON p.id = o.plan_id
          WHERE o.user_id = m.user_id AND o.status = 'paid' AND p.kind = 'membership' AND o.paid_at IS NOT NULL)
        > now() - make_interval(days => m.renewal_days) AS paid
      FROM memberships m
      WHERE m.status = 'active' AND m.current_period_end > now() AND ${viewer('m.user_id')}),
    counted AS (SELECT COALESCE(sum(orders), 0) AS orders, COALESCE(sum(membership_purchases), 0) AS membership_purchases,
        COALESCE(sum(renewal_gross), 0) AS renewal_gross
      FROM order_days WHERE day BETWEEN ${from}::date AND ${to}::date AND currency = ${currency}),
    not_viewer_orders AS (SELECT o.user_id, o.purpose, p.kind FROM not_viewers nv JOIN orders o ON o.user_id = nv.id
      JOIN plans p ON p.id = o.plan_id WHERE ${paid}),
    -- Payers by the day of their last payment: when nobody paid after the period (it ends today), the
    -- period's distinct payers are those whose last payment is in it, a sum of a few counters.
    last_paid AS (SELECT COALESCE(sum(payers) FILTER (WHERE day <= ${to}::date), 0) AS within,
        COALESCE(sum(payers) FILTER (WHERE day > ${to}::date), 0) AS later
      FROM payer_last_days WHERE currency = ${currency} AND day >= ${from}::date)
    SELECT
      CASE WHEN (SELECT later FROM last_paid) = 0
        THEN (SELECT within FROM last_paid) - (SELECT count(DISTINCT user_id) FROM not_viewer_orders)
        -- A period in the past: counted from its orders.
        ELSE (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paid} AND ${viewer('o.user_id')}) END AS paying_users,
      (SELECT orders FROM counted) AS paid_orders,
      (SELECT COALESCE(sum(refunds), 0) FROM ${refundDays}) AS refund_count,
      (SELECT membership_purchases FROM counted)
        - (SELECT count(*) FROM not_viewer_orders WHERE kind = 'membership' AND purpose = 'purchase') AS new_paid_memberships,
      (SELECT count(*) FROM grants g WHERE g.kind = 'membership' AND g.created_at >= ${start} AND g.created_at < ${end}
        AND ${viewer('g.user_id')}) AS new_granted_memberships,
      (SELECT count(*) FROM orders o WHERE o.purpose = 'renewal' AND o.status = 'failed' AND o.updated_at >= ${start} AND o.updated_at < ${end}) AS failed_renewals,
      (SELECT count(*) FILTER (WHERE paid) FROM active) AS active_paid,
      (SELECT count(*) FILTER (WHERE paid IS NOT TRUE) FROM active) AS active_granted,
      (SELECT renewal_gross FROM counted) AS renewal_revenue`.execute(db);

  const { rows: sourceRows } = await sql<{ source: AdminAttributionSource; conversions: number; revenue: number }>`
    SELECT source, sum(purchases) AS conversions, sum(purchase_gross) AS revenue
    FROM order_days WHERE day BETWEEN ${from}::date AND ${to}::date AND currency = ${currency} GROUP BY 1`.execute(db);

  return { days, totals: totalsRows[0]!, sources: sourceRows };
}
