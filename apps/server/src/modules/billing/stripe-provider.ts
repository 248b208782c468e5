import Stripe from 'stripe';
import { FAILURE_MESSAGES } from './payment-failures';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, SavedMethod } from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local Stripe-shaped server in tests); Stripe's own by default. */
  apiUrl?: string | null;
}

/** What a verified webhook says about a charge of ours. */
export interface StripeChargeEvent {
  eventId: string;
  idempotencyKey: string;
  /** The PaymentIntent the event is about: read back by id (search is only eventually consistent). */
  intentId: string | null;
}

/** A PaymentIntent the browser confirms with Stripe.js (Payment Element). */
export interface CheckoutIntent {
  id: string;
  clientSecret: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
  idempotencyKey: string | null;
}

export interface CheckoutIntentRequest {
  orderId: string;
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string;
  customer: string;
  email: string;
}

/** Why a webhook was refused: a signature that does not hold, or a signed body that is not an event. */
export class StripeWebhookError extends Error {
  constructor(readonly reason: 'signature' | 'malformed') {
    super(reason === 'signature' ? 'Invalid signature.' : 'This event is not one we can read.');
    this.name = 'StripeWebhookError';
  }
}

/** Saved cards are "customer:payment method", the pair an off-session charge needs. */
function splitToken(token: string): { customer: string; paymentMethod: string } | null {
  const [customer, paymentMethod] = token.split(':');
  return customer && paymentMethod ? { customer, paymentMethod } : null;
}

function savedMethodOf(intent: Stripe.PaymentIntent): SavedMethod | undefined {
  const pm = intent.payment_method;
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!pm || typeof pm === 'string' || !pm.card || !customer) return undefined;
  return {
    token: `${customer}:${pm.id}`,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/** A PaymentIntent's state as the billing rules see it. */
export function outcomeOfIntent(intent: Stripe.PaymentIntent, returnUrl: string): ChargeOutcome {
  const method = savedMethodOf(intent);
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id, ...(method ? { method } : {}) };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      // Without a redirect (an SDK-only action), the result page waits for the webhook.
      return {
        status: 'requires_action',
        providerRef: intent.id,
        redirectUrl: url ?? returnUrl,
        ...(method ? { method } : {}),
      };
    }
    case 'processing':
      return {
        status: 'requires_action',
        providerRef: intent.id,
        redirectUrl: returnUrl,
        ...(method ? { method } : {}),
      };
    case 'requires_payment_method':
    case 'requires_confirmation':
      // Not confirmed yet (the buyer is on the payment page): waiting, not declined.
      if (!intent.last_payment_error)
        return { status: 'requires_action', providerRef: intent.id, redirectUrl: returnUrl };
      return {
        status: 'failed',
        providerRef: intent.id,
        reason: intent.last_payment_error.message ?? FAILURE_MESSAGES.card_declined,
      };
    default:
      return {
        status: 'failed',
        providerRef: intent.id,
        reason: intent.last_payment_error?.message ?? FAILURE_MESSAGES.card_declined,
      };
  }
}

/**
 * Card payments through Stripe: PaymentIntents for the browser's Payment Element (stripe-checkout.ts),
 * off-session charges of saved cards (renewals), refunds, and signed webhooks.
 * Every call carries an idempotency key derived from the order attempt, so a retried request is
 * never charged twice; a lost answer is found again by searching the order's metadata.
 */
