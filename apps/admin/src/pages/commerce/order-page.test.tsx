import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  /** A server holding the sample order as refunded elsewhere: `state` says how much went back or is under way. */
  function serverOf(state: { refunded: number; inFlight: number }) {
    const paid = order();
    const left = () => 899 - state.refunded - state.inFlight;
    const calls = mockApi(({ url, method }): Reply | undefined => {
      const path = url.split('?')[0];
      if (path === `/api/admin/orders/${paid.id}/refund-preview`) {
        const asked = new URLSearchParams(url.split('?')[1] ?? '').get('amount');
        const amount = asked === null ? left() : Number(asked);
        if (amount > left())
          return {
            code: 422,
            message: 'Please check the highlighted fields.',
            fields: { amount: `At most ${(left() / 100).toFixed(2)} USD is left to refund.` },
          };
        return {
          code: 200,
          data: { ...previewOf(paid, amount), refunded: state.refunded, inFlight: state.inFlight, refundable: left() },
        };
      }
      if (url === `/api/admin/orders/${paid.id}/refund` && method === 'POST')
        return state.inFlight
          ? { code: 409, reason: 'refund_under_way', message: 'A refund of this order is already under way.' }
          : { code: 200, data: paid };
      if (url === `/api/admin/orders/${paid.id}`) return { code: 200, data: order({ refundedAmount: state.refunded }) };
      return undefined;
    });
    return { paid, calls };
  }

  it('shows the server’s one figure of what is left in a tab older than a refund made elsewhere, and the field’s error for an amount it refuses', async () => {
    const state = { refunded: 0, inFlight: 0 };
    const { paid } = serverOf(state);
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '1,000 coins · $8.99' })).toBeTruthy();
    // Another tab refunds $3.00 after this one read the order.
    state.refunded = 300;

    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(await within(dialog).findByText('$5.99 left to refund')).toBeTruthy();
    expect(dialog.textContent).toContain('already refunded $3.00');
    expect(dialog.textContent).not.toMatch(/\$8\.99 (left|is left)/);
    const amount = within(dialog).getByLabelText('Amount to refund') as HTMLInputElement;
    expect(amount.value).toBe('5.99');
    expect(within(dialog).getByText(/^Up to \$5\.99\./)).toBeTruthy();
    expect(await within(dialog).findByText(/This refund takes back/)).toBeTruthy();
    // The page behind the dialog is read again too.
    expect(await screen.findByText('partially refunded')).toBeTruthy();

    // More than is left, then not an amount: the field says so, and nothing stays "working out".
    fireEvent.change(amount, { target: { value: '8.99' } });
    expect(within(dialog).getByText('At most $5.99 is left to refund.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refund $8.99' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(amount, { target: { value: 'abc' } });
    expect(within(dialog).getByText('Enter an amount such as 4.99.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(within(dialog).queryByText(/Working out/)).toBeNull();
    expect(within(dialog).getByText('Enter an amount such as 4.99.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '2' } });
    expect(await within(dialog).findByRole('button', { name: 'Refund $2.00' })).toBeTruthy();
    expect(await within(dialog).findByText(/This refund takes back 222 coins/)).toBeTruthy();
    expect(within(dialog).queryByText(/Working out/)).toBeNull();
  }, 20_000);

  it('reads what is left again when the server refuses the refund because the order changed meanwhile', async () => {
    const state = { refunded: 0, inFlight: 0 };
    const { paid, calls } = serverOf(state);
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(await within(dialog).findByText('$8.99 left to refund')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bought by mistake' } });
    const button = await within(dialog).findByRole('button', { name: 'Refund $8.99' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    // Another operator starts refunding all of it.
    state.inFlight = 899;
    const previews = calls.filter((c) => c.url.includes('/refund-preview')).length;
    fireEvent.click(button);

    expect(await within(dialog).findByText('A refund of this order is already under way.')).toBeTruthy();
    expect(await within(dialog).findByText('$0.00 left to refund')).toBeTruthy();
    expect(dialog.textContent).toContain('$8.99 being refunded now');
    expect(within(dialog).getByText('Nothing is left to refund on this order.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/refund-preview')).length).toBeGreaterThan(previews);
    expect(within(dialog).queryByText(/Working out/)).toBeNull();
  }, 20_000);

  it('asks under a new request id once the server says the id went with another amount', async () => {
    const paid = order();
    let posts = 0;
    const calls = mockApi(({ url, method }): Reply | undefined => {
      const path = url.split('?')[0];
      if (path === `/api/admin/orders/${paid.id}/refund-preview`)
        return { code: 200, data: { ...previewOf(paid, 899), refunded: 0, inFlight: 0, refundable: 899 } };
      if (url === `/api/admin/orders/${paid.id}/refund` && method === 'POST')
        return ++posts === 1
          ? {
              code: 409,
              reason: 'already_used',
              message: 'This refund request was already used for another amount: reload and try again.',
            }
          : { code: 200, data: paid };
      if (url === `/api/admin/orders/${paid.id}`) return { code: 200, data: paid };
      return undefined;
    });
    renderConsole(`/admin/commerce/orders/${paid.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    fireEvent.change(await within(dialog).findByLabelText('Reason'), { target: { value: 'Bought by mistake' } });
    const button = await within(dialog).findByRole('button', { name: 'Refund $8.99' });
    await waitFor(() => {
      expect(button.hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(button);
    expect(await within(dialog).findByText(/already used for another amount/)).toBeTruthy();
    await waitFor(() => {
      expect(within(dialog).getByRole('button', { name: 'Refund $8.99' }).hasAttribute('disabled')).toBe(false);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $8.99' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const ids = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  }, 20_000);

  it('shows the email a guest gave for the receipt', async () => {
    const guestOrder = order({
      user: { id: '5a1e0c44-0000-4000-8000-00000000beef', email: null, isGuest: true },
      buyerEmail: 'receipt.only@guest.test',
    });
    mockApi(({ url }) => (url === `/api/admin/orders/${guestOrder.id}` ? { code: 200, data: guestOrder } : undefined));
    renderConsole(`/admin/commerce/orders/${guestOrder.id}`);
    const label = await screen.findByText('Receipt email');
    expect(label.nextElementSibling?.textContent).toBe('receipt.only@guest.test (given at checkout, not verified)');
    expect(screen.getByRole('link', { name: 'Guest account' })).toBeTruthy();
  });

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
