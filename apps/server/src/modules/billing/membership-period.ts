// The paid period a membership order buys, in one place: paying grants it (order-lifecycle), and the
// order page shows the buyer its first renewal date before they pay (billing.service).

const DAY_MS = 24 * 60 * 60 * 1000;

interface CurrentMembership {
  status: string;
  current_period_end: Date;
}

/**
 * A renewal continues the period without a gap; paying while still a member extends the paid period;
 * otherwise a new period starts now. The period lasts the plan's renewal days.
 */
export function periodBought(
  current: CurrentMembership | undefined,
  purpose: 'purchase' | 'renewal',
  renewalDays: number,
  now: Date,
): { start: Date; end: Date } {
  const continues =
    current !== undefined && current.status === 'active' && (purpose === 'renewal' || current.current_period_end > now);
  const start = continues ? current.current_period_end : now;
  return { start, end: new Date(start.getTime() + renewalDays * DAY_MS) };
}
