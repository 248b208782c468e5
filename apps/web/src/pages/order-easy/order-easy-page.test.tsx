import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, fail, guestUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { SAMPLE_ORDER_ID, coinOrder, membershipOrder } from '../../test/samples';
import { i18n } from '../../shared/i18n/i18n';
import { OrderEasyPage } from './order-easy-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ORDER = SAMPLE_ORDER_ID;
const pending = coinOrder('pending');
const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });
const year = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function fill() {
  fireEvent.change(field(/^Card number/), { target: { value: '4242424242424242' } });
  fireEvent.change(field(/^Expiry/), { target: { value: `12${year}` } });
  fireEvent.change(field(/^CVV/), { target: { value: '123' } });
  fireEvent.change(field(/^First name/), { target: { value: 'Ana' } });
  fireEvent.change(field(/^Last name/), { target: { value: 'Lima' } });
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('the card payment page', () => {
  it('shows the order, fills the email of the account and formats what is typed', async () => {
    mockApi({ 'GET /api/user': () => ok(accountUser), 'GET /api/payment/order': () => ok(pending) });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    expect(await screen.findByText('300 coins')).toBeTruthy();
    expect(screen.getByText('One-time purchase')).toBeTruthy();
    expect(field(/^Email/).value).toBe('viewer@example.com');
    fill();
    expect(field(/^Card number/).value).toBe('4242 4242 4242 4242');
    expect(field(/^Expiry/).value).toBe(`12/${year}`);
    expect(
      screen.getByRole('checkbox', {
        name: 'I agree to the Terms of Use, Service Agreement and Refund Policy. This is a one-time purchase of 300 coins for $2.99; nothing renews.',
      }),
    ).toBeTruthy();
  });

  it('names the membership’s price, period and first renewal in the consent, in the interface language', async () => {
    await act(() => i18n.changeLanguage('dy'));
    try {
      mockApi({
        'GET /api/user': () => ok(accountUser),
        'GET /api/payment/order': () => ok(membershipOrder('pending')),
      });
      renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
      expect(
        await screen.findByRole('checkbox', {
          name: /alle 30 Tage zum Preis von 4,99\s\$ \(erste Verlängerung am 26\. Dezember 2026\), bis ich kündige/,
        }),
      ).toBeTruthy();
      expect(screen.getByTestId('order-summary').textContent).toContain('4,99\u00a0$');
      expect(screen.getByRole('button', { name: /^4,99\s\$ bezahlen$/ })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('sends once however often Pay is pressed, and opens the result', async () => {
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'POST /api/payment/pay': () =>
        new Promise((resolve) => {
          release = () => {
            resolve(ok({ orderId: ORDER, status: 'paid', redirectUrl: null, reason: null }));
          };
        }),
    });
    const view = renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}&returnTo=%2Fvideos%2F3%3Fep%3D5`);
    await screen.findByText('300 coins');
    fill();
    const pay = screen.getByRole('button', { name: /Pay \$2\.99/ });
    fireEvent.click(pay);
    fireEvent.click(pay);
    fireEvent.submit(pay.closest('form')!);
    await waitFor(() => {
      expect(api.requests('POST /api/payment/pay')).toHaveLength(1);
    });
    expect(api.requests('POST /api/payment/pay')[0]!.body).toMatchObject({
      orderId: ORDER,
      method: 'card',
      agree: true,
      card: { number: '4242 4242 4242 4242', expiry: `12/${year}`, cvv: '123' },
    });
    await act(async () => {
      release();
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(view.location().pathname).toBe('/order/result');
    });
    expect(sessionStorage.getItem(`episodic.checkout.return.${ORDER}`)).toBe('/videos/3?ep=5');
  });

  it('keeps the buyer on the form with the decline reason, and puts server field errors under their fields', async () => {
    let answer = ok({
      orderId: ORDER,
      status: 'failed',
      redirectUrl: null,
      reason: 'Your card has expired.',
      reasonCode: 'card_expired',
    });
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok(pending),
      'POST /api/payment/pay': () => answer,
    });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByText('300 coins');
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Pay \$2\.99/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card has expired. Pay with a card that is still valid.',
    );
    answer = fail(422, 'Please check the highlighted fields.', { 'card.cvv': 'The security code has 3 digits.' });
    fireEvent.click(screen.getByRole('button', { name: /Pay \$2\.99/ }));
    expect(await screen.findByText('The security code has 3 digits.')).toBeTruthy();
    expect(field(/^CVV/).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks a guest for the email before PayPal, and sends it with the payment', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(guestUser),
      'GET /api/payment/order': () => ok(pending),
      'GET /api/payment/options': () => ok({ mode: 'test', paypal: true, testCards: [] }),
      'POST /api/payment/pay': () => new Promise(() => undefined),
    });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByText('300 coins');
    expect(
      screen.getByText('Your receipt is sent here, with a link to reach what you buy from any device.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    const paypal = await screen.findByRole('button', { name: 'Pay with PayPal' });
    fireEvent.click(paypal);
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    expect(api.requests('POST /api/payment/pay')).toHaveLength(0);
    fireEvent.change(field(/^Email/), { target: { value: 'buyer@example.com' } });
    fireEvent.click(paypal);
    await waitFor(() => {
      expect(api.requests('POST /api/payment/pay')).toHaveLength(1);
    });
    expect(api.requests('POST /api/payment/pay')[0]!.body).toEqual({
      orderId: ORDER,
      method: 'paypal',
      agree: true,
      email: 'buyer@example.com',
    });
  });

  it('says so when the order is already paid, and when there is no order', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => ok({ ...pending, status: 'paid' }),
    });
    const first = renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    expect(await screen.findByText('This order is already paid.')).toBeTruthy();
    first.unmount();
    renderPage(<OrderEasyPage />, '/order/easy');
    expect(await screen.findByText('There is no order to pay. Choose a plan or a coin pack first.')).toBeTruthy();
  });
});
