import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_JS_PAGES } from './fake-stripe-js';

/**
 * A local server that answers like Stripe for what the app and its payment page use: the API
 * (customers, card payment methods, PaymentIntents created by the server and confirmed by the
 * browser with the publishable key and client secret, 3-D Secure by redirect to a challenge page,
 * off-session charges, retrieve and search, refunds, idempotency keys), signed webhooks after each
 * confirmation, and a stand-in of Stripe.js at `/v3/` whose card fields live in a frame of this
 * origin (fake-stripe-js.ts). Requests are recorded for assertions.
 */

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Json;
}

const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const CHALLENGE = '4000002500003155';
/** Asks for authentication on every charge: off-session, Stripe refuses with `authentication_required`. */
const ALWAYS_AUTHENTICATE = '4000002760003184';
const DECLINE_LATER = '4000000000000341';

/** Reads Stripe's form encoding: `a[b][c]=v`, `list[0]=x`. */
export function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Json = out;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i]!;
      node[part] ??= {};
      node = node[part] as Json;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Where the stand-in sends its signed events, as a Stripe webhook endpoint would get them. */
export interface FakeStripeWebhook {
  secret: string;
  /** POSTed to this address (a running server)… */
  url?: string;
  /** …or handed to this function (an `inject`-only test app). */
  deliver?: (payload: string, signature: string) => Promise<void>;
}

/** An app that only answers `inject` (a test app with no port): enough to hand it the events. */
interface InjectedApp {
  inject(request: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }): Promise<unknown>;
}

/**
 * Events for an `inject`-only test app, at its Stripe webhook route as Stripe would POST them. `app` is
 * asked at each event: the app usually starts after the stand-in, whose address it needs.
 */
