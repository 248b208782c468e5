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
  // By the day the money went back, whenever its order was paid.
  const refunded = sql`r.status = 'succeeded' AND r.completed_at >= ${start} AND r.completed_at < ${end} AND o.currency = ${currency}`;
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
    visitors AS (SELECT day, sum(n) AS n, sum(accounts) AS accounts FROM (
        SELECT ${dayOf('u.created_at')} AS day, count(*) AS n, count(*) FILTER (WHERE NOT u.is_guest) AS accounts
        FROM users u WHERE u.created_at >= ${start} AND u.created_at < ${end} AND u.role = 'viewer' AND u.disabled_at IS NULL
        GROUP BY 1
        -- Guests purged since (unused, see account-retention.ts) still arrived that day.
        UNION ALL SELECT day, n, 0 FROM purged_guests WHERE day BETWEEN ${from}::date AND ${to}::date
      ) arrivals GROUP BY day),
    sales AS (SELECT ${dayOf('o.paid_at')} AS day, count(DISTINCT o.user_id) FILTER (WHERE nv.id IS NULL) AS payers,
        sum(o.amount) AS gross, count(*) FILTER (WHERE o.purpose = 'renewal') AS renewals
      FROM orders o LEFT JOIN not_viewers nv ON nv.id = o.user_id WHERE ${paid} GROUP BY 1),
    refunds AS (SELECT ${dayOf('r.completed_at')} AS day, sum(r.amount) AS amount
      FROM refunds r JOIN orders o ON o.id = r.order_id WHERE ${refunded} GROUP BY 1),
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
      WHERE m.status = 'active' AND m.current_period_end > now() AND ${viewer('m.user_id')})
    SELECT
      (SELECT count(DISTINCT o.user_id) FROM orders o WHERE ${paid} AND ${viewer('o.user_id')}) AS paying_users,
      (SELECT count(*) FROM orders o WHERE ${paid}) AS paid_orders,
      (SELECT count(*) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE ${refunded}) AS refund_count,
      (SELECT count(*) FROM orders o JOIN plans p ON p.id = o.plan_id
        WHERE ${paid} AND p.kind = 'membership' AND o.purpose = 'purchase' AND ${viewer('o.user_id')}) AS new_paid_memberships,
      (SELECT count(*) FROM grants g WHERE g.kind = 'membership' AND g.created_at >= ${start} AND g.created_at < ${end}
        AND ${viewer('g.user_id')}) AS new_granted_memberships,
      (SELECT count(*) FROM orders o WHERE o.purpose = 'renewal' AND o.status = 'failed' AND o.updated_at >= ${start} AND o.updated_at < ${end}) AS failed_renewals,
      (SELECT count(*) FILTER (WHERE paid) FROM active) AS active_paid,
      (SELECT count(*) FILTER (WHERE paid IS NOT TRUE) FROM active) AS active_granted,
      (SELECT COALESCE(sum(o.amount), 0) FROM orders o WHERE ${paid} AND o.purpose = 'renewal') AS renewal_revenue`.execute(
    db,
  );

  const { rows: sourceRows } = await sql<{ source: AdminAttributionSource; conversions: number; revenue: number }>`
    SELECT ${SOURCE_SQL} AS source, count(*) AS conversions, sum(o.amount) AS revenue
    FROM orders o WHERE ${paid} AND o.purpose = 'purchase' GROUP BY 1`.execute(db);

  return { days, totals: totalsRows[0]!, sources: sourceRows };
}
