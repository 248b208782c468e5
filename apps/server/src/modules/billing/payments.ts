import type { Kysely } from 'kysely';
import type { PayMethod, PayResult } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/connection';
import { AppError, conflict, fieldProblem, invalidInput } from '../../http/errors';
import { FAILURE_MESSAGES, paymentFailureOf } from './payment-failures';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import { validateCard, type CardInput } from './card';
import { requireBuyerEmail } from './buyer-email';
import type { OrderLifecycle, OrderRow } from './order-lifecycle';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import type { PaypalGateway } from './paypal-gateway';
import { paypalReturnSignature, verifyPaypalReturn, type PaypalLeg } from './paypal-return';
import { readSandboxEvent, verifySandboxSignature } from './sandbox-provider';

export interface PaymentDeps {
  db: Kysely<DB>;
  lifecycle: OrderLifecycle;
  /** `card` takes card payments; `sandbox` is the built-in processor when it is not the card provider. */
  providers: { card: PaymentProvider; sandbox?: PaymentProvider };
  /** PayPal (approval at PayPal, capture on return). */
  paypal?: PaypalGateway;
  publicUrl: string;
  /** Signs the addresses PayPal sends the buyer back to. */
  linkSecret: () => Promise<string>;
  /** Signs the sandbox processor's webhooks. */
  webhookSecret: () => Promise<string>;
  /** Cards are entered in a processor's own form (Stripe's Payment Element): card fields sent here are refused. */
  cardsAtProcessor?: boolean;
}

const CARD_FIELDS_REFUSED =
  "Card details are entered in our payment processor's secure form, not sent to us. Please use the card form on the payment page.";

/** What a PayPal return or cancel address brings back: our order, its signature, PayPal's order id, and who sent it. */
export interface PaypalBack {
  orderId: string;
  sig: string;
  paypalOrderId: string;
  /** The session the request carried, if any. */
  sessionUserId: string | null;
}

/** The idempotency key of one of our charges: `<order id>:<attempt>`. */
const CHARGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,9}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYPAL_DOWN = FAILURE_MESSAGES.paypal_unavailable;
const malformedEvent = () => new AppError(400, 'This event is not one we can read.', 'malformed_event', undefined, 400);
const noLongerPayable = () => conflict('order_closed', 'This order can no longer be paid.');

