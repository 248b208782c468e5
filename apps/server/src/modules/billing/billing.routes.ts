import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentMode } from '@episodic/contract/constants';
import {
  CancelLinkSchema,
  EnvelopeOf,
  MembershipSchema,
  OrderCreatedSchema,
  OrderInputSchema,
  OrderQuerySchema,
  OrderSchema,
  PayInputSchema,
  PaymentIntentInputSchema,
  PaymentIntentSchema,
  PaymentOptionsSchema,
  PaymentOverviewQuerySchema,
  PaymentOverviewSchema,
  PayResultSchema,
  PlanListSchema,
  QuickPayCardSchema,
  QuickPayInputSchema,
  QuickPayResultSchema,
  UnlockInputSchema,
  UnlockResultSchema,
  type CancelLink,
  type PaymentOptions,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { fieldProblem, invalidInput } from '../../http/errors';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { BillingService } from './billing.service';
import { SANDBOX_TEST_CARDS, type SandboxProvider, type TestCardBehavior } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';
import type { PaypalGateway, PaypalSandbox } from './paypal-gateway';
import { verifyCancelLink } from './cancel-link';
import { cancelLinkPage, type CancelLinkState } from './cancel-page';
import { sameOriginPath } from '../../http/redirect-target';
import { registerProcessorRoutes } from './processor.routes';

const CARD_OUTCOME: Record<TestCardBehavior, PaymentOptions['testCards'][number]['outcome']> = {
  ok: 'succeeds',
  decline: 'declines',
  challenge: 'authentication',
  challenge_always: 'authentication',
  decline_later: 'declines_renewals',
};

export interface BillingRouteOptions {
  /** Test mode: the sandbox's pages and webhook exist, and viewers are told no money is taken. */
  mode?: PaymentMode;
  /** The built-in sandbox takes the cards (then its test cards are listed). */
  sandboxCards?: boolean;
  /** Card payments through Stripe, when configured: its webhooks arrive at /api/webhook/payment/stripe. */
  stripe?: StripeProvider | null;
  /** What the payment page starts Stripe.js with (its Payment Element takes the cards). */
  stripeJs?: { publishableKey: string; jsUrl: string } | null;
  /** PayPal: the return from its approval page, and the built-in sandbox's own approval page. */
  paypal?: PaypalGateway | PaypalSandbox | null;
  /** The site's address: redirects back from a processor's page may name it, and never another. */
  publicUrl?: string;
  /** Where a new order came from (the buyer's touches), from the ordering request's click ids; by default those ids alone. */
  orderAttribution?: (userId: string, clickIds: unknown) => Promise<unknown>;
}

export function registerBillingRoutes(
  app: AppInstance,
  billing: BillingService,
  sandbox: SandboxProvider,
  linkSecret: () => Promise<string>,
  options: BillingRouteOptions = {},
): void {
  /** Every redirect of these routes stays on this site (http/redirect-target). */
  const resultPage = (target: string | undefined) =>
    sameOriginPath(target, { publicUrl: options.publicUrl, fallback: '/order/result' });
  app.get(
    '/api/plan',
    {
      schema: {
        tags: ['billing'],
        summary: 'Memberships and coin packs for sale, priced by the server',
        response: { 200: EnvelopeOf(PlanListSchema) },
      },
    },
    async (req) => ok(await billing.plans(requestLanguage(req))),
  );

  /** Where a new order came from: the buyer's touches, from the ordering request's click ids. */
  const attributionOf = async (req: FastifyRequest, userId: string) => {
    const { refererToken, fbclid, ttclid } = req.ctx;
    const clickIds = { refererToken, fbclid, ttclid };
    return options.orderAttribution ? options.orderAttribution(userId, clickIds) : clickIds;
  };

  const mode = options.mode ?? 'test';
  const testCards: PaymentOptions['testCards'] =
    mode === 'test' && options.sandboxCards !== false
      ? SANDBOX_TEST_CARDS.map((c) => ({ number: c.number, brand: c.brand, outcome: CARD_OUTCOME[c.behavior] }))
      : [];
  const paymentOptions: PaymentOptions = {
    mode,
    processor: options.stripe ? 'stripe' : 'sandbox',
    stripe: options.stripe && options.stripeJs ? options.stripeJs : null,
    paypal: Boolean(options.paypal),
    testCards,
  };
  app.get(
    '/api/payment/options',
    {
      schema: {
        tags: ['billing'],
        summary:
          'How payments are taken: test or live mode, who takes the cards (the sandbox form or Stripe.js), PayPal, the test cards',
        response: { 200: EnvelopeOf(PaymentOptionsSchema) },
      },
    },
    async () => ok(paymentOptions),
  );

  app.post(
    '/api/video/unlock',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Unlock an episode (episodeId) or a whole series (seriesId) with coins; with the price seen, a changed price is refused',
        body: UnlockInputSchema,
        response: { 200: EnvelopeOf(UnlockResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { episodeId, seriesId, price } = req.body;
      if (episodeId !== undefined) return ok(await billing.unlockEpisode(userId, episodeId, price));
      if (seriesId !== undefined) return ok(await billing.unlockSeries(userId, seriesId, price));
      throw invalidInput({ episodeId: fieldProblem('target_required', 'Say which episode (or series) to unlock.') });
    },
  );

  app.post(
    '/api/payment/order',
    {
      schema: {
        tags: ['billing'],
        summary: 'Open an order for a plan at the server price',
        body: OrderInputSchema,
        response: { 200: EnvelopeOf(OrderCreatedSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      return ok(await billing.createOrder(userId, req.body.planId, await attributionOf(req, userId)));
    },
  );

  app.get(
    '/api/payment/order',
    {
      schema: {
        tags: ['billing'],
        summary: 'One of your orders (for the payment result page)',
        querystring: OrderQuerySchema,
        response: { 200: EnvelopeOf(OrderSchema) },
      },
    },
    async (req) => ok(await billing.orderOf((await requireSession(req)).userId, req.query.id, requestLanguage(req))),
  );

  app.post(
    '/api/payment/pay',
    {
      schema: {
        tags: ['billing'],
        summary: 'Pay an order by card (consent required; card checked before any charge)',
        body: PayInputSchema,
        response: { 200: EnvelopeOf(PayResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { orderId, method = 'card', card, email, agree = false } = req.body;
      const filled = card
        ? {
            number: card.number ?? '',
            expiry: card.expiry ?? '',
            cvv: card.cvv ?? '',
            firstName: card.firstName ?? '',
            lastName: card.lastName ?? '',
            email: card.email ?? '',
          }
        : undefined;
      return ok(await billing.pay(userId, { orderId, method, card: filled, email, agree }));
    },
  );

  app.post(
    '/api/payment/intent',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Start paying an order through Stripe's Payment Element: the order's PaymentIntent (one per attempt) for the browser to confirm",
        body: PaymentIntentInputSchema,
        response: { 200: EnvelopeOf(PaymentIntentSchema) },
      },
    },
    async (req) => ok(await billing.startStripeIntent((await requireSession(req)).userId, req.body)),
  );

  app.get(
    '/api/payment/quick',
    {
      schema: {
        tags: ['billing'],
        summary: 'The saved card a one-tap purchase would charge, or null',
        response: { 200: EnvelopeOf(QuickPayCardSchema) },
      },
    },
    async (req) => ok(await billing.quickPayCard((await requireSession(req)).userId)),
  );

  app.post(
    '/api/payment/quick',
    {
      schema: {
        tags: ['billing'],
        summary: 'Buy a plan with one tap on the saved card (consent required; one order and one charge per requestId)',
        body: QuickPayInputSchema,
        response: { 200: EnvelopeOf(QuickPayResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { planId, requestId, agree = false, seen } = req.body;
      return ok(
        await billing.quickPurchase(
          userId,
          { planId, requestId, agree, ...(seen ? { seen } : {}) },
          await attributionOf(req, userId),
          requestLanguage(req),
        ),
      );
    },
  );

  app.get(
    '/api/payment',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your orders, membership and saved card',
        querystring: PaymentOverviewQuerySchema,
        response: { 200: EnvelopeOf(PaymentOverviewSchema) },
      },
    },
    async (req) =>
      ok(
        await billing.overview(
          (await requireSession(req)).userId,
          requestLanguage(req),
          req.query.page ?? 1,
          req.query.pageSize ?? 20,
        ),
      ),
  );

  app.post(
    '/api/payment/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stop auto-renewal; access lasts to the end of the paid period',
        response: { 200: EnvelopeOf(MembershipSchema) },
      },
    },
    async (req) => ok(await billing.cancelMembership((await requireSession(req)).userId, requestLanguage(req))),
  );

  // The emailed cancel link: GET shows what cancelling means and changes nothing (mail scanners
  // follow links); the page's button POSTs the same signed fields as a plain form.
  const cancelPage = async (reply: FastifyReply, link: CancelLink, act: boolean) => {
    const valid = verifyCancelLink(await linkSecret(), link);
    const state: CancelLinkState = !valid
      ? { state: 'invalid', lang: 'en' }
      : act
        ? await billing.cancelRenewalByLink(link.u, Number(link.p))
        : await billing.renewalCancelState(link.u, Number(link.p));
    return reply
      .code(valid ? 200 : 400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(cancelLinkPage(state, valid ? link : null));
  };
  app.get(
    '/api/payment/cancel-link',
    {
      schema: {
        tags: ['billing'],
        summary:
          'The cancel link of renewal emails: a page saying what cancelling means, with one button (nothing changes on GET)',
        querystring: CancelLinkSchema,
      },
    },
    async (req, reply) => cancelPage(reply, req.query, false),
  );
  app.register(async (scope) => {
    // A plain HTML form from our own page (works without script and without a session): the signed fields are the credential.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/api/payment/cancel-link',
      {
        config: { bodyTypes: ['application/x-www-form-urlencoded'] },
        schema: {
          tags: ['billing'],
          summary:
            "The cancel page's button: stops the renewal of the period the link was sent for (form-encoded u, p, s)",
          body: CancelLinkSchema,
        },
      },
      async (req, reply) => cancelPage(reply, req.body as CancelLink, true),
    );
  });

  registerProcessorRoutes(app, billing, sandbox, { mode, stripe: options.stripe, paypal: options.paypal }, resultPage);
}
