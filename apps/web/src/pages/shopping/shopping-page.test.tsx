import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountUser, fail, mockApi, ok } from '../../test/api-mock';
import { renderPage } from '../../test/render-page';
import { ShoppingPage } from './shopping-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const plan = (id: string, kind: 'membership' | 'coins', price: number, extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  name: id,
  description: `About ${id}`,
  price,
  currency: 'USD',
  renewalDays: null,
  coins: 0,
  bonusCoins: 0,
  ...extra,
});
const plans = [
  plan('Weekly', 'membership', 499, { renewalDays: 7 }),
  plan('Yearly', 'membership', 9999, { renewalDays: 365 }),
  plan('coins-300', 'coins', 299, { coins: 300 }),
  plan('coins-1000', 'coins', 899, { coins: 1000, bonusCoins: 100 }),
];

describe('the shopping page', () => {
  it('shows the balance, the memberships with the best value marked, and the coin packs with their bonus', async () => {
    mockApi({ 'GET /api/user': () => ok(accountUser), 'GET /api/plan': () => ok(plans) });
    renderPage(<ShoppingPage />, '/shopping');
    expect(await screen.findByRole('button', { name: 'Subscribe for $4.99' })).toBeTruthy();
    expect(screen.getByTestId('coin-balance').textContent).toContain('120');
    expect(screen.getByText('every 7 days')).toBeTruthy();
    const best = screen.getByText('Best value').closest('li')!;
    expect(best.textContent).toContain('Yearly');
    const pack = screen.getByRole('button', { name: 'Buy 1,000 coins for $8.99', description: '+100 bonus' });
    // What the button shows is part of the name it is read out by (WCAG 2.5.3, label in name).
    expect(pack.textContent).toBe('$8.99');
    expect(screen.getByText('Free plan')).toBeTruthy();
  });

  it('opens an order for the chosen plan and goes to the card page, keeping the episode to return to', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/plan': () => ok(plans),
      'POST /api/payment/order': () =>
        ok({ id: 'order-1', planId: 'coins-300', amount: 299, currency: 'USD', status: 'pending' }),
    });
    const view = renderPage(<ShoppingPage />, '/shopping?returnTo=%2Fvideos%2F3%3Fep%3D5');
    expect((await screen.findByRole('link', { name: /Back to the episode/ })).getAttribute('href')).toBe(
      '/videos/3?ep=5',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 300 coins for $2.99' }));
    await waitFor(() => {
      expect(view.location().pathname).toBe('/order/easy');
    });
    expect(view.location().search).toBe('?orderId=order-1&returnTo=%2Fvideos%2F3%3Fep%3D5');
    expect(api.requests('POST /api/payment/order')[0]!.body).toMatchObject({ planId: 'coins-300' });
  });

  it('offers a retry when the plans cannot be loaded, and shows a refused order', async () => {
    let planAnswer = fail(503, 'unavailable');
    mockApi({
      'GET /api/user': () => ok(accountUser),
      'GET /api/plan': () => planAnswer,
      'POST /api/payment/order': () => fail(404, 'This plan is no longer for sale.'),
    });
    renderPage(<ShoppingPage />, '/shopping');
    expect(await screen.findByText("Plans couldn't be loaded.")).toBeTruthy();
    planAnswer = ok(plans);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe for $4.99' }));
    expect(await screen.findByText('This plan is no longer for sale.')).toBeTruthy();
  });
});
