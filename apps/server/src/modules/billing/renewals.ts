import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import * as repo from './billing.repository';
import type { PaymentProvider } from './payment-provider';
import type { BillingService } from './billing.service';
import { renewalReminderEmail } from './billing-emails';
import { cancelLinkUrl } from './cancel-link';

const HOUR = 60 * 60 * 1000;
/** Waits between attempts after a failed renewal; after the last, the membership lapses. */
export const RENEWAL_BACKOFF_MS = [1 * HOUR, 6 * HOUR, 24 * HOUR];
/** How long a claimed renewal is reserved for the instance that claimed it. */
const LEASE_MS = 10 * 60 * 1000;
const REMINDER_DAYS = 7;

export interface RenewalDeps {
  db: Kysely<DB>;
  billing: Pick<BillingService, 'settle'>;
  provider: PaymentProvider;
  mailer?: Mailer;
  publicUrl: string;
  linkSecret: () => Promise<string>;
  /** Test mode: the emails say no money is taken. */
  testMode?: boolean;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** Test hook: runs right after the charge, before its outcome is recorded (a crash there). */
  afterCharge?: () => void;
}

export interface RenewalReport {
  renewed: number;
  failed: number;
  lapsed: number;
  reminded: number;
}

/**
 * Charges memberships whose paid period has ended, through the saved card, once per period: a
 * membership is claimed under a lease by one instance, its renewal order is unique per period,
 * and the charge's idempotency key is the order's, so a crash and a retry never charge twice.
 */
export function createRenewals(deps: RenewalDeps) {
  const { db } = deps;

  async function sendReminders(now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + REMINDER_DAYS * 24 * HOUR);
    const claimed = await sql<{ user_id: string; current_period_end: Date; plan_id: string }>`
      UPDATE memberships m SET reminder_sent_for = m.current_period_end, updated_at = now()
      FROM plans p
      WHERE p.id = m.plan_id AND p.renewal_days >= 365 AND m.status = 'active' AND m.auto_renew
        AND m.current_period_end > ${now} AND m.current_period_end <= ${horizon}
        AND m.reminder_sent_for IS DISTINCT FROM m.current_period_end
      RETURNING m.user_id, m.current_period_end, m.plan_id`.execute(db);
    for (const row of claimed.rows) {
      const user = await db.selectFrom('users').select(['email', 'language']).where('id', '=', row.user_id).executeTakeFirst();
      const plan = await repo.findPlan(db, row.plan_id, (user?.language ?? 'en') as 'en');
      if (!user?.email || !plan) continue;
      await deps.mailer
        ?.send(
          renewalReminderEmail({ to: user.email, lang: user.language as 'en', plan: plan.name, amount: plan.price, currency: plan.currency, renewsAt: row.current_period_end, cancelUrl: cancelLinkUrl(deps.publicUrl, await deps.linkSecret(), row.user_id, row.current_period_end), testMode: deps.testMode }),
        )
        .catch((err: unknown) => deps.log('renewal reminder not sent', { userId: row.user_id, error: (err as Error).message }));
    }
    return claimed.rows.length;
  }

  async function renewOne(userId: string, now: Date): Promise<'renewed' | 'failed' | 'lapsed' | 'skipped'> {
    const claimed = await db
      .updateTable('memberships')
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS), updated_at: now })
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .where('auto_renew', '=', true)
      .where('current_period_end', '<=', now)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return 'skipped';
    const plan = await repo.findPlan(db, claimed.plan_id);
    const method = claimed.payment_method_id ? await repo.findPaymentMethod(db, claimed.payment_method_id) : undefined;

    // One renewal order per period: a retry after a crash finds the order the first try made.
    let order =
      (await db
        .insertInto('orders')
        .values({ user_id: userId, plan_id: claimed.plan_id, purpose: 'renewal', renewal_for: claimed.current_period_end, amount: plan?.price ?? 1, currency: plan?.currency ?? 'USD', payment_method_id: claimed.payment_method_id })
        .onConflict((oc) => oc.columns(['user_id', 'renewal_for']).where('purpose', '=', 'renewal').doNothing())
        .returningAll()
        .executeTakeFirst()) ??
      (await db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('purpose', '=', 'renewal').where('renewal_for', '=', claimed.current_period_end).executeTakeFirstOrThrow());
    if (order.status === 'paid') return 'renewed';

    // A charge left "processing" by a crash is asked again with the same key: the provider answers what it did.
    const attempt = order.status === 'processing' ? order.attempt : order.attempt + 1;
    if (order.status !== 'processing') {
      await repo.updateOrder(db, order.id, { status: 'processing', attempt });
      order = { ...order, status: 'processing', attempt };
    }
    let outcome;
    if (!plan || !plan.active || !method) {
      outcome = { status: 'failed' as const, providerRef: '', reason: !method ? 'No saved card for renewal.' : 'This plan is no longer offered.' };
    } else {
      outcome = await deps.provider.charge({
        orderId: order.id,
        idempotencyKey: `${order.id}:${attempt}`,
        amount: order.amount,
        currency: order.currency,
        description: `${plan.name} renewal`,
        email: '',
        savedToken: method.provider_token,
        returnUrl: `${deps.publicUrl}/order/result?orderId=${order.id}`,
      });
      deps.afterCharge?.();
    }
    const result = await deps.billing.settle(order.id, outcome, deps.provider.name);
    if (result.status === 'paid') return 'renewed';

    const attempts = claimed.renewal_attempts + 1;
    const lapse = attempts > RENEWAL_BACKOFF_MS.length - 1 || outcome.status === 'requires_action';
    await db
      .updateTable('memberships')
      .set(
        lapse
          ? { status: 'lapsed', auto_renew: false, renewal_attempts: attempts, next_attempt_at: null, updated_at: new Date() }
          : { renewal_attempts: attempts, next_attempt_at: new Date(now.getTime() + RENEWAL_BACKOFF_MS[attempts - 1]!), updated_at: new Date() },
      )
      .where('user_id', '=', userId)
      .execute();
    deps.log(lapse ? 'membership lapsed after failed renewals' : 'renewal failed; will retry', { userId, attempts, reason: result.reason });
    return lapse ? 'lapsed' : 'failed';
  }

  /** One pass: reminders, then every due renewal. Safe to run on every instance at once. */
  async function runOnce(now = new Date()): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, lapsed: 0, reminded: await sendReminders(now) };
    const due = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('status', '=', 'active')
      .where('auto_renew', '=', true)
      .where('current_period_end', '<=', now)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .limit(200)
      .execute();
    for (const { user_id } of due) {
      const outcome = await renewOne(user_id, now);
      if (outcome !== 'skipped') report[outcome]++;
    }
    return report;
  }

  return { runOnce };
}
