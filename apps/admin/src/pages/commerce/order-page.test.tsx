import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, AdminRefund, AdminRefundPreview } from '@episodic/contract';
import { mockApi, renderConsole, type Reply } from '../../testing/console-test';
import { order } from '../../testing/samples';
import { minorUnits } from './refund-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const succeeded = (over: Partial<AdminRefund>): AdminRefund => ({
  status: 'succeeded',
  amount: 899,
  reason: 'Bought by mistake',
  by: 'ops@episodic.test',
  error: null,
  coinsReversed: 0,
  coinsShort: 0,
  rewardCoinsReversed: 0,
  rewardCoinsShort: 0,
  membershipEndsAt: null,
  unlocksRevoked: 0,
  createdAt: '2026-11-02T11:00:00.000Z',
  completedAt: '2026-11-02T11:00:01.000Z',
  ...over,
});

/** The preview of the sample order (899, 1,100 coins, 100 spent on two episodes) for an amount. */
function previewOf(paid: AdminOrder, amount: number): AdminRefundPreview {
  const share = amount / 899;
  return {
    orderId: paid.id,
    kind: 'coins',
    currency: 'USD',
    paid: 899,
    refunded: 0,
    inFlight: 0,
    refundable: 899,
    amount,
    coins: {
      granted: 1100,
      rewardGranted: 0,
      takenBack: 0,
      left: 1000,
      spent: 100,
      toTakeBack: Math.floor(1000 * share),
      toTakeBackShort: Math.floor(100 * share),
      balance: 1000,
      spentOn: [
        {
          episodeId: 12,
          seriesId: 3,
          seriesTitle: 'Midnight Heiress',
          episodeNumber: 3,
          episodeIds: [12],
          coins: 50,
          at: '2026-11-02T10:05:00.000Z',
          held: true,
        },
        {
          episodeId: 13,
          seriesId: 3,
          seriesTitle: 'Midnight Heiress',
          episodeNumber: 4,
          episodeIds: [13],
          coins: 50,
          at: '2026-11-02T10:06:00.000Z',
          held: true,
        },
      ],
    },
    membership: null,
  };
}

describe('refund dialog', () => {
  it('reads amounts as minor units, refusing what is not money', () => {
    expect(minorUnits('3')).toBe(300);
    expect(minorUnits('$4.99')).toBe(499);
    expect(minorUnits('0.1')).toBe(10);
    expect(minorUnits('4.999')).toBeNull();
    expect(minorUnits('-1')).toBeNull();
    expect(minorUnits('abc')).toBeNull();
  });

  it('shows coins left and spent (on what) before confirming, refunds in part with the unlocks, and shows the order partly refunded', async () => {
    const paid = order();
    let current = paid;
    const calls = mockApi(({ url, method, body }): Reply | undefined => {
      const path = url.split('?')[0];
      if (path === `/api/admin/orders/${paid.id}/refund-preview`) {
        const amount = Number(new URLSearchParams(url.split('?')[1] ?? '').get('amount') ?? 899);
        if (amount > 899)
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { amount: 'At most 8.99 USD is left to refund.' },
          };
        return { code: 200, data: previewOf(paid, amount) };
      }
      if (url === `/api/admin/orders/${paid.id}/refund` && method === 'POST') {
        const input = body as { reason: string; amount: number };
        if (!input.reason.trim())
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { reason: 'Say why the order is refunded (the buyer may ask).' },
          };
        const made = succeeded({ amount: input.amount, coinsReversed: 333, coinsShort: 33, unlocksRevoked: 2 });
        current = order({ refundedAmount: input.amount, refund: made, refunds: [made] });
        return { code: 200, data: current };
      }
      if (url === `/api/admin/orders/${paid.id}`) return { code: 200, data: current };
      return undefined;
    });
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '1,000 coins · $8.99' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    const coins = await within(dialog).findByRole('region', { name: 'Coins' });
    expect(within(coins).getByText('1,100')).toBeTruthy();
    expect(within(coins).getByText('1,000')).toBeTruthy();
    expect(within(coins).getByText('100')).toBeTruthy();
    expect(within(coins).getAllByText('Midnight Heiress')).toHaveLength(2);
    expect(within(coins).getByText(/episode 3/)).toBeTruthy();
    expect(within(coins).getByText(/This refund takes back 1,000 coins; 100 more were already spent/)).toBeTruthy();

    // Too much: the field says so, and the button is off.
    const amount = within(dialog).getByLabelText('Amount to refund');
    fireEvent.change(amount, { target: { value: '9.50' } });
    expect(within(dialog).getByText('At most $8.99 is left to refund.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refund $9.50' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(amount, { target: { value: '3' } });
    expect(await within(dialog).findByText(/This refund takes back 333 coins; 33 more/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Also take away the 2 unlocked episodes/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $3.00' }));
    expect(await within(dialog).findByText('Say why the order is refunded (the buyer may ask).')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bought by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $3.00' }));
    expect(await screen.findByText('partially refunded')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('333 (33 already spent)')).toBeTruthy();
    expect(screen.getByText('Unlocks taken away')).toBeTruthy();
    // Still refundable: the rest is left.
    expect(screen.getByRole('button', { name: 'Refund…' })).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({ reason: 'Bought by mistake', amount: 300, revokeUnlocks: true });
    // One request id for the dialog: a repeated submit is one refund.
    expect(posts[1]!.requestId).toBe(posts[0]!.requestId);
  }, 20_000);

  it('says what happens to a membership', async () => {
    const paid = order({ kind: 'membership', planName: 'Weekly', amount: 499 });
    mockApi(({ url }) => {
      if (url.startsWith(`/api/admin/orders/${paid.id}/refund-preview`))
        return {
          code: 200,
          data: {
            ...previewOf(paid, 499),
            kind: 'membership',
            coins: null,
            membership: {
              active: true,
              endsAt: '2026-11-09T10:01:00.000Z',
              autoRenew: true,
              endsAfterRefund: '2026-11-02T12:00:00.000Z',
            },
          },
        };
      if (url === `/api/admin/orders/${paid.id}`) return { code: 200, data: paid };
      return undefined;
    });
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const panel = await screen.findByRole('region', { name: 'Membership' });
    expect(within(panel).getByText(/Active until November 9, 2026, renews automatically/)).toBeTruthy();
    expect(within(panel).getByText(/access ends .* and it will not renew/)).toBeTruthy();
  });
});
