import type { Kysely } from 'kysely';
import type { PaymentIntent, PaymentIntentInput } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/connection';
import { AppError, conflict, fieldProblem, invalidInput, notFound } from '../../http/errors';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import { findStripeCustomer, saveStripeCustomer } from './stripe-customers.repository';
import { validatePayer } from './card';
import { requireBuyerEmail } from './buyer-email';
import type { OrderLifecycle, OrderRow } from './order-lifecycle';
import type { CheckoutIntent, StripeProvider } from './stripe-provider';

export interface StripeCheckoutDeps {
  db: Kysely<DB>;
  lifecycle: OrderLifecycle;
  stripe: Pick<StripeProvider, 'createCustomer' | 'createCheckoutIntent' | 'retrieveCheckoutIntent'>;
  /** How long a request waits for another one preparing the same order's intent. */
  waitMs?: number;
}

/** States in which Stripe lets the browser confirm the same PaymentIntent (again, after a decline). */
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
/** States in which the payment is under way or done: the webhook settles the order. */
const UNDER_WAY = new Set(['processing', 'succeeded']);
const UNAVAILABLE = 'The payment service did not answer. Please try again in a minute.';
const STALE_INTENT = 'This payment could not be completed. Please try again.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Paying through Stripe's Payment Element: the server makes one PaymentIntent per order attempt for
 * the order's own amount, the browser confirms it with Stripe.js (the card goes to Stripe only), and
 * the signed webhook settles the order. A double tap or a reload answers the same intent; after a
 * decline the buyer confirms the same intent again with another card, as Stripe recommends.
 */
export function createStripeCheckout(deps: StripeCheckoutDeps) {
  const { db, lifecycle, stripe } = deps;
  const waitMs = deps.waitMs ?? 15_000;

  /** One Customer per user, made on the first payment and reused (saved cards belong to it). */
  async function customerOf(userId: string, email: string): Promise<string> {
    const known = await findStripeCustomer(db, userId);
    if (known) return known;
    return saveStripeCustomer(db, userId, await stripe.createCustomer(userId, email));
  }

  const answer = (order: OrderRow, intent: CheckoutIntent): PaymentIntent => ({
    orderId: order.id,
    clientSecret: intent.clientSecret,
    amount: order.amount,
    currency: order.currency,
  });

  /** The intent this order's current attempt already has, when the browser may still confirm it. */
  async function existingIntent(order: OrderRow): Promise<PaymentIntent | 'stale' | null> {
    if (order.provider !== 'stripe' || !order.provider_ref?.startsWith('pi_')) return null;
    if (order.status !== 'requires_action' && order.status !== 'failed') return null;
    const intent = await stripe.retrieveCheckoutIntent(order.provider_ref);
    const ours = intent.idempotencyKey === `${order.id}:${order.attempt}` && intent.amount === order.amount;
    if (ours && CONFIRMABLE.has(intent.status)) {
      // Another card after a decline: the order waits for the buyer again, on the same attempt.
      if (order.status === 'failed') await lifecycle.needsAction(order.id, order.attempt, 'stripe', intent.id);
      return answer(order, intent);
    }
    if (ours && UNDER_WAY.has(intent.status)) return answer(order, intent);
    return 'stale';
  }

  /** Claims the order for a new attempt and makes its intent; null when another request claimed it first. */
  async function newIntent(
    userId: string,
    orderId: string,
    email: string,
    buyerEmail: string | null,
  ): Promise<PaymentIntent | null> {
    const claim = await lifecycle.pay(userId, orderId, 'card', { buyerEmail });
    if (!claim.changed) return null;
    const { order } = claim;
    try {
      const plan = await repo.findPlan(db, order.plan_id);
      const intent = await stripe.createCheckoutIntent({
        orderId: order.id,
        idempotencyKey: `${order.id}:${order.attempt}`,
        amount: order.amount,
        currency: order.currency,
        description: plan?.name ?? order.plan_id,
        customer: await customerOf(userId, email),
        email,
      });
      await lifecycle.needsAction(order.id, order.attempt, 'stripe', intent.id);
      return answer(order, intent);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      // No intent was confirmed: nothing can be charged, and the buyer may start again.
      await lifecycle.fail(order.id, order.attempt, UNAVAILABLE);
      throw new AppError(500, UNAVAILABLE, 'payment_service_unavailable');
    }
  }

  /**
   * Answers the PaymentIntent the browser confirms for the caller's order: consent and the buyer's
   * details first, the order's own amount, one intent per attempt however many requests arrive.
   */
  async function startIntent(userId: string, input: PaymentIntentInput): Promise<PaymentIntent> {
    if (!input.agree) throw invalidInput({ agree: fieldProblem('agree_required', 'Please tick “I agree” to pay.') });
    const checked = validatePayer(input);
    if ('fields' in checked) throw invalidInput(checked.fields);
    // A guest's receipt (and the link that keeps what they buy) goes to this address.
    const buyerEmail = await requireBuyerEmail(db, userId, checked.payer.email);
    const deadline = Date.now() + waitMs;
    for (;;) {
      const order = await orderRepo.findOrder(db, input.orderId);
      if (!order || order.user_id !== userId) throw notFound('order_not_found', 'We could not find this order.');
      if (order.status === 'paid' || order.status === 'cancelled' || order.status === 'refunded')
        throw conflict('order_closed', 'This order can no longer be paid.');
      const existing = await existingIntent(order);
      if (existing && existing !== 'stale') return existing;
      if (existing === 'stale' && order.status === 'requires_action') {
        // Its intent was cancelled at Stripe (or is not this attempt's): a new attempt starts.
        await lifecycle.fail(order.id, order.attempt, STALE_INTENT);
        continue;
      }
      if (order.status !== 'processing') {
        const made = await newIntent(userId, order.id, checked.payer.email, buyerEmail);
        if (made) return made;
        continue;
      }
      // Another request is making this order's intent: its answer is this one's too.
      if (Date.now() > deadline)
        throw conflict('payment_in_progress', 'This payment is being prepared. Please try again in a moment.');
      await sleep(100);
    }
  }

  return { startIntent };
}

export type StripeCheckout = ReturnType<typeof createStripeCheckout>;
