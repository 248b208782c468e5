import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

// Memberships: their paid periods, and the renewals and reminders that come due.

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function lockMembership(trx: Transaction<DB>, userId: string) {
  return trx.selectFrom('memberships').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export type MembershipPeriod = Pick<
  Insertable<DB['memberships']>,
  | 'plan_id'
  | 'current_period_start'
  | 'current_period_end'
  | 'payment_method_id'
  | 'renewal_price'
  | 'renewal_currency'
  | 'renewal_days'
>;

/** Starts or continues a paid period: active, renewing, no retries pending. */
export async function saveMembershipPeriod(
  trx: Transaction<DB>,
  userId: string,
  exists: boolean,
  period: MembershipPeriod,
): Promise<void> {
  const now = new Date();
  const values = {
    ...period,
    status: 'active' as const,
    auto_renew: true,
    renewal_attempts: 0,
    next_attempt_at: null,
    cancelled_at: null,
    updated_at: now,
  };
  if (exists) await trx.updateTable('memberships').set(values).where('user_id', '=', userId).execute();
  else
    await trx
      .insertInto('memberships')
      .values({ user_id: userId, ...values })
      .execute();
}

/** Stops auto-renewal (of the period ending at `periodEnd` only, when given); the paid period stays. */
export function stopAutoRenew(db: Executor, userId: string, periodEnd?: Date) {
  let query = db
    .updateTable('memberships')
    .set({ auto_renew: false, cancelled_at: new Date(), next_attempt_at: null, updated_at: new Date() })
    .where('user_id', '=', userId);
  if (periodEnd)
    query = query
      .where('status', '=', 'active')
      .where('auto_renew', '=', true)
      .where('current_period_end', '=', periodEnd);
  return query.returningAll().executeTakeFirst();
}

/** Memberships whose paid period has ended and that renew, not claimed by another instance. */
export function dueRenewals(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('memberships')
    .select('user_id')
    .where('status', '=', 'active')
    .where('auto_renew', '=', true)
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .limit(limit)
    .execute();
}

/** Claims a due renewal until `leaseUntil` (one instance renews it); undefined when it is not due or taken. */
export function claimRenewal(db: Executor, userId: string, now: Date, leaseUntil: Date) {
  return db
    .updateTable('memberships')
    .set({ next_attempt_at: leaseUntil, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('auto_renew', '=', true)
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** A failed renewal: its attempts counted, and the next one scheduled at `nextAt`, or the membership lapses (null). */
export async function recordRenewalFailure(
  db: Executor,
  userId: string,
  attempts: number,
  nextAt: Date | null,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('memberships')
    .set(
      nextAt
        ? { renewal_attempts: attempts, next_attempt_at: nextAt, updated_at: now }
        : { status: 'lapsed', auto_renew: false, renewal_attempts: attempts, next_attempt_at: null, updated_at: now },
    )
    .where('user_id', '=', userId)
    .execute();
}

/** How long before a renewal its reminder goes out, by the length of the agreed period in days. */
export interface ReminderLead {
  /** Periods this long or longer get a reminder; shorter ones renew too often for one to help. */
  minDays: number;
  /** Periods this long or longer are "long" and get `longLeadDays`; others `shortLeadDays`. */
  longFromDays: number;
  longLeadDays: number;
  shortLeadDays: number;
}

/** A reminder claimed for one period, with the terms it names and the lease that marks the claim. */
export interface ClaimedReminder {
  user_id: string;
  current_period_end: Date;
  plan_id: string;
  renewal_price: number;
  renewal_currency: string;
  claimed_until: Date;
}

// `reminder_sent_for` holds the reminder's state for the current period without a column of its own:
// equal to `current_period_end` once sent; a later time that is not the period's end while an
// instance holds the claim (its lease); anything else (null, a past period's end, an expired lease)
// means not sent yet. The lease is kept before the period's end so it never reads as "sent".

/**
 * Claims, under a lease of `leaseMs`, the memberships renewing within their reminder's lead time whose
 * reminder for this period is neither sent nor held by another instance (one UPDATE: two instances
 * never claim the same one), with the terms they renew at.
 */
export async function claimRenewalReminders(
  db: Executor,
  now: Date,
  lead: ReminderLead,
  leaseMs: number,
): Promise<ClaimedReminder[]> {
  // The fixed outer bound lets the due-memberships index narrow the scan; the CASE picks each one's lead.
  const { rows } = await sql<ClaimedReminder>`
    UPDATE memberships m
    SET reminder_sent_for = LEAST(${new Date(now.getTime() + leaseMs)}::timestamptz,
          date_trunc('milliseconds', m.current_period_end) - interval '1 millisecond'),
        updated_at = now()
    WHERE m.renewal_days >= ${lead.minDays} AND m.status = 'active' AND m.auto_renew
      AND m.current_period_end > ${now}
      AND m.current_period_end <= ${new Date(now.getTime() + Math.max(lead.longLeadDays, lead.shortLeadDays) * 86_400_000)}
      AND m.current_period_end <= ${now}::timestamptz + make_interval(days => CASE WHEN m.renewal_days >= ${lead.longFromDays}
        THEN ${lead.longLeadDays}::int ELSE ${lead.shortLeadDays}::int END)
      AND (m.reminder_sent_for IS NULL
        OR (m.reminder_sent_for <> m.current_period_end AND m.reminder_sent_for <= ${now}))
    RETURNING m.user_id, m.current_period_end, m.plan_id, m.renewal_price, m.renewal_currency,
      m.reminder_sent_for AS claimed_until`.execute(db);
  return rows;
}

/** The claimed reminder went out (or cannot, for good): none more for this period. */
export async function markReminderSent(db: Executor, claim: ClaimedReminder): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ reminder_sent_for: claim.current_period_end, updated_at: new Date() })
    .where('user_id', '=', claim.user_id)
    .where('current_period_end', '=', claim.current_period_end)
    .execute();
}

/** The claimed reminder was not sent: the claim is given up so a later pass sends it (if still this instance's). */
export async function releaseReminder(db: Executor, claim: ClaimedReminder): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ reminder_sent_for: null, updated_at: new Date() })
    .where('user_id', '=', claim.user_id)
    .where('reminder_sent_for', '=', claim.claimed_until)
    .execute();
}

/** Changes a user's membership row as given. */
export async function updateMembership(
  trx: Transaction<DB>,
  userId: string,
  values: Updateable<DB['memberships']>,
): Promise<void> {
  await trx.updateTable('memberships').set(values).where('user_id', '=', userId).execute();
}

export async function insertMembership(trx: Transaction<DB>, values: Insertable<DB['memberships']>): Promise<void> {
  await trx.insertInto('memberships').values(values).execute();
}

export async function deleteMembership(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
}
