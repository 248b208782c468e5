import type { Env } from './env';
import { EnvError, read, url, type Source } from './env-values';

// The payment processors' settings, and the payment mode they must agree with.

export function stripeEnv(src: Source): Env['stripe'] {
  const secretKey = read(src, 'STRIPE_SECRET_KEY');
  const webhookSecret = read(src, 'STRIPE_WEBHOOK_SECRET');
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey) throw new EnvError('STRIPE_SECRET_KEY', 'must be set when STRIPE_WEBHOOK_SECRET is');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new EnvError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_… or sk_live_…)');
  if (!webhookSecret)
    throw new EnvError(
      'STRIPE_WEBHOOK_SECRET',
      'must be set when STRIPE_SECRET_KEY is (the whsec_… signing secret of the webhook endpoint)',
    );
  // The browser confirms payments with Stripe.js and the publishable key: card data goes to Stripe only.
  const publishableKey = read(src, 'STRIPE_PUBLISHABLE_KEY');
  if (!publishableKey)
    throw new EnvError(
      'STRIPE_PUBLISHABLE_KEY',
      'must be set when STRIPE_SECRET_KEY is (the pk_… key the payment page loads Stripe.js with)',
    );
  if (!/^pk_(test|live)_\w+$/.test(publishableKey))
    throw new EnvError('STRIPE_PUBLISHABLE_KEY', 'must be a Stripe publishable key (pk_test_… or pk_live_…)');
  return {
    secretKey,
    webhookSecret,
    publishableKey,
    apiUrl: url(src, 'STRIPE_API_URL', ['http:', 'https:']) ?? null,
    jsUrl: url(src, 'STRIPE_JS_URL', ['http:', 'https:']) ?? STRIPE_JS_URL,
  };
}

/** Where Stripe.js is loaded from: Stripe requires its own address (never a copy). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

const PAYPAL_LIVE_API = 'https://api-m.paypal.com';
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

export function paypalEnv(src: Source, mode: Env['paymentMode']): Env['paypal'] {
  const clientId = read(src, 'PAYPAL_CLIENT_ID');
  const clientSecret = read(src, 'PAYPAL_CLIENT_SECRET');
  if (!clientId && !clientSecret) return null;
  if (!clientId) throw new EnvError('PAYPAL_CLIENT_ID', 'must be set when PAYPAL_CLIENT_SECRET is');
  if (!clientSecret) throw new EnvError('PAYPAL_CLIENT_SECRET', 'must be set when PAYPAL_CLIENT_ID is');
  // The API follows the payment mode: PayPal's own sandbox in test mode, its live API in live mode.
  const apiUrl = (
    url(src, 'PAYPAL_API_URL', ['http:', 'https:']) ?? (mode === 'live' ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)
  ).replace(/\/+$/, '');
  if (mode === 'test' && apiUrl === PAYPAL_LIVE_API)
    throw new EnvError(
      'PAYPAL_API_URL',
      `is PayPal's live API but PAYMENT_MODE is test (no money may move): use ${PAYPAL_SANDBOX_API}, or set PAYMENT_MODE=live`,
    );
  if (mode === 'live' && new URL(apiUrl).hostname.endsWith('sandbox.paypal.com'))
    throw new EnvError('PAYPAL_API_URL', "is PayPal's sandbox but PAYMENT_MODE is live");
  return { clientId, clientSecret, apiUrl };
}

/** Live mode needs a real card processor with live keys; test mode never uses live keys. */
export function checkPaymentMode(mode: Env['paymentMode'], stripe: Env['stripe']): void {
  if (mode === 'live' && !stripe)
    throw new EnvError(
      'PAYMENT_MODE',
      'live needs a real card processor: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the built-in sandbox takes no money)',
    );
  const liveKey = stripe ? /^(sk|rk)_live_/.test(stripe.secretKey) : false;
  if (stripe && mode === 'live' && !liveKey)
    throw new EnvError('STRIPE_SECRET_KEY', 'is a test key but PAYMENT_MODE is live: use a live key (sk_live_…)');
  if (stripe && mode === 'test' && liveKey)
    throw new EnvError(
      'STRIPE_SECRET_KEY',
      'is a live key but PAYMENT_MODE is test: set PAYMENT_MODE=live to take real money',
    );
  if (stripe && stripe.publishableKey.startsWith('pk_live_') !== liveKey)
    throw new EnvError(
      'STRIPE_PUBLISHABLE_KEY',
      `is a ${liveKey ? 'test' : 'live'} key but STRIPE_SECRET_KEY is a ${liveKey ? 'live' : 'test'} one: use the pair of the same mode`,
    );
}

/**
 * Why this environment must not start, or null: test payments on a public https address give
 * purchases away unless an operator says this is a test server.
 */
export function paymentStartProblem(
  env: Pick<Env, 'paymentMode' | 'publicUrl' | 'allowTestPaymentsOnHttps'>,
): string | null {
  if (env.paymentMode !== 'test' || !env.publicUrl.startsWith('https:') || env.allowTestPaymentsOnHttps) return null;
  return `Refusing to start: PAYMENT_MODE is test (no money is taken, test cards only) but PUBLIC_URL is https (${env.publicUrl}); set PAYMENT_MODE=live with a real processor, or ALLOW_TEST_PAYMENTS_ON_HTTPS=true for a public test server.`;
}
