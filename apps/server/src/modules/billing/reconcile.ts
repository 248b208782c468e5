import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as orderRepo from './orders.repository';
import type { BillingService } from './billing.service';
import type { PaymentProvider } from './payment-provider';

export interface ReconcileDeps {
  db: Kysely<DB>;
  billing: Pick<BillingService, 'lifecycle'>;
  /** The card provider: a purchase claimed for a card charge is asked about there. */
  provider: PaymentProvider;
  /** An order still "processing" after this long was interrupted (a crash, a lost answer). */
  staleAfterMs: number;
  log: (message: string, data?: Record<string, unknown>) => void;
}

export interface ReconcileReport {
  paid: number;
  failed: number;
  waiting: number;
}

const INTERRUPTED = 'The payment was interrupted and you were not charged. Please try again.';

/**
 * Finishes purchases a crash or a lost answer left "processing": the charge is looked up at the
 * provider under the attempt's idempotency key and its outcome applied once (a paid charge is
 * never lost); when the provider has no such charge, nothing was taken and the order is marked
 * failed so the buyer can pay again. Renewal orders are the renewal job's (it retries them with
 * the same key). Safe on every instance at once: settle locks the order and applies once, and the
 * reconcile transition only moves an order still processing the same attempt.
 */
export function createOrderReconciler(deps: ReconcileDeps) {
  const { db } = deps;

  async function runOnce(now = new Date()): Promise<ReconcileReport> {
    const report: ReconcileReport = { paid: 0, failed: 0, waiting: 0 };
    const stale = await orderRepo.staleProcessingPurchases(db, new Date(now.getTime() - deps.staleAfterMs), 200);
    for (const order of stale) {
      // A PayPal order is only charged at capture, after the buyer's approval: one still
      // "processing" never reached PayPal's approval page, so nothing was taken.
      const outcome =
        order.provider === 'paypal' ? null : await deps.provider.lookup(`${order.id}:${String(order.attempt)}`);
      if (outcome) {
        await deps.billing.lifecycle.settle(order.id, outcome, deps.provider.name);
        if (outcome.status === 'succeeded') report.paid++;
        else if (outcome.status === 'failed') report.failed++;
        else report.waiting++;
        deps.log('interrupted payment reconciled', {
          orderId: order.id,
          status: outcome.status === 'succeeded' ? 'paid' : outcome.status,
        });
        continue;
      }
      if (await deps.billing.lifecycle.reconcile(order.id, order.attempt, INTERRUPTED)) {
        report.failed++;
        deps.log('interrupted payment marked failed (no charge at the provider)', { orderId: order.id });
      }
    }
    return report;
  }

  return { runOnce };
}

export type OrderReconciler = ReturnType<typeof createOrderReconciler>;
