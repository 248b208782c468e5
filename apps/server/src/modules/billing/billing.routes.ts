import { Type, type Static } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EnvelopeOf,
  MembershipSchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentOptionsSchema,
  PaymentOverviewSchema,
  type PaymentOptions,
  PayResultSchema,
  PlanSchema,
  UnlockResultSchema,
  MAX_PAGE_SIZE,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { AppError, fieldProblem, invalidInput } from '../../http/errors';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { BillingService, PaypalBack } from './billing.service';
import { SANDBOX_TEST_CARDS, type SandboxProvider, type TestCardBehavior } from './sandbox-provider';
import { StripeWebhookError, type StripeProvider } from './stripe-provider';
import type { PaypalGateway, PaypalSandbox } from './paypal-gateway';
import { verifyCancelLink } from './cancel-link';
import { cancelLinkPage, type CancelLinkState } from './cancel-page';
import { sameOriginPath } from '../../http/redirect-target';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Uuid = Type.String({ format: 'uuid' });
const Field = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const PayBody = Type.Object({
  orderId: Uuid,
  method: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('paypal')])),
  card: Type.Optional(
    Type.Object({
      number: Field(30),
      expiry: Field(10),
      cvv: Field(4),
      firstName: Field(60),
      lastName: Field(60),
      email: Field(254),
    }),
  ),
  agree: Type.Optional(Type.Boolean()),
});

