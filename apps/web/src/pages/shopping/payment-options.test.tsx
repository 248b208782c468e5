import type { Order, PaymentFailure } from '@episodic/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, fail, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { SAMPLE_ORDER_ID, coinOrder } from '../../test/samples';
import { OrderEasyPage } from '../order-easy/order-easy-page';
import { OrderResultPage } from '../order-result/order-result-page';
import { ShoppingPage } from './shopping-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ORDER = SAMPLE_ORDER_ID;
const order = (
  status: Order['status'],
  failureReason: string | null = null,
  failureCode: PaymentFailure | null = null,
) => coinOrder(status, { failureReason, failureCode });
const testMode = {
  mode: 'test',
  paypal: true,
  testCards: [{ number: '4242424242424242', brand: 'visa', outcome: 'succeeds' }],
};
const liveNoPaypal = { mode: 'live', paypal: false, testCards: [] };
const api = (options: object, extra: Record<string, () => ReturnType<typeof ok>> = {}) =>
  mockApi({
    'GET /api/user': () => ok(accountUser),
    'GET /api/plan': () => ok([]),
    'GET /api/payment/options': () => ok(options),
    ...extra,
  });

describe('test mode is shown to viewers', () => {
  it('on the shopping page', async () => {
    api(testMode);
    renderPage(<ShoppingPage />, '/shopping');
    expect((await screen.findByRole('note')).textContent).toBe('Test mode: no money is taken');
  });

  it('on the card page, with a test card to use, and the PayPal button the server offers', async () => {
    api(testMode, { 'GET /api/payment/order': () => ok(order('pending')) });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Test mode: no money is taken');
    expect(note.textContent).toContain('4242 4242 4242 4242');
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
  });

  it('keeps the specification’s card form on the sandbox: card number, email, expiry, CVV, names and I agree', async () => {
    api(testMode, { 'GET /api/payment/order': () => ok(order('pending')) });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    const form = await screen.findByRole('form', { name: 'Card details' });
    const inputs = [...form.querySelectorAll('input, select, textarea')].map((el) => [
      el.getAttribute('name'),
      el.getAttribute('type') ?? 'text',
    ]);
    expect(inputs).toEqual([
      ['number', 'text'],
      ['email', 'email'],
      ['expiry', 'text'],
      ['cvv', 'text'],
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['agree', 'checkbox'],
    ]);
    for (const label of ['Card number', 'Email', 'Expiry', 'CVV', 'First name', 'Last name'])
      expect(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^I agree/ })).toBeTruthy();
  });

  it('on the result page', async () => {
    api(testMode, { 'GET /api/payment/order': () => ok(order('paid')) });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect((await screen.findByRole('note')).textContent).toBe('Test mode: no money is taken');
  });

  it('says why a card that is not a test card was refused, in the interface language', async () => {
    const reason =
      'Test mode: this is not a test card, so it was not charged. Use a test card such as 4242 4242 4242 4242.';
    api(testMode, { 'GET /api/payment/order': () => ok(order('failed', reason, 'not_test_card')) });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect(
      await screen.findByText(
        'Test mode: this is not a test card, so nothing was charged. Use a test card such as 4242 4242 4242 4242.',
      ),
    ).toBeTruthy();
  });
});

describe('live mode', () => {
  it('shows no test notice and no PayPal button when the server offers none', async () => {
    const calls = api(liveNoPaypal, { 'GET /api/payment/order': () => ok(order('pending')) });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByText('300 coins');
    await waitFor(() => {
      expect(calls.requests('GET /api/payment/options')).toHaveLength(1);
    });
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
  });
});

describe('when the payment options cannot be read', () => {
  it('still offers PayPal (the server refuses it where it is not set up) and shows no test notice', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/options': () => fail(500, 'Something went wrong on our side. Please try again.'),
      'GET /api/payment/order': () => ok(order('pending')),
    });
    renderPage(<OrderEasyPage />, `/order/easy?orderId=${ORDER}`);
    await screen.findByText('300 coins');
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
