import type { Plan } from '@episodic/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, guestUser, mockApi, ok, type MockHandler } from '../../test/api-mock';
import { createQueryClient } from '../../test/query-client';
import { cardLabel, chooseOffers, periodOf, SETTLE_DELAYS, type OneTapPurchase } from './one-tap';
import { OneTapPaywall } from './one-tap-offers';

const plan = (id: string, more: Partial<Plan>): Plan => ({
  id,
  kind: 'coins',
  name: id,
  description: '',
  price: 299,
  currency: 'USD',
  renewalDays: null,
  coins: 300,
  bonusCoins: 0,
  ...more,
});
const PLANS: Plan[] = [
  plan('weekly', { kind: 'membership', name: 'Weekly', price: 499, renewalDays: 7, coins: 0 }),
  plan('monthly', { kind: 'membership', name: 'Monthly', price: 1499, renewalDays: 30, coins: 0 }),
  plan('coins-300', { price: 299, coins: 300 }),
  plan('coins-1000', { price: 899, coins: 1000, bonusCoins: 100 }),
];
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const ORDER = '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11';
const paid = (kind: 'coins' | 'membership', coins: number) =>
  ok({
    orderId: ORDER,
    status: 'paid',
    redirectUrl: null,
    reason: null,
    kind,
    coins,
    membership: guestUser.membership,
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface More {
  balance?: number;
  handlers?: Record<string, MockHandler>;
}

function renderPaywall(buy: MockHandler, card: typeof CARD | null = CARD, { balance = 20, handlers = {} }: More = {}) {
  const api = mockApi({
    'GET /api/user': () => ok({ ...guestUser, coins: balance }),
    'GET /api/payment/quick': () => ok({ card }),
    'GET /api/plan': () => ok(PLANS),
    'POST /api/payment/quick': buy,
    ...handlers,
  });
  const unlock = vi.fn();
  const onPurchase = vi.fn<(purchase: OneTapPurchase) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OneTapPaywall
          seriesId={7}
          episodeNumber={4}
          cost={50}
          balance={balance}
          unlock={unlock}
          shoppingHref="/shopping"
          disabled={false}
          onPurchase={onPurchase}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { api, unlock, onPurchase };
}

const answer = (status: string, more: Record<string, unknown> = {}) =>
  ok({
    orderId: ORDER,
    status,
    redirectUrl: null,
    reason: null,
    kind: 'coins',
    coins: 20,
    membership: guestUser.membership,
    ...more,
  });
const order = (status: string) =>
  ok({
    id: ORDER,
    planId: 'coins-300',
    planName: '300 coins',
    kind: 'coins',
    purpose: 'purchase',
    amount: 299,
    currency: 'USD',
    status,
    failureReason: status === 'failed' ? 'card_declined' : null,
  });
const purchases = (spy: { mock: { calls: [OneTapPurchase][] } }, event: OneTapPurchase['event']) =>
  spy.mock.calls.map(([p]) => p).filter((p) => p.event === event);

describe('choosing the one-tap offers', () => {
  it('takes the smallest pack that covers the episode, else the biggest, and the first membership', () => {
    expect(chooseOffers(PLANS, 50, 20)).toMatchObject({ coins: { id: 'coins-300' }, membership: { id: 'weekly' } });
    expect(chooseOffers(PLANS, 900, 0).coins?.id).toBe('coins-1000');
    expect(chooseOffers(PLANS, 5000, 0).coins?.id).toBe('coins-1000');
    expect(chooseOffers([], 50, 0)).toEqual({ coins: null, membership: null });
    expect([7, 30, 365, 14].map(periodOf)).toEqual(['week', 'month', 'year', 'days']);
    // The balance already covers the episode: the paywall's own unlock is the way, only the membership is sold.
    expect(chooseOffers(PLANS, 50, 50)).toMatchObject({ coins: null, membership: { id: 'weekly' } });
    expect(chooseOffers(PLANS, 50, 49).coins?.id).toBe('coins-300');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
  });
});

describe('one-tap buying in the paywall', () => {
  it('names the card and prices each button; Confirm sends once however often it is tapped, then unlocks', async () => {
    let answer: (reply: ReturnType<typeof paid>) => void = () => undefined;
    const { api, unlock } = renderPaywall(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByText('Pay in one tap with your Visa •••• 4242')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Join · \$4\.99\/week/ })).toBeTruthy();
    // Every pack, cheapest first, with how many episodes at this price it buys.
    expect(screen.getByRole('heading', { name: 'Get coins' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Buy 1,?100 coins · \$8\.99 ?Unlocks 22 episodes/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Buy 300 coins · \$2\.99 ?Unlocks 6 episodes/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Buy 300 coins for $2.99?' });
    expect(within(dialog).getByText(/\$2\.99 will be charged to your Visa •••• 4242 now/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Refund Policy' })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and pay $2.99' });
    await waitFor(() => {
      expect(document.activeElement).toBe(confirm);
    });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(within(dialog).getByRole('button', { name: /Paying/ }));
    await waitFor(() => {
      expect(api.requests('POST /api/payment/quick')).toHaveLength(1);
    });
    const [sent] = api.requests('POST /api/payment/quick');
    expect(sent!.body).toMatchObject({ planId: 'coins-300', agree: true });
    expect(String(sent!.body!.requestId)).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => {
      answer(paid('coins', 320));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(unlock).toHaveBeenCalledOnce();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests('POST /api/payment/quick')).toHaveLength(1);
  });

  it('sends the same request id again when the answer was lost, also after closing the confirmation', async () => {
    let calls = 0;
    const { api, unlock } = renderPaywall(() => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return paid('coins', 320);
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await screen.findByRole('button', { name: 'Try again · $2.99' });
    expect(screen.getByRole('alert').textContent).toMatch(/won't be charged twice/);
    // Closed and tapped again: still the same purchase.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    fireEvent.click(screen.getByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await waitFor(() => {
      expect(unlock).toHaveBeenCalledOnce();
    });
    const ids = api.requests('POST /api/payment/quick').map((r) => r.body!.requestId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
  });

  it('sends what the confirmation showed; a plan changed meanwhile is drawn again as it is now, to be confirmed anew', async () => {
    let plans = PLANS;
    let calls = 0;
    const { api, unlock } = renderPaywall(
      () => {
        calls++;
        if (calls > 1) return paid('coins', 320);
        plans = PLANS.map((p) => (p.id === 'coins-300' ? { ...p, price: 349 } : p));
        return { ...fail(409, 'The price or what it includes changed.'), reason: 'price_changed' };
      },
      CARD,
      { handlers: { 'GET /api/plan': () => ok(plans) } },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins · \$2\.99/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 300 coins for $3.49?' });
    expect(within(dialog).getByRole('status').textContent).toMatch(/changed meanwhile.*You weren't charged/);
    expect(unlock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay $3.49' }));
    await waitFor(() => {
      expect(unlock).toHaveBeenCalledOnce();
    });
    const [first, second] = api.requests('POST /api/payment/quick').map((r) => r.body!);
    expect(first!.seen).toEqual({ price: 299, currency: 'USD', coins: 300, bonusCoins: 0, renewalDays: null });
    expect(second!.seen).toMatchObject({ price: 349, coins: 300 });
    // A new request: the refused one's order was opened on terms nobody confirmed.
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('shows a declined card in words with a way to pay this order with another card', async () => {
    renderPaywall(() =>
      ok({
        orderId: ORDER,
        status: 'failed',
        redirectUrl: null,
        reason: 'Your card was declined.',
        reasonCode: 'card_declined',
        kind: 'membership',
        coins: 20,
        membership: guestUser.membership,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Join · \$4\.99\/week/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Weekly for $4.99?' });
    expect(within(dialog).getByText(/again every 7 days at the same price until you cancel/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and pay $4.99' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(within(alert).getByRole('link', { name: 'Use another card' }).getAttribute('href')).toBe(
      `/order/easy?orderId=${ORDER}&returnTo=%2Fvideos%2F7%3Fep%3D4`,
    );
  });

  it('without a saved card, "Get coins" goes to the plans (coming back here), with the packs listed', async () => {
    renderPaywall(() => ok({}), null);
    expect((await screen.findByRole('link', { name: 'Get coins' })).getAttribute('href')).toBe('/shopping');
    expect(screen.getByText('Unlocks 6 episodes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('offers nothing without a saved card when the balance covers the episode', async () => {
    const { api } = renderPaywall(() => ok({}), null, { balance: 60 });
    await waitFor(() => {
      expect(api.requests('GET /api/payment/quick')).toHaveLength(1);
    });
    expect(screen.queryByTestId('one-tap')).toBeNull();
  });

  it('links to the plans when the server says the saved card is gone', async () => {
    renderPaywall(() => ({ ...fail(409, 'There is no saved card to pay with.'), reason: 'no_saved_card' }));
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is no saved card to pay with. Please pay with a card.');
    expect(within(alert).getByRole('link', { name: 'Use another card' }).getAttribute('href')).toBe('/shopping');
  });

  it('offers no coins when the balance already covers the episode, only the membership', async () => {
    renderPaywall(() => ok({}), CARD, { balance: 60 });
    expect(await screen.findByRole('button', { name: /Join · \$4\.99\/week/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy .* coins/ })).toBeNull();
  });

  it('reports one Purchase with the order id when paid, after the checkout steps', async () => {
    const { unlock, onPurchase } = renderPaywall(() => paid('coins', 320));
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await waitFor(() => {
      expect(unlock).toHaveBeenCalledOnce();
    });
    expect(onPurchase.mock.calls.map(([p]) => p.event)).toEqual(['InitiateCheckout', 'AddPaymentInfo', 'Purchase']);
    expect(purchases(onPurchase, 'Purchase')).toEqual([
      expect.objectContaining({ orderId: ORDER, plan: expect.objectContaining({ id: 'coins-300', price: 299 }) }),
    ]);
  });

  it('reports no Purchase when the payment fails', async () => {
    const { onPurchase } = renderPaywall(() => answer('failed', { reason: 'Your card was declined.' }));
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await screen.findByRole('alert');
    expect(purchases(onPurchase, 'Purchase')).toHaveLength(0);
  });

  it('keeps a late payment in the player: confirming, polled with backoff, then unlocks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let looks = 0;
    let coins = 20;
    const { api, unlock, onPurchase } = renderPaywall(() => answer('processing'), CARD, {
      handlers: {
        'GET /api/payment/order': () => {
          looks++;
          if (looks < 3) return order('processing');
          coins = 320;
          return order('paid');
        },
        'GET /api/user': () => ok({ ...guestUser, coins }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    expect(await screen.findByRole('button', { name: /Confirming your payment/ })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_DELAYS[0]);
    });
    expect(api.requests('GET /api/payment/order')).toHaveLength(1);
    expect(api.requests('GET /api/payment/order')[0]!.url.searchParams.get('id')).toBe(ORDER);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_DELAYS[1] + SETTLE_DELAYS[2]);
    });
    await waitFor(() => {
      expect(unlock).toHaveBeenCalledOnce();
    });
    expect(looks).toBe(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(purchases(onPurchase, 'Purchase')).toHaveLength(1);
  });

  it('shows the failure of a late payment, and links to its result page when it never settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { unlock, onPurchase } = renderPaywall(() => answer('processing'), CARD, {
      handlers: { 'GET /api/payment/order': () => order('processing') },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await screen.findByRole('button', { name: /Confirming your payment/ });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_DELAYS.reduce((a, b) => a + b, 0));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/hasn't confirmed/);
    expect(within(alert).getByRole('link', { name: 'See its result' }).getAttribute('href')).toBe(
      `/order/result?orderId=${ORDER}`,
    );
    expect(unlock).not.toHaveBeenCalled();
    expect(purchases(onPurchase, 'Purchase')).toHaveLength(0);
  });

  it('shows the reason when a late payment fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPaywall(() => answer('processing'), CARD, {
      handlers: { 'GET /api/payment/order': () => order('failed') },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Buy 300 coins/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay $2.99' }));
    await screen.findByRole('button', { name: /Confirming your payment/ });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTLE_DELAYS[0]);
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Use another card' })).toBeTruthy();
  });
});
