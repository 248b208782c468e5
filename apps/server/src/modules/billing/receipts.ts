import type { Kysely } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import * as membershipRepo from './memberships.repository';
import { receiptEmail } from './billing-emails';
import { cancelLinkUrl } from './cancel-link';

/**
 * Emails a receipt after each charge: to the email its guest buyer gave, with the link that keeps the
 * purchase reachable from any device, or else to the account's email.
 */
export function createReceipts(deps: {
  db: Kysely<DB>;
  mailer?: Mailer;
  publicUrl: string;
  linkSecret: () => Promise<string>;
  /** A guest buyer's set-password link for this address (accounts'), or `account` when it has one. */
  purchaseLink?: (guestId: string, email: string) => Promise<string | 'account' | null>;
  testMode?: boolean;
  log: (msg: string, data?: Record<string, unknown>) => void;
}) {
  return async function sendReceipt(orderId: string): Promise<void> {
    const order = await orderRepo.findOrder(deps.db, orderId);
    if (!order || order.status !== 'paid' || !deps.mailer) return;
    // A guest's receipt goes where this purchase said, or (a renewal) where its latest purchase did.
    const user = await repo.billingContact(deps.db, order.user_id);
    const to = (user?.is_guest ? (order.buyer_email ?? user.email) : user?.email) ?? order.buyer_email;
    if (!user || !to) return;
    const claim = user.is_guest ? await deps.purchaseLink?.(order.user_id, to) : null;
    const lang = user.language as Language;
    const plan = await repo.findPlan(deps.db, order.plan_id, lang);
    const membership =
      plan?.kind === 'membership' ? await membershipRepo.findMembership(deps.db, order.user_id) : undefined;
    await deps.mailer
      .send(
        receiptEmail({
          to,
          lang,
          plan: plan?.name ?? order.plan_id,
          amount: order.amount,
          currency: order.currency,
          paidAt: order.paid_at ?? new Date(),
          renewsAt: membership?.auto_renew ? membership.current_period_end : null,
          cancelUrl: membership?.auto_renew
            ? cancelLinkUrl(deps.publicUrl, await deps.linkSecret(), order.user_id, membership.current_period_end)
            : null,
          claim,
          testMode: deps.testMode,
        }),
      )
      .catch((err: unknown) => deps.log('receipt not sent', { orderId, error: (err as Error).message }));
  };
}