const CARD_OUTCOME: Record<TestCardBehavior, PaymentOptions['testCards'][number]['outcome']> = {
  ok: 'succeeds',
  decline: 'declines',
  challenge: 'authentication',
  decline_later: 'declines_renewals',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface BillingRouteOptions {
  /** Test mode: the sandbox's pages and webhook exist, and viewers are told no money is taken. */
  mode?: 'test' | 'live';
  /** The built-in sandbox takes the cards (then its test cards are listed). */
  sandboxCards?: boolean;
  /** Card payments through Stripe, when configured: its webhooks arrive at /api/webhook/payment/stripe. */
  stripe?: StripeProvider | null;
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
        response: { 200: EnvelopeOf(Type.Array(PlanSchema)) },
      },
    },
    async (req) => ok(await billing.plans(requestLanguage(req))),
  );

  const mode = options.mode ?? 'test';
  const testCards: PaymentOptions['testCards'] =
    mode === 'test' && options.sandboxCards !== false
      ? SANDBOX_TEST_CARDS.map((c) => ({ number: c.number, brand: c.brand, outcome: CARD_OUTCOME[c.behavior] }))
      : [];
  const paymentOptions: PaymentOptions = { mode, paypal: Boolean(options.paypal), testCards };
  app.get(
    '/api/payment/options',
    {
      schema: {
        tags: ['billing'],
        summary: 'How payments are taken: test or live mode, whether PayPal is offered, the test cards',
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
          'Unlock an episode with coins (episodeId), or a whole series at its quoted price (seriesId, with the price seen)',
        body: Type.Object({
          episodeId: Type.Optional(Id),
          seriesId: Type.Optional(Id),
          price: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
        }),
        response: { 200: EnvelopeOf(UnlockResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { episodeId, seriesId, price } = req.body;
      if (episodeId !== undefined) return ok(await billing.unlockEpisode(userId, episodeId));
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
        body: Type.Object({ planId: Type.String({ minLength: 1, maxLength: 40 }) }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              id: Type.String(),
              planId: Type.String(),
              amount: Type.Integer(),
              currency: Type.String(),
              status: OrderStatusSchema,
            }),
          ),
        },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { refererToken, fbclid, ttclid } = req.ctx;
      const clickIds = { refererToken, fbclid, ttclid };
      const attribution = options.orderAttribution ? await options.orderAttribution(userId, clickIds) : clickIds;
      return ok(await billing.createOrder(userId, req.body.planId, attribution));
    },
  );

  app.get(
    '/api/payment/order',
    {
      schema: {
        tags: ['billing'],
        summary: 'One of your orders (for the payment result page)',
        querystring: Type.Object({ id: Uuid }),
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
        body: PayBody,
        response: { 200: EnvelopeOf(PayResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { orderId, method = 'card', card, agree = false } = req.body;
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
      return ok(await billing.pay(userId, { orderId, method, card: filled, agree }));
    },
  );

  app.get(
    '/api/payment',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your orders, membership and saved card',
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
        }),
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
    async (req) => ok(await billing.cancelMembership((await requireSession(req)).userId)),
  );

  // The emailed cancel link: GET shows what cancelling means and changes nothing (mail scanners
  // follow links); the page's button POSTs the same signed fields as a plain form.
  const LinkFields = Type.Object({
    u: Type.String({ maxLength: 64 }),
    p: Type.String({ maxLength: 20 }),
    s: Type.String({ maxLength: 100 }),
  });
  const cancelPage = async (reply: FastifyReply, link: Static<typeof LinkFields>, act: boolean) => {
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
        querystring: LinkFields,
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
          body: LinkFields,
        },
      },
      async (req, reply) => cancelPage(reply, req.body as Static<typeof LinkFields>, true),
    );
  });

  if (mode === 'test') registerSandboxRoutes(app, billing, sandbox, resultPage);

  // Stripe's signed events: verified on the raw body, then applied once per event.
  const stripe = options.stripe;
  if (stripe) {
    app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      scope.post('/api/webhook/payment/stripe', { schema: { hide: true } }, async (req) => {
        const signature = req.headers['stripe-signature'];
        let event;
        try {
          event = stripe.parseWebhook(String(req.body), typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          throw new AppError(
            400,
            err instanceof StripeWebhookError ? err.message : 'Invalid signature.',
            err instanceof StripeWebhookError && err.reason === 'malformed' ? 'malformed_event' : 'invalid_signature',
            undefined,
            400,
          );
        }
        const result = event
          ? await billing.applyProviderEvent(stripe, event.eventId, event.idempotencyKey)
          : 'ignored';
        return ok({ result });
      });
    });
  }
  const paypal = options.paypal;
  // What PayPal appends (`token`, `PayerID`) to the signed address our order gave it (`order`, `sig`).
  const BackQuery = Type.Object({
    token: Type.Optional(Type.String({ maxLength: 100 })),
    PayerID: Type.Optional(Type.String({ maxLength: 100 })),
    order: Type.Optional(Type.String({ maxLength: 64 })),
    sig: Type.Optional(Type.String({ maxLength: 100 })),
  });
  const backOf = async (query: Static<typeof BackQuery>, req: FastifyRequest): Promise<PaypalBack | null> => {
    const { token, order, sig } = query;
    if (!token || !order || !sig) return null;
    return { orderId: order, sig, paypalOrderId: token, sessionUserId: (await req.auth())?.userId ?? null };
  };
  if (paypal) {
    app.get(
      '/api/payment/paypal/return',
      {
        schema: {
          tags: ['billing'],
          summary:
            "PayPal sends the buyer here after approving: the payment is captured (only through the order's own signed address), then the result page",
          querystring: BackQuery,
        },
      },
      async (req, reply) => {
        const back = await backOf(req.query, req);
        const orderId = back ? await billing.completePaypal(back) : null;
        return reply
          .header('cache-control', 'no-store')
          .redirect(resultPage(orderId ? `/order/result?orderId=${encodeURIComponent(orderId)}` : undefined));
      },
    );
  }
  if (paypal && 'readApproval' in paypal) {
    const ApprovalQuery = Type.Object({
      id: Type.String({ maxLength: 100 }),
      amount: Type.String({ maxLength: 12 }),
      currency: Type.String({ maxLength: 3 }),
      description: Type.String({ maxLength: 200 }),
      return: Type.String({ maxLength: 500 }),
      cancel: Type.String({ maxLength: 500 }),
      sig: Type.String({ maxLength: 100 }),
    });
    // The built-in PayPal sandbox's approval page, as PayPal would show it.
    app.get(
      '/api/payment/paypal/sandbox',
      { schema: { hide: true, querystring: ApprovalQuery } },
      async (req, reply) => {
        const q = req.query;
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!(await paypal.readApproval(q)))
          return reply.code(400).send('<!doctype html><title>PayPal</title><p>This payment link is not valid.</p>');
        const price = `${(Number(q.amount) / 100).toFixed(2)} ${esc(q.currency)}`;
        const approve = `${q.return}${q.return.includes('?') ? '&' : '?'}token=${encodeURIComponent(q.id)}&PayerID=SANDBOXPAYER`;
        const cancel = `${q.cancel}${q.cancel.includes('?') ? '&' : '?'}token=${encodeURIComponent(q.id)}`;
        return reply.send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PayPal (test mode)</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px">Pay with PayPal</h1><p>Test mode: no money moves.</p>
<p style="font-size:18px"><strong>${esc(q.description)}</strong><br>${price}</p>
<a href="${esc(approve)}" style="display:block;text-align:center;padding:12px;font-size:16px;background:#0070ba;color:#fff;border-radius:8px;text-decoration:none">Pay now</a>
<a href="${esc(cancel)}" style="display:block;text-align:center;margin-top:12px;padding:12px;font-size:16px;border:1px solid #999;border-radius:8px;color:#111;text-decoration:none">Cancel and return</a></body></html>`);
      },
    );
  }
  app.get(
    '/api/webhook/payment/paypal-cancel',
    {
      schema: {
        tags: ['billing'],
        summary:
          "PayPal sends the buyer here when they cancel at PayPal: the order is cancelled (only through the order's own signed address)",
        querystring: BackQuery,
      },
    },
    async (req, reply) => {
      const back = await backOf(req.query, req);
      const orderId = back ? await billing.cancelPaypalOrder(back) : null;
      return reply
        .header('cache-control', 'no-store')
        .redirect(
          resultPage(`/order/result?status=cancelled${orderId ? `&orderId=${encodeURIComponent(orderId)}` : ''}`),
        );
    },
  );
}

/** The built-in sandbox processor's pages and webhook: test mode only. */
function registerSandboxRoutes(
  app: AppInstance,
  billing: BillingService,
  sandbox: SandboxProvider,
  resultPage: (target: string | undefined) => string,
): void {
  // The sandbox processor's 3-D Secure page, as a bank would show it.
  app.get(
    '/api/payment/sandbox/challenge/:chargeId',
    { schema: { hide: true, params: Type.Object({ chargeId: Type.String({ maxLength: 64 }) }) } },
    async (req, reply) => {
      const action = `/api/payment/sandbox/challenge/${encodeURIComponent(req.params.chargeId)}`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Confirm your payment</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px">Confirm your payment</h1><p>Your bank asks you to confirm this payment (test mode).</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="action" value="complete"><button style="width:100%;padding:12px;font-size:16px;background:#16a34a;color:#fff;border:0;border-radius:8px">Complete authentication</button></form>
<form method="post" action="${esc(action)}" style="margin-top:12px"><input type="hidden" name="action" value="fail"><button style="width:100%;padding:12px;font-size:16px;background:#fff;border:1px solid #999;border-radius:8px">Cancel</button></form></body></html>`);
    },
  );

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // The bank page's own form; the charge id in the address (96 random bits) is its credential.
    const config = { bodyTypes: ['application/x-www-form-urlencoded'], ownCredential: true };
    scope.post(
      '/api/payment/sandbox/challenge/:chargeId',
      { config, schema: { hide: true, params: Type.Object({ chargeId: Type.String({ maxLength: 64 }) }) } },
      async (req, reply) => {
        const action = (req.body as { action?: string } | undefined)?.action;
        const done = await sandbox.completeChallenge(
          (req.params as { chargeId: string }).chargeId,
          action === 'complete',
        );
        return reply.redirect(resultPage(done?.returnUrl));
      },
    );
  });

  // Signed events from the sandbox processor: the raw body is what was signed.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/api/webhook/payment/sandbox', { schema: { hide: true } }, async (req) => {
      const signature = req.headers[billing.signatureHeader];
      const result = await billing.handleSandboxWebhook(
        String(req.body),
        typeof signature === 'string' ? signature : undefined,
      );
      return ok({ result });
    });
  });
}
