import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local server that answers like PayPal's REST API for what the PayPal gateway uses: the OAuth
 * client-credentials token, Orders v2 (create with PayPal-Request-Id, read, capture) and capture
 * refunds. Orders must be approved (`approve(id)`, the buyer's step at PayPal) before capture.
 */
export const FAKE_PAYPAL = { clientId: 'paypal-client', clientSecret: 'paypal-secret' };

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  body: Record<string, unknown>;
  captureId: string | null;
}

export interface FakePaypal {
  url: string;
  orders: Map<string, FakeOrder>;
  requests: {
    method: string;
    path: string;
    requestId: string | undefined;
    authorization: string | undefined;
    body: unknown;
  }[];
  refunds: { captureId: string; body: unknown }[];
  approve(id: string): void;
  /** The next N calls to create or capture answer HTTP 503. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, string>();
  const requests: FakePaypal['requests'] = [];
  const refunds: FakePaypal['refunds'] = [];
  const tokens = new Set<string>();
  let failures = 0;

  const view = (o: FakeOrder) => ({
    id: o.id,
    status: o.status,
    purchase_units: [
      {
        ...((o.body.purchase_units as object[] | undefined)?.[0] ?? {}),
        payments: o.captureId ? { captures: [{ id: o.captureId, status: 'COMPLETED' }] } : undefined,
      },
    ],
    links: [
      { rel: 'self', href: `${server.url}/v2/checkout/orders/${o.id}` },
      { rel: 'payer-action', href: `${server.url}/checkoutnow?token=${o.id}` },
    ],
  });

  const server = Object.assign(
    http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        const requestId = req.headers['paypal-request-id'] as string | undefined;
        let body: unknown = {};
        try {
          body = text && req.headers['content-type']?.includes('json') ? JSON.parse(text) : text;
        } catch {
          body = text;
        }
        requests.push({ method: req.method ?? 'GET', path, requestId, authorization: req.headers.authorization, body });
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (path === '/v1/oauth2/token') {
          const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL.clientId}:${FAKE_PAYPAL.clientSecret}`).toString('base64')}`;
          if (req.headers.authorization !== expected || text !== 'grant_type=client_credentials')
            return send(401, { error: 'invalid_client' });
          const token = `A21.${randomBytes(8).toString('hex')}`;
          tokens.add(token);
          return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
        }
        // The buyer's page at PayPal (no API token: it is the buyer's browser): Pay approves the order
        // and sends the buyer to the order's return address, Cancel to its cancel address, each with
        // PayPal's `token` (and `PayerID` on approval) appended, as PayPal does.
        const buyer = /^\/checkoutnow(\/pay|\/cancel)?$/.exec(path);
        if (req.method === 'GET' && buyer) {
          const id = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
          const order = orders.get(id);
          if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
          const context = (order.body.payment_source as { paypal?: { experience_context?: Record<string, string> } })
            ?.paypal?.experience_context;
          const back = (address: string | undefined, extra: string) => {
            const target = new URL(address ?? '/');
            target.searchParams.set('token', order.id);
            if (extra) target.searchParams.set('PayerID', extra);
            res.writeHead(302, { location: target.toString() });
            res.end();
          };
          if (buyer[1] === '/pay') {
            if (order.status === 'CREATED') order.status = 'APPROVED';
            return back(context?.return_url, 'FAKEPAYER');
          }
          if (buyer[1] === '/cancel') return back(context?.cancel_url, '');
          const amount = (order.body.purchase_units as { amount?: { value?: string; currency_code?: string } }[])[0]
            ?.amount;
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>PayPal stand-in</title></head>
<body><h1>PayPal stand-in</h1><p>Pay ${amount?.value ?? ''} ${amount?.currency_code ?? ''}</p>
<p><a href="/checkoutnow/pay?token=${order.id}">Pay</a></p><p><a href="/checkoutnow/cancel?token=${order.id}">Cancel</a></p></body></html>`);
          return;
        }
        if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
          return send(401, { name: 'AUTHENTICATION_FAILURE' });
        if (failures > 0 && req.method === 'POST') {
          failures -= 1;
          return send(503, { name: 'SERVICE_UNAVAILABLE' });
        }
        if (req.method === 'POST' && path === '/v2/checkout/orders') {
          const known = requestId ? byRequestId.get(requestId) : undefined;
          if (known) return send(200, view(orders.get(known)!));
          const order: FakeOrder = {
            id: randomBytes(8).toString('hex').toUpperCase(),
            status: 'CREATED',
            body: body as Record<string, unknown>,
            captureId: null,
          };
          orders.set(order.id, order);
          if (requestId) byRequestId.set(requestId, order.id);
          return send(201, view(order));
        }
        const read = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path);
        if (req.method === 'GET' && read) {
          const order = orders.get(read[1]!);
          return order ? send(200, view(order)) : send(404, { name: 'RESOURCE_NOT_FOUND' });
        }
        const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path);
        if (req.method === 'POST' && capture) {
          const order = orders.get(capture[1]!);
          if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
          if (order.status === 'COMPLETED')
            return send(422, {
              name: 'UNPROCESSABLE_ENTITY',
              details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
            });
          if (order.status !== 'APPROVED')
            return send(422, {
              name: 'UNPROCESSABLE_ENTITY',
              details: [{ issue: 'ORDER_NOT_APPROVED', description: 'The buyer has not approved this payment.' }],
            });
          order.status = 'COMPLETED';
          order.captureId = `CAP${randomBytes(6).toString('hex').toUpperCase()}`;
          return send(201, view(order));
        }
        const refund = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path);
        if (req.method === 'POST' && refund) {
          // As PayPal: partial refunds add up, never beyond the captured amount.
          const order = [...orders.values()].find((o) => o.captureId === refund[1]);
          const unit = (order?.body.purchase_units as { amount?: { value?: string } }[] | undefined)?.[0];
          const captured = Math.round(Number(unit?.amount?.value ?? 0) * 100);
          const asked = Math.round(Number((body as { amount?: { value?: string } }).amount?.value ?? 0) * 100);
          const before = refunds
            .filter((r) => r.captureId === refund[1])
            .reduce(
              (sum, r) => sum + Math.round(Number((r.body as { amount?: { value?: string } }).amount?.value) * 100),
              0,
            );
          if (order && before + asked > captured)
            return send(422, {
              name: 'UNPROCESSABLE_ENTITY',
              details: [{ issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount is more than is left.' }],
            });
          refunds.push({ captureId: refund[1]!, body });
          return send(201, { id: `REF${randomBytes(4).toString('hex')}`, status: 'COMPLETED' });
        }
        send(404, { name: 'NOT_FOUND' });
      });
    }),
    { url: '' },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    url: server.url,
    orders,
    requests,
    refunds,
    approve(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`no PayPal order ${id}`);
      order.status = 'APPROVED';
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
