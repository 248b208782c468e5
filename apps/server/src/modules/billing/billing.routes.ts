import { Type } from 'typebox';
import {
  EnvelopeOf,
  MembershipSchema,
  OrderSchema,
  PaymentOverviewSchema,
  PayResultSchema,
  PlanSchema,
  UnlockResultSchema,
  MAX_PAGE_SIZE,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { AppError, invalidInput } from '../../http/errors';
import { requireSession } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import type { BillingService } from './billing.service';
import type { SandboxProvider } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';
import type { PaypalGateway, PaypalSandbox } from './paypal-gateway';
import { verifyCancelLink } from './cancel-link';
import { sameOriginPath } from '../../http/redirect-target';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Uuid = Type.String({ format: 'uuid' });
const Field = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const PayBody = Type.Object({
  orderId: Uuid,
  method: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('paypal')])),
  card: Type.Optional(Type.Object({ number: Field(30), expiry: Field(10), cvv: Field(4), firstName: Field(60), lastName: Field(60), email: Field(254) })),
  agree: Type.Optional(Type.Boolean()),
});

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface BillingRouteOptions {
  /** Card payments through Stripe, when configured: its webhooks arrive at /api/webhook/payment/stripe. */
  stripe?: StripeProvider | null;
  /** PayPal: the return from its approval page, and the built-in sandbox's own approval page. */
  paypal?: PaypalGateway | PaypalSandbox | null;
  /** The site's address: redirects back from a processor's page may name it, and never another. */
  publicUrl?: string;
}

