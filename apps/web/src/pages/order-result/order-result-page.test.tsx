import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { OrderResultPage } from './order-result-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ORDER = '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11';

function order(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: ORDER,
    planId: 'monthly',
    planName: 'Monthly',
    kind: 'membership',
    purpose: 'purchase',
    amount: 1499,
    currency: 'USD',
    status,
    failureReason: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: null,
    ...extra,
  };
}

const member = {
  ...accountUser,
  membership: {
    active: true,
    planId: 'monthly',
    renewsAt: '2026-12-22T10:00:00.000Z',
    endsAt: '2026-12-22T10:00:00.000Z',
    autoRenew: true,
  },
};

describe('the payment result page', () => {
  it('shows a paid membership with its renewal date and the way back to the episode', async () => {
    sessionStorage.setItem(`episodic.checkout.return.${ORDER}`, '/videos/3?ep=5');
    mockApi({
      'GET /api/user': () => ok(member),
      'GET /api/payment/order': () => ok(order('paid', { paidAt: '2026-11-22T10:01:00.000Z' })),
    });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(await screen.findByText("You're a member: Renews on December 22, 2026.")).toBeTruthy();
    expect(screen.getByText('$14.99')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the episode' }).getAttribute('href')).toBe('/videos/3?ep=5');
  });

  it('shows a refusal with its reason in the interface language and a retry of the same order', async () => {
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () =>
        ok(order('failed', { failureReason: 'Your card has insufficient funds.', failureCode: 'insufficient_funds' })),
    });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed');
    expect(
      screen.getByText('Your card has insufficient funds. Try another card, or add funds and pay again.'),
    ).toBeTruthy();
    expect(screen.getByText('You were not charged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/order/easy?orderId=${ORDER}`);
  });

  it('waits while the payment is confirmed, asking again until it settles', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/payment/order': () => {
        calls += 1;
        return ok(calls < 2 ? order('processing') : order('paid', { kind: 'coins', planName: '300 coins' }));
      },
    });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(await screen.findByText('Payment successful', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Your balance is now 120 coins.')).toBeTruthy();
    expect(api.requests('GET /api/payment/order').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a pending order with the way to complete it, and a cancelled one', async () => {
    mockApi({ 'GET /api/user': () => ok(accountUser), 'GET /api/payment/order': () => ok(order('pending')) });
    const first = renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect(await screen.findByText('Payment not completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete payment' }).getAttribute('href')).toBe(
      `/order/easy?orderId=${ORDER}`,
    );
    first.unmount();
    mockApi({ 'GET /api/user': () => ok(accountUser), 'GET /api/payment/order': () => ok(order('cancelled')) });
    renderPage(<OrderResultPage />, `/order/result?orderId=${ORDER}`);
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    expect(screen.getByText('Nothing was charged.')).toBeTruthy();
  });

  it('explains a cancel coming back from PayPal without an order, and an unknown payment', async () => {
    mockApi({ 'GET /api/user': () => ok(accountUser) });
    const first = renderPage(<OrderResultPage />, '/order/result?status=cancelled');
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    first.unmount();
    renderPage(<OrderResultPage />, '/order/result');
    expect(await screen.findByText("We couldn't find this payment.")).toBeTruthy();
  });
});
