import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local server that answers like Stripe's API for what the Stripe adapter uses: customers, card
 * payment methods, PaymentIntents (test cards, 3-D Secure by redirect, off-session charges, search by
 * metadata), refunds and idempotency keys. Requests are recorded for assertions.
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

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, Json>;
  /** The buyer finished (or abandoned) the bank's check of a PaymentIntent. */
  authenticate(intentId: string, success: boolean): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
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

  function createIntent(body: Json): { status: number; body: Json } {
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
      const card = (body.card ?? {}) as Json;
      const number = String(card.number ?? '');
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        number,
        customer: null,
        billing_details: body.billing_details ?? {},
        card: {
          brand: number.startsWith('4') ? 'visa' : 'mastercard',
          last4: number.slice(-4),
          exp_month: Number(card.exp_month),
          exp_year: Number(card.exp_year),
          funding: 'credit',
        },
      };
      methods.set(pm.id, pm);
      return { status: 200, body: publicMethod(pm) };
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
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(body.amount ?? intent.amount),
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
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(payload);
        };
        if (key && req.method === 'POST' && idempotent.has(key)) {
          const saved = idempotent.get(key)!;
          return send(saved.status, saved.body);
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

  return {
    url: server.url,
    requests,
    intents,
    authenticate(intentId, success) {
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
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const FAKE_STRIPE_KEY = 'sk_test_episodic';
