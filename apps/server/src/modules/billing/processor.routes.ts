import type { FastifyRequest } from 'fastify';
import type { PaymentMode } from '@episodic/contract/constants';
import {
  PaypalApprovalQuerySchema,
  PaypalBackQuerySchema,
  SandboxChallengeParamsSchema,
  type PaypalBackQuery,
} from '@episodic/contract';
import type { AppInstance } from '../../http/types';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { BillingService, PaypalBack } from './billing.service';
import type { SandboxProvider } from './sandbox-provider';
import { StripeWebhookError, type StripeProvider } from './stripe-provider';
import type { PaypalGateway, PaypalSandbox } from './paypal-gateway';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ProcessorRouteOptions {
  mode: PaymentMode;
  stripe?: StripeProvider | null;
  paypal?: PaypalGateway | PaypalSandbox | null;
}

/**
 * What the payment processors call or send the buyer back to: Stripe's webhook, PayPal's return and
 * cancel addresses, and in test mode the built-in sandboxes' pages and webhook. `resultPage` keeps
 * every redirect on this site.
 */
export function registerProcessorRoutes(
  app: AppInstance,
  billing: BillingService,
  sandbox: SandboxProvider,
  options: ProcessorRouteOptions,
  resultPage: (target: string | undefined) => string,
): void {
  if (options.mode === 'test') registerSandboxRoutes(app, billing, sandbox, resultPage);

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
          ? await billing.applyProviderEvent(stripe, event.eventId, event.idempotencyKey, event.intentId)
          : 'ignored';
        return ok({ result });
      });
    });
  }
  const paypal = options.paypal;
  const backOf = async (query: PaypalBackQuery, req: FastifyRequest): Promise<PaypalBack | null> => {
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
          querystring: PaypalBackQuerySchema,
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
    // The built-in PayPal sandbox's approval page, as PayPal would show it.
    app.get(
      '/api/payment/paypal/sandbox',
      { schema: { hide: true, querystring: PaypalApprovalQuerySchema } },
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
        querystring: PaypalBackQuerySchema,
      },
    },
    async (req, reply) => {
      const back = await backOf(req.query, req);
      const done = back ? await billing.cancelPaypalOrder(back) : null;
      const params = new URLSearchParams(done?.cancelled === false ? {} : { status: 'cancelled' });
      if (done) params.set('orderId', done.orderId);
      return reply.header('cache-control', 'no-store').redirect(resultPage(`/order/result?${params}`));
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
    { schema: { hide: true, params: SandboxChallengeParamsSchema } },
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
      { config, schema: { hide: true, params: SandboxChallengeParamsSchema } },
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