export function createStripeProvider(opts: StripeOptions) {
  const api = opts.apiUrl ? new URL(opts.apiUrl) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
  const expand = ['payment_method'];

  async function charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const key = request.idempotencyKey;
    const metadata = { order_id: request.orderId, idempotency_key: key };
    const common = {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      description: request.description,
      metadata,
      confirm: true,
      expand,
    };
    try {
      // A new card is entered in Stripe's Payment Element and confirmed by the browser: card data
      // is never sent from here (payments.ts refuses card fields before any of this).
      if (request.card) throw new Error('Stripe takes new cards in its Payment Element only');
      const saved = request.savedToken ? splitToken(request.savedToken) : null;
      if (!saved)
        return { status: 'failed', providerRef: `missing:${key}`, reason: FAILURE_MESSAGES.saved_card_unavailable };
      const intent = await stripe.paymentIntents.create(
        { ...common, customer: saved.customer, payment_method: saved.paymentMethod, off_session: true },
        { idempotencyKey: key },
      );
      return outcomeOfIntent(intent, request.returnUrl);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const intent = err.payment_intent;
        return {
          status: 'failed',
          providerRef: intent?.id ?? err.requestId ?? `declined:${key}`,
          reason: err.message || FAILURE_MESSAGES.card_declined,
          ...(err.code === 'authentication_required' ? { needsBuyer: true } : {}),
        };
      }
      throw err;
    }
  }

  async function lookup(idempotencyKey: string, providerRef?: string | null): Promise<ChargeOutcome | null> {
    if (providerRef?.startsWith('pi_')) {
      try {
        const intent = await stripe.paymentIntents.retrieve(providerRef, { expand });
        // Only an intent of this very charge: an event's id is data, the metadata is ours.
        if (intent.metadata.idempotency_key === idempotencyKey) return outcomeOfIntent(intent, '');
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
    }
    const found = await stripe.paymentIntents.search({
      query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, '')}'`,
      expand: ['data.payment_method'],
    });
    const intent = found.data[0];
    return intent ? outcomeOfIntent(intent, '') : null;
  }

  /** A Customer for one of our users; the same user gets the same Customer on a retried request. */
  async function createCustomer(userId: string, email: string): Promise<string> {
    const customer = await stripe.customers.create(
      { email, metadata: { user_id: userId } },
      { idempotencyKey: `customer:${userId}` },
    );
    return customer.id;
  }

  const checkoutIntent = (intent: Stripe.PaymentIntent): CheckoutIntent => ({
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    idempotencyKey: intent.metadata.idempotency_key ?? null,
  });

  /**
   * A PaymentIntent for the browser to confirm (not confirmed here): the order's amount, any payment
   * method the account offers, the card kept for renewals. Same key, same intent.
   */
  async function createCheckoutIntent(request: CheckoutIntentRequest): Promise<CheckoutIntent> {
    const intent = await stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        description: request.description,
        customer: request.customer,
        receipt_email: request.email,
        automatic_payment_methods: { enabled: true },
        setup_future_usage: 'off_session',
        metadata: { order_id: request.orderId, idempotency_key: request.idempotencyKey },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return checkoutIntent(intent);
  }

  async function retrieveCheckoutIntent(id: string): Promise<CheckoutIntent> {
    return checkoutIntent(await stripe.paymentIntents.retrieve(id));
  }

  /** A refund of `amount` (part or all of the charge); `key` is the refund's own, so each partial refund is one. */
  async function refund(providerRef: string, amount: number, _currency: string, key: string): Promise<void> {
    await stripe.refunds.create({ payment_intent: providerRef, amount }, { idempotencyKey: key });
  }

  /**
   * Verifies a webhook (signature and age) and reads which charge it is about; null for events that
   * do not concern a charge of ours. Throws StripeWebhookError: `signature` when it does not hold,
   * `malformed` for a validly signed body that is not an event of the expected shape.
   */
  function parseWebhook(rawBody: string, signature: string | undefined): StripeChargeEvent | null {
    let event: unknown;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', opts.webhookSecret);
    } catch (err) {
      throw new StripeWebhookError(
        err instanceof Stripe.errors.StripeSignatureVerificationError ? 'signature' : 'malformed',
      );
    }
    if (typeof event !== 'object' || event === null) throw new StripeWebhookError('malformed');
    const { id, type, data } = event as { id?: unknown; type?: unknown; data?: { object?: unknown } };
    if (typeof id !== 'string' || typeof type !== 'string') throw new StripeWebhookError('malformed');
    if (!type.startsWith('payment_intent.')) return null;
    const intent = data?.object;
    if (typeof intent !== 'object' || intent === null) throw new StripeWebhookError('malformed');
    const key = (intent as { metadata?: Record<string, unknown> | null }).metadata?.idempotency_key;
    if (key === undefined || key === null) return null;
    if (typeof key !== 'string') throw new StripeWebhookError('malformed');
    const intentId = (intent as { id?: unknown }).id;
    return { eventId: id, idempotencyKey: key, intentId: typeof intentId === 'string' ? intentId : null };
  }

  const provider = {
    name: 'stripe',
    charge,
    lookup,
    refund,
    parseWebhook,
    createCustomer,
    createCheckoutIntent,
    retrieveCheckoutIntent,
  };
  return provider satisfies PaymentProvider;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
