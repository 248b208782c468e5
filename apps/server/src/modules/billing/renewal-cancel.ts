import type { Kysely } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import * as repo from './billing.repository';
import * as membershipRepo from './memberships.repository';
import type { CancelLinkState } from './cancel-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The emailed cancel link's rules: it acts for the paid period it was sent for, and only through its page's button. */
export function renewalCancel(db: Kysely<DB>) {
  /** What the emailed cancel link for the period ending at `periodEnd` may do now; only the current period's link acts. */
  async function renewalCancelState(userId: string, periodEnd: number): Promise<CancelLinkState> {
    const user = UUID.test(userId) ? await repo.userContact(db, userId) : undefined;
    const lang = (user?.language ?? 'en') as Language;
    const row = user ? await membershipRepo.findMembership(db, userId) : undefined;
    if (
      !row ||
      row.status !== 'active' ||
      row.current_period_end.getTime() !== periodEnd ||
      row.current_period_end <= new Date()
    )
      return { state: 'expired', lang };
    const plan = (await repo.findPlan(db, row.plan_id, lang))?.name ?? row.plan_id;
    return { state: row.auto_renew ? 'confirm' : 'already', lang, plan, endsAt: row.current_period_end };
  }

  /** The emailed cancel link, confirmed: stops the renewal of that period only (a later period's renewal is not touched). */
  async function cancelRenewalByLink(userId: string, periodEnd: number): Promise<CancelLinkState> {
    const before = await renewalCancelState(userId, periodEnd);
    if (before.state !== 'confirm') return before;
    const row = await membershipRepo.stopAutoRenew(db, userId, new Date(periodEnd));
    return row ? { ...before, state: 'done' } : renewalCancelState(userId, periodEnd);
  }

  return { renewalCancelState, cancelRenewalByLink };
}
