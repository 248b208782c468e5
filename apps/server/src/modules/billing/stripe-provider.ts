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
    default:
      return {
        status: 'failed',
        providerRef: intent.id,
        reason: intent.last_payment_error?.message ?? FAILURE_MESSAGES.card_declined,
      };
  }
}

/**
 * Card payments through Stripe: PaymentIntents confirmed at once, the card kept for renewals
 * (`setup_future_usage: off_session`), 3-D Secure by redirect, refunds, and signed webhooks.
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
      let intent: Stripe.PaymentIntent;
      if (request.card) {
        const customer = await stripe.customers.create(
          { email: request.email, metadata: { order_id: request.orderId } },
          { idempotencyKey: `${key}:customer` },
        );
        const paymentMethod = await stripe.paymentMethods.create(
          {
            type: 'card',
            card: {
              number: request.card.number,
              exp_month: request.card.expMonth,
              exp_year: request.card.expYear,
              cvc: request.card.cvv,
            },
            billing_details: { name: request.card.name, email: request.email },
          },
          { idempotencyKey: `${key}:method` },
        );
        intent = await stripe.paymentIntents.create(
          {
            ...common,
            customer: customer.id,
            payment_method: paymentMethod.id,
            setup_future_usage: 'off_session',
            receipt_email: request.email,
            return_url: request.returnUrl,
          },
          { idempotencyKey: key },
        );
      } else {
        const saved = request.savedToken ? splitToken(request.savedToken) : null;
        if (!saved)
          return { status: 'failed', providerRef: `missing:${key}`, reason: FAILURE_MESSAGES.saved_card_unavailable };
        intent = await stripe.paymentIntents.create(
          { ...common, customer: saved.customer, payment_method: saved.paymentMethod, off_session: true },
          { idempotencyKey: key },
        );
      }
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

  async function lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const found = await stripe.paymentIntents.search({
      query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, '')}'`,
      expand: ['data.payment_method'],
    });
    const intent = found.data[0];
    return intent ? outcomeOfIntent(intent, '') : null;
  }

  async function refund(providerRef: string, amount: number): Promise<void> {
    await stripe.refunds.create(
      { payment_intent: providerRef, amount },
      { idempotencyKey: `refund:${providerRef}:${String(amount)}` },
    );
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
    return { eventId: id, idempotencyKey: key };
  }

  const provider: PaymentProvider & { parseWebhook: typeof parseWebhook } = {
    name: 'stripe',
    charge,
    lookup,
    refund,
    parseWebhook,
  };
  return provider;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
