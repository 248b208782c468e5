import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { infoLog } from '../../core.plugin';
import { lazySharedSecret } from '../../db/secrets';
import { createBillingService, type BillingService } from './billing.service';
import { registerBillingRoutes } from './billing.routes';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';
import { createPaypalRest, createPaypalSandbox } from './paypal-gateway';
import { createReceipts } from './receipts';
import { createRenewals } from './renewals';
import { createOrderReconciler } from './reconcile';
import { mergeBilling } from './billing-merge';
import { exportBilling } from './billing-merge.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans, coins, unlocks, orders, payments, memberships, refunds. */
    billing: BillingService;
  }
}

/**
 * Billing asks the catalog (what a series holds, its quote), access (what already plays) and tracking
 * (an order's attribution); it announces `order.paid` and mails the receipt on it, and moves a guest's
 * money (and the unlocks it bought) on `user.merged`.
 */
const billing: FastifyPluginAsyncTypebox = async (app) => {
  const { env, db, events, jobs, mailer } = app;
  const log = infoLog(app);
  const testMode = env.paymentMode === 'test';
  // Unset, the sandbox's signing secret is made once per database (never a constant of the source).
  const configuredHookSecret = env.sandboxWebhookSecret;
  const webhookSecret = configuredHookSecret
    ? async () => configuredHookSecret
    : lazySharedSecret(db, 'sandbox-webhook');
  const sandbox = createSandboxProvider({
    db,
    publicUrl: env.publicUrl,
    webhookSecret,
    // Delivered like a processor's webhook, after the charge's answer, through the signed-event path.
    deliver: async (body, signature) => {
      app.background.run('sandbox webhook', async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await service.handleSandboxWebhook(body, signature);
      });
    },
  });
  const linkSecret = lazySharedSecret(db, 'links');
  const stripe = env.stripe ? createStripeProvider(env.stripe) : null;
  const card = stripe ?? sandbox;
  // PayPal only when it is really configured, or the built-in one when the whole shop is in test mode.
  const paypal = env.paypal
    ? createPaypalRest(env.paypal)
    : testMode
      ? createPaypalSandbox({ publicUrl: env.publicUrl, secret: lazySharedSecret(db, 'paypal-sandbox') })
      : null;
  const service = createBillingService({
    db,
    catalog: app.catalog,
    access: app.access,
    providers: { card, sandbox },
    stripe,
    ...(paypal ? { paypal } : {}),
    publicUrl: env.publicUrl,
    linkSecret,
    webhookSecret,
    events,
  });
  app.decorate('billing', service);

  const sendReceipt = createReceipts({
    db,
    mailer,
    publicUrl: env.publicUrl,
    linkSecret,
    // Accounts registers after billing; the receipt is sent long after both are up.
    purchaseLink: (guestId, email) => app.accounts.purchaseLink(guestId, email),
    testMode,
    log,
  });
  events.on('order.paid', async (order) => app.background.run('receipt', () => sendReceipt(order.id)));
  // Before the unlocks move: coins the guest spent on episodes both had unlocked are returned.
  events.on('user.merged', ({ trx, fromUserId, toUserId }) => mergeBilling(trx, fromUserId, toUserId));
  events.on('user.exporting', async ({ userId, add }) => {
    const money = await exportBilling(db, userId);
    add('unlocks', money.unlocks);
    add('orders', money.orders);
    add('coins', money.coins);
    add('membership', money.membership);
    add('cards', money.cards);
  });

  if (env.jobs) {
    const every = env.renewalIntervalSeconds * 1000;
    const renewals = createRenewals({
      db,
      billing: service,
      provider: card,
      mailer,
      publicUrl: env.publicUrl,
      linkSecret,
      testMode,
      log,
    });
    const reconciler = createOrderReconciler({
      db,
      billing: service,
      provider: card,
      staleAfterMs: env.paymentReconcileAfterSeconds * 1000,
      log,
    });
    // Each due membership is claimed under a lease and charged once per period (renewals.ts).
    jobs.every('renewals', every, () => renewals.runOnce());
    // Settling locks the order and applies once; an order no longer processing the same attempt is left alone.
    jobs.every('payments-reconcile', every, () => reconciler.runOnce());
  }

  registerBillingRoutes(app, service, sandbox, linkSecret, {
    stripe,
    paypal,
    mode: env.paymentMode,
    sandboxCards: !stripe,
    stripeJs: env.stripe ? { publishableKey: env.stripe.publishableKey, jsUrl: env.stripe.jsUrl } : null,
    publicUrl: env.publicUrl,
    // Orders carry the user's attribution (first and last touch) besides the ordering request's click ids.
    orderAttribution: app.tracking.orderAttribution,
  });
};

export const billingPlugin = fp(billing, { name: 'billing', dependencies: ['core', 'access', 'catalog', 'tracking'] });
