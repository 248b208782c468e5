import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import * as repo from './billing.repository';
import * as membershipRepo from './memberships.repository';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import type { BillingService } from './billing.service';
import { renewalRetryAt } from './renewal-policy';
import { createReminders } from './reminders';

/** How long a claimed renewal is reserved for the instance that claimed it. */
const LEASE_MS = 10 * 60 * 1000;
export interface RenewalDeps {
  db: Kysely<DB>;
  billing: Pick<BillingService, 'lifecycle'>;
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
  const { sendReminders } = createReminders(deps);

  async function renewOne(userId: string, now: Date): Promise<'renewed' | 'failed' | 'lapsed' | 'skipped'> {
    const claimed = await membershipRepo.claimRenewal(db, userId, now, new Date(now.getTime() + LEASE_MS));
    if (!claimed) return 'skipped';
    const plan = await repo.findPlan(db, claimed.plan_id);
    const method = claimed.payment_method_id ? await repo.findPaymentMethod(db, claimed.payment_method_id) : undefined;
    const { lifecycle } = deps.billing;

    // One renewal order per period: a retry after a crash finds the order the first try made, and a
    // charge left "processing" by a crash is asked again with the same key (the provider answers what it did).
    // A price holds: the order is for the price the member agreed to, never the plan's price of today.
    const renewal = await lifecycle.renew({
      userId,
      planId: claimed.plan_id,
      periodEnd: claimed.current_period_end,
      amount: claimed.renewal_price,
      currency: claimed.renewal_currency,
      renewalDays: claimed.renewal_days,
      paymentMethodId: claimed.payment_method_id,
    });
    if (renewal.state === 'paid') return 'renewed';
    const { order } = renewal;
    const attempts = claimed.renewal_attempts + 1;
    if (renewal.state === 'refused') {
      // This period's order was refunded or cancelled: it is not charged again, and the membership counts a failed attempt.
      const retryAt = renewalRetryAt(attempts, false, now);
      await membershipRepo.recordRenewalFailure(db, userId, attempts, retryAt);
      deps.log(retryAt ? 'renewal failed; will retry' : 'membership lapsed after failed renewals', {
        userId,
        attempts,
        reason: `renewal order ${order.status}`,
      });
      return retryAt ? 'failed' : 'lapsed';
    }
    let outcome: ChargeOutcome;
    // A plan taken off sale (inactive) still renews its members at their agreed terms: off sale means
    // no new buyers, and the shop promised the price until the member cancels. Only a plan that no
    // longer exists stops renewals here; an operator ends a member's membership by refunding it.
    if (!plan || !method) {
      outcome = {
        status: 'failed',
        providerRef: '',
        reason: !method ? 'No saved card for renewal.' : 'This plan no longer exists.',
      };
    } else {
      outcome = await deps.provider.charge({
        orderId: order.id,
        idempotencyKey: `${order.id}:${order.attempt}`,
        amount: order.amount,
        currency: order.currency,
        description: `${plan.name} renewal`,
        email: '',
        savedToken: method.provider_token,
        returnUrl: `${deps.publicUrl}/order/result?orderId=${order.id}`,
      });
      deps.afterCharge?.();
    }
    // A failed attempt is counted on the membership (retried later, or lapsed) in the order's own transition.
    await lifecycle.settle(order.id, outcome, deps.provider.name, { ...(plan ? { plan } : {}), now });
    if (outcome.status === 'succeeded') return 'renewed';
    const lapse = renewalRetryAt(attempts, outcome.status === 'requires_action', now) === null;
    deps.log(lapse ? 'membership lapsed after failed renewals' : 'renewal failed; will retry', {
      userId,
      attempts,
      reason: 'reason' in outcome ? outcome.reason : null,
    });
    return lapse ? 'lapsed' : 'failed';
  }

  /** One pass: reminders, then every due renewal. Safe to run on every instance at once. */
  async function runOnce(now = new Date()): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, lapsed: 0, reminded: await sendReminders(now) };
    const due = await membershipRepo.dueRenewals(db, now, 200);
    for (const { user_id } of due) {
      const outcome = await renewOne(user_id, now);
      if (outcome !== 'skipped') report[outcome]++;
    }
    return report;
  }

  return { runOnce };
}
