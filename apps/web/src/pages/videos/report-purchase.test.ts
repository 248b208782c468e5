import type { Plan } from '@episodic/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

const track = vi.fn();
vi.mock('../../features/tracking', () => ({
  track: (...args: unknown[]) => track(...args) as unknown,
}));
vi.mock('../../features/player/hls-loader', () => ({ loadHls: () => Promise.resolve() }));

const { reportPurchase } = await import('./videos-page');

const ORDER = '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11';
const plan: Plan = {
  id: 'weekly',
  kind: 'membership',
  name: 'Weekly',
  description: '',
  price: 499,
  currency: 'USD',
  renewalDays: 7,
  coins: 0,
  bonusCoins: 0,
};

afterEach(() => {
  track.mockClear();
  sessionStorage.clear();
});

describe('tracking a one-tap purchase', () => {
  it('sends one Purchase (and Subscribe) with the order id and the event ids the server uses', () => {
    reportPurchase({ event: 'InitiateCheckout', orderId: ORDER, plan });
    reportPurchase({ event: 'AddPaymentInfo', orderId: ORDER, plan });
    reportPurchase({ event: 'Purchase', orderId: ORDER, plan });
    reportPurchase({ event: 'Purchase', orderId: ORDER, plan });
    expect(track.mock.calls.map(([name]) => name as string)).toEqual([
      'InitiateCheckout',
      'AddPaymentInfo',
      'Purchase',
      'Subscribe',
    ]);
    const purchase = track.mock.calls.find(([name]) => name === 'Purchase');
    expect(purchase![1]).toMatchObject({ value: 4.99, currency: 'USD', order_id: ORDER });
    expect(String((purchase![1] as { event_id: string }).event_id)).toContain(ORDER);
  });
});
