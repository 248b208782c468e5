import type { AdminAttributionSource, AdminDashboard } from '@episodic/contract';
import type { AdminDeps } from './admin-deps';
import { FieldCheck } from './input-rules';
import { dashboardRows, mainCurrency } from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const SOURCES: AdminAttributionSource[] = ['fbclid', 'ttclid', 'referrer', 'organic'];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The business at a glance for a period of whole days (UTC): plays, sign-ups, gross, refunds and
 * net revenue, paid and granted memberships, and which campaigns converted. Money is counted in the
 * plans' main currency.
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
    const currency = (await mainCurrency(db)) ?? 'USD';
    const { days, totals: t, sources: sourceRows } = await dashboardRows(db, from, to, currency);

    const daily = days.map((d) => ({
      day: d.day,
      plays: Number(d.plays),
      newVisitors: Number(d.new_visitors),
      newAccounts: Number(d.new_accounts),
      payingUsers: Number(d.paying_users),
      gross: Number(d.gross),
      refunds: Number(d.refunds),
      net: Number(d.gross) - Number(d.refunds),
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
        gross: sum('gross'),
        refunds: sum('refunds'),
        net: sum('gross') - sum('refunds'),
        paidOrders: Number(t.paid_orders),
        refundCount: Number(t.refund_count),
        newPaidMemberships: Number(t.new_paid_memberships),
        newGrantedMemberships: Number(t.new_granted_memberships),
        renewals: sum('renewals'),
        failedRenewals: Number(t.failed_renewals),
        cancellations: sum('cancellations'),
        activePaidMemberships: Number(t.active_paid),
        activeGrantedMemberships: Number(t.active_granted),
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
