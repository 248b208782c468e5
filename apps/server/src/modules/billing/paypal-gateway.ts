import { sameSignature, sign } from './signatures';

/**
 * PayPal as a second way to pay: the buyer approves the order at PayPal (a redirect), comes back,
 * and the server captures it. Two implementations: PayPal's Orders v2 REST API, and a built-in
 * sandbox with its own approval page, so the route works with no outside service.
 */
export interface PaypalOrderRequest {
  orderId: string;
  /** Same key, same PayPal order (PayPal-Request-Id). */
  requestId: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

export type PaypalCapture = { status: 'completed'; captureId: string } | { status: 'failed'; reason: string };

export interface PaypalGateway {
  readonly name: 'paypal';
  /** True for the built-in sandbox. */
  readonly sandbox: boolean;
  createOrder(request: PaypalOrderRequest): Promise<{ id: string; approveUrl: string }>;
  /** Where the buyer approves an order created before (a second tap on the PayPal button). */
  approveUrl(paypalOrderId: string): Promise<string | null>;
  /** Captures an approved order; capturing again answers the first capture. */
  capture(paypalOrderId: string, requestId: string): Promise<PaypalCapture>;
  /** Part or all of the capture; `key` is the refund's own (PayPal-Request-Id). */
  refund(paypalOrderId: string, amount: number, currency: string, key: string): Promise<void>;
}

const major = (minor: number) => (minor / 100).toFixed(2);

export interface PaypalRestOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com, or a local stand-in in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
}

interface PaypalLink {
  rel: string;
  href: string;
}
interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
}

export class PaypalError extends Error {}

/** PayPal's Orders v2 REST API with an OAuth client-credentials token, kept until shortly before it expires. */
export function createPaypalRest(opts: PaypalRestOptions): PaypalGateway {
  const http = opts.fetch ?? fetch;
  const base = opts.apiUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await http(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new PaypalError(`PayPal refused the credentials (HTTP ${String(res.status)})`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await http(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  const approveOf = (order: PaypalOrder) =>
    order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
  const captureOf = (order: PaypalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0];

  return {
    name: 'paypal',
    sandbox: false,
    async createOrder(request) {
      const { status, body } = await call<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.orderId,
              custom_id: request.orderId,
              description: request.description.slice(0, 127),
              amount: { currency_code: request.currency, value: major(request.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        request.requestId,
      );
      const approveUrl = approveOf(body);
      if (status >= 300 || !approveUrl)
        throw new PaypalError(`PayPal did not create the order (HTTP ${String(status)})`);
      return { id: body.id, approveUrl };
    },
    async approveUrl(id) {
      const { status, body } = await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
      return status < 300 ? approveOf(body) : null;
    },
    async capture(id, requestId) {
      const { status, body } = await call<PaypalOrder & { details?: { issue: string; description?: string }[] }>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
        {},
        requestId,
      );
      const captured = captureOf(body);
      if (status < 300 && body.status === 'COMPLETED' && captured?.status === 'COMPLETED')
        return { status: 'completed', captureId: captured.id };
      // Captured before (a second return): PayPal says so; the order itself tells the capture.
      if (body.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) {
        const again = await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
        const first = captureOf(again.body);
        if (first?.status === 'COMPLETED') return { status: 'completed', captureId: first.id };
      }
      if (status >= 500) throw new PaypalError(`PayPal did not answer the capture (HTTP ${String(status)})`);
      return { status: 'failed', reason: body.details?.[0]?.description ?? 'PayPal did not accept the payment.' };
    },
    async refund(id, amount, currency, key) {
      const order = await call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
      const captured = captureOf(order.body);
      if (!captured) throw new PaypalError('This PayPal order has no capture to refund.');
      const { status } = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captured.id)}/refund`,
        { amount: { currency_code: currency, value: major(amount) } },
        key,
      );
      if (status >= 300) throw new PaypalError(`PayPal did not refund (HTTP ${String(status)})`);
    },
  };
}

/**
 * The built-in PayPal sandbox: its approval page (served by the billing routes) stands in for
 * PayPal's. It needs no storage: the order's id carries our order id, and the approval address is
 * signed, so nobody can approve an amount that was not asked.
 */
export function createPaypalSandbox(opts: { publicUrl: string; secret: () => Promise<string> }): PaypalGateway & {
  /** Reads and checks the approval page's address. */
  readApproval(query: {
    id: string;
    amount: string;
    currency: string;
    description: string;
    return: string;
    cancel: string;
    sig: string;
  }): Promise<boolean>;
} {
  const signFields = async (fields: string[]) => sign(await opts.secret(), fields.join('\n'));
  return {
    name: 'paypal',
    sandbox: true,
    async createOrder(request) {
      const id = `PAYSANDBOX-${request.orderId}`;
      const fields = [
        id,
        String(request.amount),
        request.currency,
        request.description,
        request.returnUrl,
        request.cancelUrl,
      ];
      const query = new URLSearchParams({
        id,
        amount: String(request.amount),
        currency: request.currency,
        description: request.description,
        return: request.returnUrl,
        cancel: request.cancelUrl,
        sig: await signFields(fields),
      });
      return { id, approveUrl: `${opts.publicUrl}/api/payment/paypal/sandbox?${query.toString()}` };
    },
    async approveUrl() {
      return null;
    },
    async capture(id) {
      return { status: 'completed', captureId: `CAPTURE-${id.replace(/^PAYSANDBOX-/, '')}` };
    },
    async refund() {
      // Nothing is held at the sandbox: the billing side reverses what the order gave.
    },
    async readApproval(q) {
      return sameSignature(await signFields([q.id, q.amount, q.currency, q.description, q.return, q.cancel]), q.sig);
    },
  };
}

export type PaypalSandbox = ReturnType<typeof createPaypalSandbox>;
