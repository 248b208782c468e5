import type { Order } from '@episodic/contract';
import { i18n } from '../shared/i18n/i18n';

/** Runs a check with the interface in another language, then switches back to English. */
export async function inLanguage(language: string, check: () => void): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    check();
  } finally {
    await i18n.changeLanguage('en');
  }
}

export const SAMPLE_ORDER_ID = '6b1d3c2e-0c57-4c8e-9d61-5a2f4f1c9e11';

/** A coin-pack order as `GET /api/payment/order` answers it, in the given status. */
export function coinOrder(status: Order['status'], more: Partial<Order> = {}): Order {
  return {
    id: SAMPLE_ORDER_ID,
    planId: 'coins-300',
    planName: '300 coins',
    kind: 'coins',
    purpose: 'purchase',
    amount: 299,
    currency: 'USD',
    status,
    failureReason: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    paidAt: status === 'paid' ? '2026-11-22T10:01:00.000Z' : null,
    renewalDays: null,
    coins: 300,
    bonusCoins: 0,
    renewsAt: null,
    ...more,
  };
}

/** A monthly membership order as `GET /api/payment/order` answers it, first renewing on 26 December 2026. */
export function membershipOrder(status: Order['status'], more: Partial<Order> = {}): Order {
  return coinOrder(status, {
    planId: 'monthly',
    planName: 'Monthly',
    kind: 'membership',
    amount: 499,
    renewalDays: 30,
    coins: 0,
    renewsAt: status === 'paid' ? null : '2026-12-26T12:00:00.000Z',
    ...more,
  });
}
