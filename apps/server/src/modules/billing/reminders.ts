import type { Language } from '@episodic/contract';
import * as repo from './billing.repository';
import * as membershipRepo from './memberships.repository';
import { renewalReminderEmail } from './billing-emails';
import { cancelLinkUrl } from './cancel-link';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';

/**
 * Every renewal of a period of 30 days or more is announced, with its date, price and cancel link.
 * A yearly charge is large and easy to forget, so its reminder comes a week ahead: time to notice it
 * even for someone who reads mail once a week, and to cancel calmly. A monthly one comes 3 days
 * ahead: close enough to the charge to be about it (a week ahead of a 30-day period would land
 * barely three weeks after the last receipt), yet early enough to cancel. Weekly and shorter periods
 * get none: a reminder every few days would be noise, and their receipts carry the cancel link.
 */
const REMINDER_LEAD: membershipRepo.ReminderLead = {
  minDays: 30,
  longFromDays: 365,
  longLeadDays: 7,
  shortLeadDays: 3,
};

/**
 * How long a claimed reminder is reserved for the instance sending it. Longer than any mail send
 * takes, so another instance never sends it alongside; an instance that dies mid-send leaves it to
 * be sent by a pass after this.
 */
const REMINDER_LEASE_MS = 10 * 60 * 1000;

export interface ReminderDeps {
  db: Kysely<DB>;
  mailer?: Mailer;
  publicUrl: string;
  linkSecret: () => Promise<string>;
  testMode?: boolean;
  log: (message: string, data?: Record<string, unknown>) => void;
}

/**
 * Renewal reminders, at least once per period and normally exactly once: a reminder is claimed under
 * a lease (one instance sends it), marked sent only after the mailer accepted it, and released when
 * the send failed so a later pass tries again, until the renewal date.
 */
export function createReminders(deps: ReminderDeps) {
  const { db } = deps;

  /** Sends the reminders that are due and not yet sent; returns how many the mailer accepted. */
  async function sendReminders(now: Date): Promise<number> {
    if (!deps.mailer) return 0;
    const claimed = await membershipRepo.claimRenewalReminders(db, now, REMINDER_LEAD, REMINDER_LEASE_MS);
    let sent = 0;
    for (const row of claimed) {
      const user = await repo.billingContact(db, row.user_id);
      const lang = (user?.language ?? 'en') as Language;
      const plan = await repo.findPlan(db, row.plan_id, lang);
      // Nobody to write to, or no plan to name: retrying would not change that, so the period counts as done.
      if (!user?.email || !plan) {
        await membershipRepo.markReminderSent(db, row);
        continue;
      }
      try {
        const cancelUrl = cancelLinkUrl(deps.publicUrl, await deps.linkSecret(), row.user_id, row.current_period_end);
        await deps.mailer.send(
          renewalReminderEmail({
            to: user.email,
            lang,
            plan: plan.name,
            amount: row.renewal_price,
            currency: row.renewal_currency,
            renewsAt: row.current_period_end,
            cancelUrl,
            testMode: deps.testMode,
          }),
        );
      } catch (err) {
        await membershipRepo.releaseReminder(db, row);
        deps.log('renewal reminder not sent; will retry', { userId: row.user_id, error: (err as Error).message });
        continue;
      }
      await membershipRepo.markReminderSent(db, row);
      sent++;
    }
    return sent;
  }

  return { sendReminders };
}