/** Paying orders: by card, through PayPal, and the providers' events; every status change is a lifecycle transition. */
export function createPayments(deps: PaymentDeps) {
  const { db, lifecycle } = deps;

  /** Applies a provider's outcome to an order once, and answers it as the payment's result. */
  async function settle(
    orderId: string,
    outcome: ChargeOutcome,
    providerName: string,
    plan?: repo.PlanRow,
    attempt?: number,
  ): Promise<PayResult> {
    await lifecycle.settle(orderId, outcome, providerName, {
      ...(plan ? { plan } : {}),
      ...(attempt === undefined ? {} : { attempt }),
    });
    return {
      orderId,
      status: outcome.status === 'succeeded' ? 'paid' : outcome.status === 'failed' ? 'failed' : 'requires_action',
      redirectUrl: outcome.status === 'requires_action' ? outcome.redirectUrl : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
      ...(outcome.status === 'failed' ? { reasonCode: paymentFailureOf(outcome.reason) } : {}),
    };
  }

  /**
   * Pays an order by card. Consent and the card are checked before any charge; the order is claimed
   * under a row lock, so a double tap (or fifty) charges once and later taps see the same outcome.
   */
  async function pay(
    userId: string,
    input: { orderId: string; method: PayMethod; card?: CardInput; email?: string | undefined; agree: boolean },
  ): Promise<PayResult> {
    // First of all: card data meant for the processor's own form is neither kept, logged nor passed on.
    if (input.method === 'card' && deps.cardsAtProcessor)
      throw invalidInput(
        { card: fieldProblem('card_fields_refused', CARD_FIELDS_REFUSED) },
        CARD_FIELDS_REFUSED,
        'card_fields_refused',
      );
    if (!input.agree) throw invalidInput({ agree: fieldProblem('agree_required', 'Please tick “I agree” to pay.') });
    if (input.method === 'paypal') return payWithPaypal(userId, input.orderId, input.email);
    if (!input.card) throw invalidInput({ card: fieldProblem('card_required', 'Please enter your card details.') });
    const checked = validateCard(input.card);
    if ('fields' in checked) throw invalidInput(checked.fields);
    const buyerEmail = await requireBuyerEmail(db, userId, checked.card.email, 'card.email');

    const waiting = await endUnfinishedCheck(userId, input.orderId);
    if (waiting) return waiting;
    const claim = await lifecycle.pay(userId, input.orderId, 'card', { buyerEmail });
    const { order } = claim;
    if (!claim.changed) {
      if (order.status === 'paid') return { orderId: order.id, status: 'paid', redirectUrl: null, reason: null };
      if (order.status === 'cancelled' || order.status === 'refunded') throw noLongerPayable();
      const pending =
        order.status === 'requires_action' && order.provider_ref
          ? await deps.providers.card.lookup(`${order.id}:${order.attempt}`)
          : null;
      return {
        orderId: order.id,
        status: pending?.status === 'requires_action' ? 'requires_action' : 'processing',
        redirectUrl: pending?.status === 'requires_action' ? pending.redirectUrl : null,
        reason: null,
      };
    }
    // The plan is read once for this payment: its name for the charge, then what the order grants.
    const plan = await repo.findPlan(db, order.plan_id);
    let outcome: ChargeOutcome;
    try {
      outcome = await deps.providers.card.charge({
        orderId: order.id,
        idempotencyKey: `${order.id}:${order.attempt}`,
        amount: order.amount,
        currency: order.currency,
        description: plan?.name ?? order.plan_id,
        email: checked.card.email,
        card: checked.card,
        returnUrl: `${deps.publicUrl}/order/result?orderId=${order.id}`,
      });
    } catch (err) {
      // The processor did not answer: the order stays "processing" and is reconciled later; no second charge.
      if (isDatabaseUnavailable(err)) throw err;
      throw new AppError(
        500,
        'The payment service did not answer. Please check your orders in a minute before trying again.',
        'payment_service_unavailable',
      );
    }
    return settle(order.id, outcome, deps.providers.card.name, plan, order.attempt);
  }

  /**
   * A buyer who left the bank's check (3-D Secure) and pays with another card: the check is ended at
   * the processor first, so the first card can no longer be charged, and its attempt fails; then the
   * new card is a new attempt. Answers the order's result when the first card was paid meanwhile
   * (the check passed in another tab), else null.
   */
  async function endUnfinishedCheck(userId: string, orderId: string): Promise<PayResult | null> {
    const provider = deps.providers.card;
    if (!provider.abandon || !UUID.test(orderId)) return null;
    const order = await orderRepo.findOrder(db, orderId);
    if (!order || order.user_id !== userId || order.status !== 'requires_action') return null;
    if (order.provider !== provider.name || !order.provider_ref) return null;
    const after = await provider.abandon(`${order.id}:${order.attempt}`, order.provider_ref);
    if (after?.status === 'succeeded') return settle(order.id, after, provider.name, undefined, order.attempt);
    if (after?.status === 'failed') await lifecycle.fail(order.id, order.attempt, after.reason);
    return null;
  }

  /** Where PayPal sends the buyer back for this attempt: signed, so only this attempt's buyer holds it. */
  async function paypalLeg(leg: PaypalLeg, orderId: string, attempt: number): Promise<string> {
    const path = leg === 'return' ? '/api/payment/paypal/return' : '/api/webhook/payment/paypal-cancel';
    const sig = paypalReturnSignature(await deps.linkSecret(), leg, orderId, attempt);
    return `${deps.publicUrl}${path}?order=${orderId}&sig=${sig}`;
  }

  /**
   * The order a PayPal return or cancel address names, when its signature holds for the order's
   * current attempt, PayPal's order id is the one on our order, and no other user's session sent it.
   */
  async function paypalOrderFor(leg: PaypalLeg, back: PaypalBack) {
    if (!UUID.test(back.orderId)) return null;
    const order = await orderRepo.findOrder(db, back.orderId);
    if (!order || order.provider !== 'paypal' || order.provider_ref !== back.paypalOrderId) return null;
    if (!verifyPaypalReturn(await deps.linkSecret(), leg, order.id, order.attempt, back.sig)) return null;
    if (back.sessionUserId && back.sessionUserId !== order.user_id) return null;
    return order;
  }

  async function paypalOrder(paypal: PaypalGateway, order: OrderRow) {
    const plan = await repo.findPlan(db, order.plan_id);
    return paypal.createOrder({
      orderId: order.id,
      requestId: `${order.id}:${String(order.attempt)}`,
      amount: order.amount,
      currency: order.currency,
      description: plan?.name ?? order.plan_id,
      returnUrl: await paypalLeg('return', order.id, order.attempt),
      cancelUrl: await paypalLeg('cancel', order.id, order.attempt),
    });
  }

  /**
   * PayPal: the order is claimed like a card payment, a PayPal order is created for its amount, and
   * the buyer is sent to approve it. A second tap sends them to the same approval.
   */
  async function payWithPaypal(userId: string, orderId: string, email: string | undefined): Promise<PayResult> {
    const paypal = deps.paypal;
    if (!paypal)
      throw invalidInput(
        { method: fieldProblem('payment_method_unavailable', 'PayPal is not offered here. Please pay by card.') },
        'PayPal is not offered here. Please pay by card.',
        'paypal_not_offered',
      );
    const buyerEmail = await requireBuyerEmail(db, userId, email);
    const claim = await lifecycle.pay(userId, orderId, 'paypal', { buyerEmail });
    const { order } = claim;
    if (!claim.changed) {
      if (order.status === 'paid') return { orderId: order.id, status: 'paid', redirectUrl: null, reason: null };
      if (order.status === 'cancelled' || order.status === 'refunded') throw noLongerPayable();
      if (order.status === 'requires_action' && order.provider === 'paypal' && order.provider_ref) {
        const again = (await paypal.approveUrl(order.provider_ref)) ?? (await paypalOrder(paypal, order)).approveUrl;
        return { orderId: order.id, status: 'redirect', redirectUrl: again, reason: null };
      }
      return { orderId: order.id, status: 'processing', redirectUrl: null, reason: null };
    }
    let created: { id: string; approveUrl: string };
    try {
      created = await paypalOrder(paypal, order);
    } catch {
      await lifecycle.fail(order.id, order.attempt, PAYPAL_DOWN);
      throw new AppError(500, PAYPAL_DOWN, 'paypal_unavailable');
    }
    await lifecycle.needsAction(order.id, order.attempt, 'paypal', created.id);
    return { orderId: order.id, status: 'redirect', redirectUrl: created.approveUrl, reason: null };
  }

  /**
   * The buyer approved at PayPal and came back: the PayPal order is captured and the outcome
   * applied once. Only the signed address of the order's current attempt acts (never a bare
   * PayPal order id), and coming back twice captures once. Answers our order's id, or null.
   */
  async function completePaypal(back: PaypalBack): Promise<string | null> {
    const paypal = deps.paypal;
    if (!paypal) return null;
    const order = await paypalOrderFor('return', back);
    if (!order) return null;
    if (order.status !== 'requires_action') return order.id;
    let outcome: ChargeOutcome;
    try {
      const captured = await paypal.capture(back.paypalOrderId, `capture:${back.paypalOrderId}`);
      outcome =
        captured.status === 'completed'
          ? { status: 'succeeded', providerRef: back.paypalOrderId }
          : { status: 'failed', providerRef: back.paypalOrderId, reason: captured.reason };
    } catch {
      // PayPal did not answer: the order waits and the buyer may come back (the capture is idempotent).
      return order.id;
    }
    await settle(order.id, outcome, 'paypal');
    return order.id;
  }

  /** The buyer cancelled at PayPal and came back (its signed cancel address): an unpaid order is cancelled. */
  async function cancelPaypalOrder(back: PaypalBack): Promise<{ orderId: string; cancelled: boolean } | null> {
    const order = await paypalOrderFor('cancel', back);
    if (!order) return null;
    // An order paid meanwhile (its return address came first) stays paid, and the result page says so.
    return { orderId: order.id, cancelled: await lifecycle.cancel(order.id) };
  }

  /**
   * A provider's event about one of our charges (already verified): the charge's state is read back
   * from the provider and applied once. An event is recorded only after it was applied, so a failed
   * attempt is applied when the provider sends it again; a replay changes nothing.
   */
  async function applyProviderEvent(
    provider: PaymentProvider,
    eventId: string,
    idempotencyKey: string,
    providerRef?: string | null,
  ): Promise<'applied' | 'duplicate'> {
    // A signed event is still only data: a key that is not one of ours is refused, not looked up.
    if (!CHARGE_KEY.test(idempotencyKey) || eventId.length === 0 || eventId.length > 255) throw malformedEvent();
    if (await repo.webhookEventSeen(db, provider.name, eventId)) return 'duplicate';
    const [orderId, attempt] = idempotencyKey.split(':') as [string, string];
    const outcome = await provider.lookup(idempotencyKey, providerRef);
    if (outcome && outcome.status !== 'requires_action')
      await lifecycle.settle(orderId, outcome, provider.name, { attempt: Number(attempt) });
    return (await repo.recordWebhookEvent(db, provider.name, eventId)) ? 'applied' : 'duplicate';
  }

  /** A signed event from the sandbox processor: verified, applied once (replays change nothing). */
  async function handleSandboxWebhook(
    rawBody: string,
    signature: string | undefined,
  ): Promise<'applied' | 'duplicate'> {
    if (!verifySandboxSignature(await deps.webhookSecret(), rawBody, signature))
      throw new AppError(400, 'Invalid signature.', 'invalid_signature', undefined, 400);
    const event = readSandboxEvent(rawBody);
    if (!event) throw malformedEvent();
    return applyProviderEvent(deps.providers.sandbox ?? deps.providers.card, event.id, event.idempotencyKey);
  }

  return { settle, pay, completePaypal, cancelPaypalOrder, applyProviderEvent, handleSandboxWebhook };
}