export function registerBillingRoutes(app: AppInstance, billing: BillingService, sandbox: SandboxProvider, linkSecret: () => Promise<string>, options: BillingRouteOptions = {}): void {
  /** Every redirect of these routes stays on this site (http/redirect-target). */
  const resultPage = (target: string | undefined) => sameOriginPath(target, { publicUrl: options.publicUrl, fallback: '/order/result' });
  app.get('/api/plan', { schema: { tags: ['billing'], summary: 'Memberships and coin packs for sale, priced by the server', response: { 200: EnvelopeOf(Type.Array(PlanSchema)) } } }, async (req) =>
    ok(await billing.plans(requestLanguage(req))),
  );

  app.post(
    '/api/video/unlock',
    {
      schema: {
        tags: ['billing'],
        summary: "Unlock an episode with coins (episodeId), or a whole series at its quoted price (seriesId, with the price seen)",
        body: Type.Object({ episodeId: Type.Optional(Id), seriesId: Type.Optional(Id), price: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })) }),
        response: { 200: EnvelopeOf(UnlockResultSchema) },
      },
    },
    async (req) => {
      const { userId } = await requireSession(req);
      const { episodeId, seriesId, price } = req.body;
      if (episodeId !== undefined) return ok(await billing.unlockEpisode(userId, episodeId));
      if (seriesId !== undefined) return ok(await billing.unlockSeries(userId, seriesId, price));
      throw invalidInput({ episodeId: 'Say which episode (or series) to unlock.' });
    },
  );

  app.post(
    '/api/payment/order',
    { schema: { tags: ['billing'], summary: 'Open an order for a plan at the server price', body: Type.Object({ planId: Type.String({ minLength: 1, maxLength: 40 }) }), response: { 200: EnvelopeOf(Type.Object({ id: Type.String(), planId: Type.String(), amount: Type.Integer(), currency: Type.String(), status: Type.String() })) } } },
    async (req) => {
      const { userId } = await requireSession(req);
      const { refererToken, fbclid, ttclid } = req.ctx;
      return ok(await billing.createOrder(userId, req.body.planId, { refererToken, fbclid, ttclid }));
    },
  );

  app.get(
    '/api/payment/order',
    { schema: { tags: ['billing'], summary: 'One of your orders (for the payment result page)', querystring: Type.Object({ id: Uuid }), response: { 200: EnvelopeOf(OrderSchema) } } },
    async (req) => ok(await billing.orderOf((await requireSession(req)).userId, req.query.id, requestLanguage(req))),
  );

  app.post(
    '/api/payment/pay',
    { schema: { tags: ['billing'], summary: 'Pay an order by card (consent required; card checked before any charge)', body: PayBody, response: { 200: EnvelopeOf(PayResultSchema) } } },
    async (req) => {
      const { userId } = await requireSession(req);
      const { orderId, method = 'card', card, agree = false } = req.body;
      const filled = card ? { number: card.number ?? '', expiry: card.expiry ?? '', cvv: card.cvv ?? '', firstName: card.firstName ?? '', lastName: card.lastName ?? '', email: card.email ?? '' } : undefined;
      return ok(await billing.pay(userId, { orderId, method, card: filled, agree }));
    },
  );

  app.get(
    '/api/payment',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your orders, membership and saved card',
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })) }),
        response: { 200: EnvelopeOf(PaymentOverviewSchema) },
      },
    },
    async (req) => ok(await billing.overview((await requireSession(req)).userId, requestLanguage(req), req.query.page ?? 1, req.query.pageSize ?? 20)),
  );

  app.post(
    '/api/payment/cancel',
    { schema: { tags: ['billing'], summary: 'Stop auto-renewal; access lasts to the end of the paid period', response: { 200: EnvelopeOf(MembershipSchema) } } },
    async (req) => ok(await billing.cancelMembership((await requireSession(req)).userId)),
  );

  app.get(
    '/api/payment/cancel-link',
    { schema: { tags: ['billing'], summary: 'The one-tap cancel link of renewal emails', querystring: Type.Object({ u: Type.String({ maxLength: 64 }), s: Type.String({ maxLength: 100 }) }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!verifyCancelLink(await linkSecret(), req.query.u, req.query.s)) return reply.redirect('/my?renewal=invalid-link');
      await billing.cancelMembership(req.query.u);
      return reply.redirect('/my?renewal=cancelled');
    },
  );

  // The sandbox processor's 3-D Secure page, as a bank would show it.
  app.get('/api/payment/sandbox/challenge/:chargeId', { schema: { hide: true, params: Type.Object({ chargeId: Type.String({ maxLength: 64 }) }) } }, async (req, reply) => {
    const action = `/api/payment/sandbox/challenge/${encodeURIComponent(req.params.chargeId)}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Confirm your payment</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px">Confirm your payment</h1><p>Your bank asks you to confirm this payment (test mode).</p>
<form method="post" action="${esc(action)}"><input type="hidden" name="action" value="complete"><button style="width:100%;padding:12px;font-size:16px;background:#16a34a;color:#fff;border:0;border-radius:8px">Complete authentication</button></form>
<form method="post" action="${esc(action)}" style="margin-top:12px"><input type="hidden" name="action" value="fail"><button style="width:100%;padding:12px;font-size:16px;background:#fff;border:1px solid #999;border-radius:8px">Cancel</button></form></body></html>`);
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    // The bank page's own form; the charge id in the address (96 random bits) is its credential.
    const config = { bodyTypes: ['application/x-www-form-urlencoded'], ownCredential: true };
    scope.post('/api/payment/sandbox/challenge/:chargeId', { config, schema: { hide: true, params: Type.Object({ chargeId: Type.String({ maxLength: 64 }) }) } }, async (req, reply) => {
      const action = (req.body as { action?: string } | undefined)?.action;
      const done = await sandbox.completeChallenge((req.params as { chargeId: string }).chargeId, action === 'complete');
      return reply.redirect(resultPage(done?.returnUrl));
    });
  });

  // Signed events from the sandbox processor: the raw body is what was signed.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/api/webhook/payment/sandbox', { schema: { hide: true } }, async (req) => {
      const signature = req.headers[billing.signatureHeader];
      const result = await billing.handleSandboxWebhook(String(req.body), typeof signature === 'string' ? signature : undefined);
      return ok({ result });
    });
  });

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
        } catch {
          throw new AppError(400, 'Invalid signature.', undefined, 400);
        }
        const result = event ? await billing.applyProviderEvent(stripe, event.eventId, event.idempotencyKey) : 'ignored';
        return ok({ result });
      });
    });
  }
  const paypal = options.paypal;
  if (paypal) {
    app.get(
      '/api/payment/paypal/return',
      {
        schema: {
          tags: ['billing'],
          summary: 'PayPal sends the buyer here after approving: the payment is captured, then the result page',
          querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })), PayerID: Type.Optional(Type.String({ maxLength: 100 })) }),
        },
      },
      async (req, reply) => {
        const orderId = req.query.token ? await billing.completePaypal(req.query.token) : null;
        return reply.header('cache-control', 'no-store').redirect(resultPage(orderId ? `/order/result?orderId=${encodeURIComponent(orderId)}` : undefined));
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
    app.get('/api/payment/paypal/sandbox', { schema: { hide: true, querystring: ApprovalQuery } }, async (req, reply) => {
      const q = req.query;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!(await paypal.readApproval(q))) return reply.code(400).send('<!doctype html><title>PayPal</title><p>This payment link is not valid.</p>');
      const price = `${(Number(q.amount) / 100).toFixed(2)} ${esc(q.currency)}`;
      const approve = `${q.return}${q.return.includes('?') ? '&' : '?'}token=${encodeURIComponent(q.id)}&PayerID=SANDBOXPAYER`;
      const cancel = `${q.cancel}${q.cancel.includes('?') ? '&' : '?'}token=${encodeURIComponent(q.id)}`;
      return reply.send(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width,initial-scale=1"><title>PayPal (test mode)</title>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px">Pay with PayPal</h1><p>Test mode: no money moves.</p>
<p style="font-size:18px"><strong>${esc(q.description)}</strong><br>${price}</p>
<a href="${esc(approve)}" style="display:block;text-align:center;padding:12px;font-size:16px;background:#0070ba;color:#fff;border-radius:8px;text-decoration:none">Pay now</a>
<a href="${esc(cancel)}" style="display:block;text-align:center;margin-top:12px;padding:12px;font-size:16px;border:1px solid #999;border-radius:8px;color:#111;text-decoration:none">Cancel and return</a></body></html>`);
    });
  }
  app.get(
    '/api/webhook/payment/paypal-cancel',
    { schema: { tags: ['billing'], summary: "PayPal sends the buyer here when they cancel at PayPal: the order is cancelled", querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) }) } },
    async (req, reply) => {
      const orderId = req.query.token ? await billing.cancelProviderOrder('paypal', req.query.token) : null;
      return reply.header('cache-control', 'no-store').redirect(resultPage(`/order/result?status=cancelled${orderId ? `&orderId=${encodeURIComponent(orderId)}` : ''}`));
    },
  );
}