export function injectedWebhook(secret: string, app: () => InjectedApp): FakeStripeWebhook {
  return {
    secret,
    deliver: async (payload, signature) => {
      await app().inject({
        method: 'POST',
        url: '/api/webhook/payment/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    },
  };
}

export interface FakeStripeOptions {
  webhook?: FakeStripeWebhook;
  /** Whether the Express Checkout Element offers a wallet (Google Pay). */
  wallets?: boolean;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, Json>;
  /** The buyer finished (or abandoned) the bank's check of a PaymentIntent. */
  authenticate(intentId: string, success: boolean): void;
  /** Sends events to this endpoint from now on. */
  setWebhook(webhook: FakeStripeWebhook | null): void;
  /** Offers a wallet button in the Express Checkout Element, or not. */
  setWallets(offered: boolean): void;
  /** Waits until every event sent so far was answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_episodic';

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  let webhook = options.webhook ?? null;
  let wallets = options.wallets ?? false;
  const deliveries = new Set<Promise<void>>();
  const signer = new Stripe(FAKE_STRIPE_KEY);
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json & { number: string }>();
  const intents = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: string }>();

  const publicMethod = (pm: Json & { number: string }) => {
    const { number: _number, ...rest } = pm;
    return rest;
  };
  const present = (intent: Json, expand: boolean) => {
    const pmId = intent.payment_method as string | null;
    return { ...intent, payment_method: expand && pmId ? publicMethod(methods.get(pmId)!) : pmId };
  };

  /** Sends the event about an intent to the configured endpoint, signed like Stripe's. */
  function emit(type: string, intent: Json) {
    const target = webhook;
    if (!target) return;
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: present(intent, false) },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: target.secret });
    const sent = (async () => {
      if (target.deliver) await target.deliver(payload, signature);
      else if (target.url)
        await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
    })()
      .catch(() => undefined)
      .finally(() => deliveries.delete(sent));
    deliveries.add(sent);
  }

  function newMethod(card: Json, billing: unknown): Json & { number: string } {
    const number = String(card.number ?? '').replace(/\D/g, '');
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      number,
      customer: null as unknown,
      billing_details: billing ?? {},
      card: {
        brand: number.startsWith('4') ? 'visa' : 'mastercard',
        last4: number.slice(-4),
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
        funding: 'credit',
      },
    };
    methods.set(pm.id, pm);
    return pm;
  }

  /** The browser confirms a server-made intent with a card entered in the Payment Element. */
  function confirmIntent(intent: Json, body: Json): { status: number; body: Json } {
    if (!['requires_payment_method', 'requires_confirmation'].includes(String(intent.status)))
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${String(intent.status)}; it cannot be confirmed.`,
            payment_intent: present(intent, false),
          },
        },
      };
    const data = (body.payment_method_data ?? {}) as Json;
    const pm = newMethod((data.card ?? {}) as Json, data.billing_details);
    intent.payment_method = pm.id;
    intent.last_payment_error = null;
    const decline = DECLINES[pm.number];
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline };
      emit('payment_intent.payment_failed', intent);
      return {
        status: 402,
        body: { error: { type: 'card_error', ...decline, payment_intent: present(intent, false) } },
      };
    }
    if (pm.number === CHALLENGE || pm.number === ALWAYS_AUTHENTICATE) {
      intent.status = 'requires_action';
      const back = String(body.return_url ?? '');
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${server.url}/authenticate/${String(intent.id)}?return_url=${encodeURIComponent(back)}`,
          return_url: back,
        },
      };
      return { status: 200, body: present(intent, false) };
    }
    intent.status = 'succeeded';
    if (intent.setup_future_usage && intent.customer) pm.customer = intent.customer;
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: present(intent, false) };
  }

  function createIntent(body: Json): { status: number; body: Json } {
    if (body.payment_method === undefined) {
      // Made by the server for the browser to confirm (Payment Element): no card yet.
      const intent: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        receipt_email: body.receipt_email ?? null,
        automatic_payment_methods: body.automatic_payment_methods ?? null,
        payment_method: null,
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: null,
        setup_future_usage: body.setup_future_usage ?? null,
        created: Math.floor(Date.now() / 1000),
      };
      intent.client_secret = `${String(intent.id)}_secret_${randomBytes(12).toString('hex')}`;
      intents.set(intent.id as string, intent);
      return { status: 200, body: intent };
    }
    const pm = methods.get(String(body.payment_method));
    if (!pm)
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      payment_method: pm.id,
      status: 'requires_confirmation',
      next_action: null,
      last_payment_error: null,
      setup_future_usage: body.setup_future_usage ?? null,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(intent.id as string, intent);
    const offSession = body.off_session === 'true';
    const decline =
      DECLINES[pm.number] ??
      (offSession && pm.number === DECLINE_LATER ? DECLINES['4000000000000002'] : undefined) ??
      (offSession && pm.number === ALWAYS_AUTHENTICATE
        ? { code: 'authentication_required', message: 'This payment requires authentication.' }
        : undefined);
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline };
      return { status: 402, body: { error: { type: 'card_error', ...decline, payment_intent: intent } } };
    }
    if ((pm.number === CHALLENGE || pm.number === ALWAYS_AUTHENTICATE) && !offSession) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${server.url}/authenticate/${String(intent.id)}`, return_url: body.return_url },
      };
    } else {
      intent.status = 'succeeded';
    }
    if (intent.status === 'succeeded' && body.setup_future_usage && body.customer) pm.customer = body.customer;
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, body: Json, query: URLSearchParams): { status: number; body: Json } {
    const expand = JSON.stringify(body.expand ?? Object.fromEntries(query)).includes('payment_method');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      return { status: 200, body: publicMethod(newMethod((body.card ?? {}) as Json, body.billing_details)) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const created = createIntent(body);
      if (created.status === 200) return { status: 200, body: present(created.body, expand) };
      return created;
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = /metadata\['idempotency_key'\]:'([^']*)'/.exec(query.get('query') ?? '')?.[1];
      const data = [...intents.values()]
        .filter((i) => (i.metadata as Json).idempotency_key === wanted)
        .map((i) => present(i, true));
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' },
      };
    }
    const confirm = /^\/v1\/payment_intents\/(pi_[a-f0-9]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]!);
      if (!intent)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      return confirmIntent(intent, body);
    }
    const one = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (method === 'GET' && one) {
      const intent = intents.get(one[1]!);
      return intent
        ? { status: 200, body: present(intent, expand) }
        : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      if (!intent || intent.status !== 'succeeded')
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'This PaymentIntent cannot be refunded.' } },
        };
      // As Stripe: partial refunds add up, never beyond what the charge took.
      const amount = Number(body.amount ?? intent.amount);
      const left = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
      if (amount > left)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount (${String(amount)}) is greater than unrefunded amount on charge (${String(left)})`,
            },
          },
        };
      intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: intent.id,
          status: 'succeeded',
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server = Object.assign(
    http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const body = parseStripeForm(text);
        const key = req.headers['idempotency-key'] as string | undefined;
        requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          authorization: req.headers.authorization,
          idempotencyKey: key,
          body,
        });
        const send = (status: number, payload: string) => {
          res.writeHead(status, {
            'content-type': 'application/json',
            'request-id': id('req'),
            'access-control-allow-origin': '*',
          });
          res.end(payload);
        };
        const page = STRIPE_JS_PAGES.find((p) => p.method === req.method && p.path.test(url.pathname));
        if (page) {
          const answer = page.answer({ origin: server.url, url, body, wallets, authenticate: finishChallenge });
          res.writeHead(answer.status, {
            'content-type': answer.type,
            'access-control-allow-origin': '*',
            'cache-control': 'no-store',
            ...(answer.location ? { location: answer.location } : {}),
          });
          res.end(answer.body);
          return;
        }
        if (key && req.method === 'POST' && idempotent.has(key)) {
          const saved = idempotent.get(key)!;
          return send(saved.status, saved.body);
        }
        // The browser (Stripe.js) calls with the publishable key and the intent's client secret.
        const browserIntent = /^\/v1\/payment_intents\/(pi_[a-f0-9]+)(\/confirm)?$/.exec(url.pathname);
        const publishable = body.key ?? url.searchParams.get('key');
        if (publishable !== undefined && publishable !== null) {
          const intent = browserIntent ? intents.get(browserIntent[1]!) : undefined;
          const secret = body.client_secret ?? url.searchParams.get('client_secret');
          if (publishable !== FAKE_STRIPE_PUBLISHABLE_KEY || !intent || intent.client_secret !== secret)
            return send(
              401,
              JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key or client secret' } }),
            );
          const answer =
            req.method === 'POST' ? confirmIntent(intent, body) : { status: 200, body: present(intent, false) };
          return send(answer.status, JSON.stringify(answer.body));
        }
        if (req.headers.authorization !== `Bearer ${expectedKey}`)
          return send(
            401,
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
          );
        const answer = route(req.method ?? 'GET', url.pathname, body, url.searchParams);
        const payload = JSON.stringify(answer.body);
        if (key && req.method === 'POST') idempotent.set(key, { status: answer.status, body: payload });
        send(answer.status, payload);
      });
    }),
    { url: '' },
  );
  const expectedKey = 'sk_test_episodic';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  /** The bank's page was answered: the intent succeeds or fails, its event is sent. */
  function finishChallenge(intentId: string, success: boolean): Json | null {
    const intent = intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') return null;
    authenticate(intentId, success);
    emit(success ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    return intent;
  }

  function authenticate(intentId: string, success: boolean) {
    {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.next_action = null;
      if (success) {
        intent.status = 'succeeded';
        const pm = methods.get(intent.payment_method as string);
        if (pm && intent.setup_future_usage) pm.customer = intent.customer;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'The card authentication was not completed.',
        };
      }
    }
  }

  return {
    url: server.url,
    requests,
    intents,
    authenticate,
    setWebhook(next) {
      webhook = next;
    },
    setWallets(offered) {
      wallets = offered;
    },
    async idle() {
      while (deliveries.size > 0) await Promise.all([...deliveries]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const FAKE_STRIPE_KEY = 'sk_test_episodic';

/**
 * What the stand-in's card frame sends when the buyer confirms in the Payment Element (the card
 * goes to Stripe with the publishable key and the client secret, never through our server).
 */
export async function confirmAsBrowser(
  fakeUrl: string,
  clientSecret: string,
  number: string,
  returnUrl = 'http://episodic.test/order/result',
  cvc = '123',
): Promise<{ status: number; body: Json }> {
  const form = new URLSearchParams({
    key: FAKE_STRIPE_PUBLISHABLE_KEY,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': cvc,
    'payment_method_data[billing_details][name]': 'Ana Lima',
    return_url: returnUrl,
  });
  const intentId = clientSecret.split('_secret_')[0]!;
  const res = await fetch(`${fakeUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: res.status, body: (await res.json()) as Json };
}
