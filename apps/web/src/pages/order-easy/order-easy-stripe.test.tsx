import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { SAMPLE_ORDER_ID, coinOrder } from '../../test/samples';
import { OrderEasyPage } from './order-easy-page';

const ORDER = SAMPLE_ORDER_ID;
const pending = coinOrder('pending');
const OPTIONS = {
  mode: 'test',
  processor: 'stripe',
  stripe: { publishableKey: 'pk_test_page', jsUrl: 'https://js.stripe.test/v3/' },
  paypal: false,
  testCards: [],
};
type Handler = (event: unknown) => void;

/** A stand-in of `window.Stripe`: records what the page asks, answers as told. */
function fakeStripe(opts: { wallets?: boolean; confirm?: () => Promise<unknown> } = {}) {
  const calls = {
    keys: [] as string[],
    elements: [] as Record<string, unknown>[],
    mounted: [] as string[],
    submits: 0,
    confirms: [] as Record<string, unknown>[],
    express: {} as Record<string, Handler>,
  };
  const Stripe = (pk: string) => {
    calls.keys.push(pk);
    return {
      elements(options: Record<string, unknown>) {
        calls.elements.push(options);
        return {
          create(kind: string) {
            const handlers: Record<string, Handler> = kind === 'expressCheckout' ? calls.express : {};
            return {
              on(name: string, fn: Handler) {
                handlers[name] = fn;
                return this;
              },
              mount(target: HTMLElement) {
                calls.mounted.push(kind);
                const frame = document.createElement('iframe');
                frame.title = kind;
                target.appendChild(frame);
                setTimeout(() => {
                  handlers.ready?.(
                    kind === 'payment'
                      ? { elementType: 'payment' }
                      : {
                          elementType: 'expressCheckout',
                          availablePaymentMethods: opts.wallets ? { googlePay: true } : undefined,
                        },
                  );
                }, 0);
              },
              destroy() {},
            };
          },
          submit() {
            calls.submits++;
            return Promise.resolve({});
          },
        };
      },
      confirmPayment(options: Record<string, unknown>) {
        calls.confirms.push(options);
        return opts.confirm ? opts.confirm() : Promise.resolve({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
      },
    };
  };
  vi.stubGlobal('Stripe', Stripe);
  return calls;
}

const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });
function fill() {
  fireEvent.change(field(/^First name/), { target: { value: 'Ana' } });
  fireEvent.change(field(/^Last name/), { target: { value: 'Lima' } });
  fireEvent.click(screen.getByRole('checkbox'));
}
const intentAnswer = ok({ orderId: ORDER, clientSecret: 'pi_1_secret_abc', amount: 299, currency: 'USD' });

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Stripe?: unknown }).Stripe;
  sessionStorage.clear();
});

describe('the payment page when Stripe takes the cards', () => {
  it('shows our own fields and Stripe’s Payment Element, and no card field of its own', async () => {
    const stripe = fakeStripe();
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'GET /api/payment/options': () => ok(OPTIONS),
    });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByTestId('stripe-checkout');
    expect(field(/^Email/).value).toBe('viewer@example.com');
    await waitFor(() => {
      expect(stripe.mounted).toEqual(['expressCheckout', 'payment']);
    });
    expect(stripe.keys).toEqual(['pk_test_page']);
    expect(stripe.elements[0]).toMatchObject({
      mode: 'payment',
      amount: 299,
      currency: 'usd',
      setupFutureUsage: 'off_session',
    });
    expect(screen.queryByLabelText(/Card number|CVV|Expiry/)).toBeNull();
    // No wallet offered: the express area stays hidden.
    expect(screen.getByTestId('stripe-express').hidden).toBe(true);
  });

  it('asks for consent first, then sends one intent request, submits and confirms, and opens the result', async () => {
    const stripe = fakeStripe({ wallets: true });
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'GET /api/payment/options': () => ok(OPTIONS),
      'POST /api/payment/intent': () =>
        new Promise((resolve) => {
          release = () => {
            resolve(intentAnswer);
          };
        }),
    });
    const view = renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByTestId('stripe-checkout');
    await waitFor(() => {
      expect(screen.getByTestId('stripe-express').hidden).toBe(false);
    });
    const pay = await screen.findByRole('button', { name: /Pay \$2\.99/ });
    fireEvent.click(pay);
    expect(await screen.findByText('Please tick “I agree” to pay.')).toBeTruthy();
    expect(api.requests('POST /api/payment/intent')).toHaveLength(0);
    fill();
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => {
      expect(api.requests('POST /api/payment/intent')).toHaveLength(1);
    });
    expect(stripe.submits).toBe(1);
    expect(api.requests('POST /api/payment/intent')[0]!.body).toEqual({
      orderId: ORDER,
      email: 'viewer@example.com',
      firstName: 'Ana',
      lastName: 'Lima',
      agree: true,
    });
    await act(async () => {
      release();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(view.location().pathname).toBe('/order/result');
    });
    expect(stripe.confirms).toHaveLength(1);
    expect(stripe.confirms[0]).toMatchObject({
      clientSecret: 'pi_1_secret_abc',
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}/order/result?orderId=${ORDER}`,
        payment_method_data: { billing_details: { name: 'Ana Lima', email: 'viewer@example.com' } },
      },
    });
  });

  it('shows Stripe’s decline on the form and lets another card pay the same order', async () => {
    let answer: unknown = { error: { type: 'card_error', message: 'Your card was declined.' } };
    const stripe = fakeStripe({ confirm: () => Promise.resolve(answer) });
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'GET /api/payment/options': () => ok(OPTIONS),
      'POST /api/payment/intent': () => intentAnswer,
    });
    const view = renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByTestId('stripe-checkout');
    fill();
    fireEvent.click(await screen.findByRole('button', { name: /Pay \$2\.99/ }));
    expect((await screen.findByText('Your card was declined.')).closest('[role="alert"]')).toBeTruthy();
    expect(view.location().pathname).toBe('/order/easy');
    answer = { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    fireEvent.click(screen.getByRole('button', { name: /Pay \$2\.99/ }));
    await waitFor(() => {
      expect(view.location().pathname).toBe('/order/result');
    });
    expect(api.requests('POST /api/payment/intent')).toHaveLength(2);
    expect(stripe.confirms.map((c) => c.clientSecret)).toEqual(['pi_1_secret_abc', 'pi_1_secret_abc']);
  });

  it('says so when Stripe.js cannot be loaded, and tries again on Retry', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'GET /api/payment/options': () => ok(OPTIONS),
    });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByTestId('stripe-checkout');
    const script = () => document.head.querySelector<HTMLScriptElement>('script[src="https://js.stripe.test/v3/"]');
    await waitFor(() => {
      expect(script()).toBeTruthy();
    });
    act(() => {
      script()!.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(/The secure card form could not be loaded/)).toBeTruthy();
    expect(script()).toBeNull();
    const stripe = fakeStripe();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(stripe.mounted).toContain('payment');
    });
  });
});
